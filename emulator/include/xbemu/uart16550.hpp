#pragma once
// The console UART of QEMU's virt machine (NS16550A at 0x10000000), output side: bytes written
// to the transmit register go to the PE's standard output. It has no input: the line status
// register never reports received data.

#include "xbemu/mmio_device.hpp"

#include <array>
#include <cstdio>

namespace xbemu {

class Uart16550 final : public MmioDevice {
public:
    static constexpr std::uint64_t kBase = 0x10000000;
    explicit Uart16550(std::FILE* output) : output_(output) {}

    std::string_view name() const override { return "uart16550"; }
    std::uint64_t base() const override { return kBase; }
    std::uint64_t size() const override { return 0x100; }
    std::optional<std::uint64_t> read(std::uint64_t offset, unsigned size) override;
    bool write(std::uint64_t offset, unsigned size, std::uint64_t value) override;
    // Its configuration registers and divisor latch, which a guest reads back.
    void save_checkpoint(CheckpointWriter& out) const override;
    void restore_checkpoint(CheckpointReader& in) override;

private:
    std::FILE* output_;
    std::array<std::uint8_t, 8> registers_{};
    std::uint8_t divisor_low_ = 0;
    std::uint8_t divisor_high_ = 0;
};

} // namespace xbemu
