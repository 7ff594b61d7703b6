#pragma once
// QEMU virt's "sifive_test" finisher at 0x100000: writing 0x5555 stops with status 0, 0x3333
// with status (value >> 16), 0x7777 (reset) stops with a message.

#include "xbemu/mmio_device.hpp"

#include <functional>

namespace xbemu {

class TestFinisher final : public MmioDevice {
public:
    static constexpr std::uint64_t kBase = 0x100000;
    // Called with the exit status the guest asked for.
    explicit TestFinisher(std::function<void(int)> stop) : stop_(std::move(stop)) {}

    std::string_view name() const override { return "test-finisher"; }
    std::uint64_t base() const override { return kBase; }
    std::uint64_t size() const override { return 0x1000; }
    std::optional<std::uint64_t> read(std::uint64_t offset, unsigned size) override;
    bool write(std::uint64_t offset, unsigned size, std::uint64_t value) override;

private:
    std::function<void(int)> stop_;
};

} // namespace xbemu
