#pragma once
// A memory-mapped device on a PE's bus.

#include <cstdint>
#include <optional>
#include <string_view>

namespace xbemu {

class CheckpointWriter;
class CheckpointReader;

class MmioDevice {
public:
    MmioDevice() = default;
    MmioDevice(const MmioDevice&) = delete;
    MmioDevice& operator=(const MmioDevice&) = delete;
    virtual ~MmioDevice() = default;

    virtual std::string_view name() const = 0;
    virtual std::uint64_t base() const = 0;
    virtual std::uint64_t size() const = 0;
    // nullopt: no register of that size at that offset (the hart raises an access fault).
    virtual std::optional<std::uint64_t> read(std::uint64_t offset, unsigned size) = 0;
    // false: no register of that size at that offset.
    virtual bool write(std::uint64_t offset, unsigned size, std::uint64_t value) = 0;

    // --checkpoint, --restore: the device's own state (none by default: the CLINT's registers are
    // the hart's, the test finisher has none).
    virtual void save_checkpoint(CheckpointWriter& /*out*/) const {}
    virtual void restore_checkpoint(CheckpointReader& /*in*/) {}
};

} // namespace xbemu
