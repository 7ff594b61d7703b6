#include "xbemu/pmp.hpp"

#include <bit>

namespace xbemu {

namespace {

constexpr std::uint8_t kRead = 1U << 0;
constexpr std::uint8_t kWrite = 1U << 1;
constexpr std::uint8_t kAddressMatching = 3U << 3;
constexpr std::uint8_t kLock = 1U << 7;
// Bits 6:5 are reserved and read as zero.
constexpr std::uint8_t kWritableConfig = 0x9f;

constexpr unsigned kTopOfRange = 1;
constexpr unsigned kNaturallyAligned4 = 2;
constexpr unsigned kNaturallyAlignedPowerOfTwo = 3;

// pmpaddr holds bits 55:2 of a 56-bit physical address.
constexpr unsigned kAddressBits = 54;
constexpr std::uint64_t kAddressMask = (1ULL << kAddressBits) - 1;

constexpr unsigned kEntriesPerConfigRegister = 8;

unsigned matching_mode(std::uint8_t config) {
    return (config & kAddressMatching) >> 3;
}

} // namespace

std::uint64_t PhysicalMemoryProtection::read_config(unsigned index) const {
    const unsigned first = index / 2 * kEntriesPerConfigRegister;
    if (index % 2 != 0 || first >= kEntries) {
        return 0;
    }
    std::uint64_t value = 0;
    for (unsigned byte = 0; byte < kEntriesPerConfigRegister; ++byte) {
        value |= static_cast<std::uint64_t>(config_[first + byte]) << (8 * byte);
    }
    return value;
}

void PhysicalMemoryProtection::write_config(unsigned index, std::uint64_t value) {
    const unsigned first = index / 2 * kEntriesPerConfigRegister;
    if (index % 2 != 0 || first >= kEntries) {
        return;
    }
    for (unsigned byte = 0; byte < kEntriesPerConfigRegister; ++byte) {
        const unsigned entry = first + byte;
        if (locked(entry)) {
            continue;
        }
        auto config = static_cast<std::uint8_t>((value >> (8 * byte)) & kWritableConfig);
        // W without R is reserved; like Spike, the entry keeps neither.
        if ((config & kRead) == 0) {
            config &= static_cast<std::uint8_t>(~kWrite);
        }
        config_[entry] = config;
    }
}

std::uint64_t PhysicalMemoryProtection::read_address(unsigned index) const {
    return index < kEntries ? address_[index] : 0;
}

void PhysicalMemoryProtection::write_address(unsigned index, std::uint64_t value) {
    if (index >= kEntries || locked(index)) {
        return;
    }
    // A locked TOR entry also locks the address register below it, its lower bound.
    if (index + 1 < kEntries && locked(index + 1) &&
        matching_mode(config_[index + 1]) == kTopOfRange) {
        return;
    }
    address_[index] = value & kAddressMask;
}

bool PhysicalMemoryProtection::active(unsigned entry) const {
    return matching_mode(config_[entry]) != 0;
}

bool PhysicalMemoryProtection::locked(unsigned entry) const {
    return (config_[entry] & kLock) != 0;
}

PhysicalMemoryProtection::Region PhysicalMemoryProtection::region(unsigned entry) const {
    const std::uint64_t address = address_[entry];
    switch (matching_mode(config_[entry])) {
    case kTopOfRange: {
        const std::uint64_t begin = entry == 0 ? 0 : address_[entry - 1] << 2;
        const std::uint64_t end = address << 2;
        return begin < end ? Region{begin, end} : Region{};
    }
    case kNaturallyAligned4:
        return {address << 2, (address << 2) + 4};
    case kNaturallyAlignedPowerOfTwo: {
        // yyyy...y0111: the trailing ones give the size, 2^(ones + 3) bytes.
        const unsigned ones = static_cast<unsigned>(std::countr_one(address));
        const std::uint64_t words = ones >= kAddressBits ? 1ULL << kAddressBits : 2ULL << ones;
        const std::uint64_t begin = (address & ~(words - 1)) << 2;
        return {begin, begin + (words << 2)};
    }
    default:
        return {};
    }
}

bool PhysicalMemoryProtection::permits(unsigned entry, MemoryAccess access,
                                       bool machine_mode) const {
    if (machine_mode && !locked(entry)) {
        return true;
    }
    return (config_[entry] & static_cast<std::uint8_t>(access)) != 0;
}

bool PhysicalMemoryProtection::allows(std::uint64_t address, std::uint64_t size,
                                      MemoryAccess access, bool machine_mode) const {
    for (unsigned entry = 0; entry < kEntries; ++entry) {
        if (!active(entry)) {
            continue;
        }
        const Region covered = region(entry);
        const bool starts_inside = address >= covered.begin && address < covered.end;
        const bool reaches_in = address < covered.begin && covered.begin - address < size;
        if (!starts_inside && !reaches_in) {
            continue;
        }
        // Every byte of the access must lie in the entry that matches its first one.
        if (!starts_inside || size > covered.end - address) {
            return false;
        }
        return permits(entry, access, machine_mode);
    }
    return machine_mode;
}

bool PhysicalMemoryProtection::allows_everywhere(std::uint64_t base, std::uint64_t size,
                                                 MemoryAccess access, bool machine_mode) const {
    const std::uint64_t end = base + size;
    for (unsigned entry = 0; entry < kEntries; ++entry) {
        if (!active(entry)) {
            continue;
        }
        const Region covered = region(entry);
        if (covered.end <= base || covered.begin >= end) {
            continue;
        }
        if (covered.begin <= base && covered.end >= end) {
            return permits(entry, access, machine_mode);
        }
        // Part of the range is decided here. An unlocked entry grants M-mode everything, so for
        // M-mode it only hands the rest of the range to later entries; otherwise the answer
        // differs inside and outside it.
        if (!machine_mode || locked(entry)) {
            return false;
        }
    }
    return machine_mode;
}

} // namespace xbemu
