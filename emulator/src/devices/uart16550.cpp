#include "xbemu/uart16550.hpp"

#include "xbemu/checkpoint_stream.hpp"

namespace xbemu {

namespace {

constexpr std::uint64_t kData = 0;            // THR (write) / RBR (read); DLL when DLAB=1
constexpr std::uint64_t kInterruptEnable = 1; // IER; DLM when DLAB=1
constexpr std::uint64_t kInterruptId = 2;     // IIR (read) / FCR (write)
constexpr std::uint64_t kLineControl = 3;
constexpr std::uint64_t kLineStatus = 5;
constexpr std::uint64_t kModemStatus = 6;
constexpr std::uint8_t kDivisorLatchAccess = 0x80;
constexpr std::uint8_t kTransmitterEmpty = 0x60; // THRE | TEMT
constexpr std::uint8_t kNoInterruptPending = 0x01;
constexpr std::uint8_t kFifosEnabled = 0xc0;

} // namespace

std::optional<std::uint64_t> Uart16550::read(std::uint64_t offset, unsigned size) {
    if (size != 1 || offset >= registers_.size()) {
        return std::nullopt;
    }
    const bool divisor_latch = (registers_[kLineControl] & kDivisorLatchAccess) != 0;
    switch (offset) {
    case kData:
        return divisor_latch ? divisor_low_ : 0;
    case kInterruptEnable:
        return divisor_latch ? divisor_high_ : registers_[kInterruptEnable];
    case kInterruptId:
        return kNoInterruptPending | ((registers_[kInterruptId] & 1U) != 0 ? kFifosEnabled : 0);
    case kLineStatus:
        return kTransmitterEmpty;
    case kModemStatus:
        return 0;
    default:
        return registers_[offset];
    }
}

bool Uart16550::write(std::uint64_t offset, unsigned size, std::uint64_t value) {
    if (size != 1 || offset >= registers_.size()) {
        return false;
    }
    const auto byte = static_cast<std::uint8_t>(value);
    const bool divisor_latch = (registers_[kLineControl] & kDivisorLatchAccess) != 0;
    if (offset == kData && !divisor_latch) {
        std::fputc(byte, output_);
        if (byte == '\n') {
            std::fflush(output_);
        }
    } else if (offset == kData) {
        divisor_low_ = byte;
    } else if (offset == kInterruptEnable && divisor_latch) {
        divisor_high_ = byte;
    } else if (offset != kLineStatus) {
        registers_[offset] = byte;
    }
    return true;
}

void Uart16550::save_checkpoint(CheckpointWriter& out) const {
    for (const std::uint8_t value : registers_) {
        out.u8(value);
    }
    out.u8(divisor_low_);
    out.u8(divisor_high_);
}

void Uart16550::restore_checkpoint(CheckpointReader& in) {
    for (std::uint8_t& value : registers_) {
        value = in.u8();
    }
    divisor_low_ = in.u8();
    divisor_high_ = in.u8();
}

} // namespace xbemu
