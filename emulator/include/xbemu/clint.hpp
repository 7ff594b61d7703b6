#pragma once
// The core-local interruptor at 0x2000000 (SiFive layout, as on Spike and QEMU virt):
// msip per hart at +0, mtimecmp per hart at +0x4000, mtime at +0xbff8.

#include "xbemu/mmio_device.hpp"

#include <vector>

namespace xbemu {

class Hart;

class Clint final : public MmioDevice {
public:
    static constexpr std::uint64_t kBase = 0x2000000;
    explicit Clint(std::vector<Hart*> harts) : harts_(std::move(harts)) {}

    std::string_view name() const override { return "clint"; }
    std::uint64_t base() const override { return kBase; }
    std::uint64_t size() const override { return 0x10000; }
    std::optional<std::uint64_t> read(std::uint64_t offset, unsigned size) override;
    bool write(std::uint64_t offset, unsigned size, std::uint64_t value) override;

private:
    std::vector<Hart*> harts_;
};

} // namespace xbemu
