#include "xbemu/clint.hpp"

#include "xbemu/hart.hpp"

namespace xbemu {

namespace {

constexpr std::uint64_t kMsip = 0x0;
constexpr std::uint64_t kMtimecmp = 0x4000;
constexpr std::uint64_t kMtime = 0xbff8;

// A 4- or 8-byte access to one half or all of a 64-bit register at `base`.
std::optional<unsigned> word_shift(std::uint64_t offset, unsigned size, std::uint64_t base) {
    if (size == 8 && offset == base) {
        return 0;
    }
    if (size == 4 && (offset == base || offset == base + 4)) {
        return static_cast<unsigned>((offset - base) * 8);
    }
    return std::nullopt;
}

std::uint64_t merge(std::uint64_t old, std::uint64_t value, unsigned size, unsigned shift) {
    if (size == 8) {
        return value;
    }
    const std::uint64_t mask = 0xffffffffULL << shift;
    return (old & ~mask) | ((value << shift) & mask);
}

} // namespace

std::optional<std::uint64_t> Clint::read(std::uint64_t offset, unsigned size) {
    if (offset < kMtimecmp) {
        const std::uint64_t index = (offset - kMsip) / 4;
        if (size != 4 || offset % 4 != 0 || index >= harts_.size()) {
            return std::nullopt;
        }
        return harts_[index]->software_interrupt_pending() ? 1 : 0;
    }
    if (offset >= kMtime) {
        const auto shift = word_shift(offset, size, kMtime);
        if (!shift) {
            return std::nullopt;
        }
        const std::uint64_t value = harts_.front()->mtime() >> *shift;
        return size == 4 ? value & 0xffffffffULL : value;
    }
    const std::uint64_t index = (offset - kMtimecmp) / 8;
    if (index >= harts_.size()) {
        return std::nullopt;
    }
    const auto shift = word_shift(offset, size, kMtimecmp + index * 8);
    if (!shift) {
        return std::nullopt;
    }
    const std::uint64_t value = harts_[index]->mtimecmp() >> *shift;
    return size == 4 ? value & 0xffffffffULL : value;
}

bool Clint::write(std::uint64_t offset, unsigned size, std::uint64_t value) {
    if (offset < kMtimecmp) {
        const std::uint64_t index = (offset - kMsip) / 4;
        if (size != 4 || offset % 4 != 0 || index >= harts_.size()) {
            return false;
        }
        harts_[index]->set_software_interrupt_pending((value & 1U) != 0);
        return true;
    }
    if (offset >= kMtime) {
        const auto shift = word_shift(offset, size, kMtime);
        if (!shift) {
            return false;
        }
        const std::uint64_t updated = merge(harts_.front()->mtime(), value, size, *shift);
        for (Hart* hart : harts_) {
            hart->set_mtime(updated);
        }
        return true;
    }
    const std::uint64_t index = (offset - kMtimecmp) / 8;
    if (index >= harts_.size()) {
        return false;
    }
    const auto shift = word_shift(offset, size, kMtimecmp + index * 8);
    if (!shift) {
        return false;
    }
    harts_[index]->set_mtimecmp(merge(harts_[index]->mtimecmp(), value, size, *shift));
    return true;
}

} // namespace xbemu
