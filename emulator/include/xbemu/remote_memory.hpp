#pragma once
// What a PE sees of the other PEs' guest memory when remote accesses take effect at once (the
// functional timing mode). The PE-to-PE layer (transport/) implements it: mapped RAM in this
// process or on this node, one-sided MPI for the rest. Addresses are guest physical addresses;
// every PE's RAM has the same base and size, and callers check contains() first.

#include "xbemu/guest_ram.hpp"
#include "xbemu/remote_atomic.hpp"

#include <cstdint>

namespace xbemu {

class RemoteMemory {
public:
    RemoteMemory(unsigned pe_count, std::uint64_t ram_size)
        : pe_count_(pe_count), ram_size_(ram_size) {}
    RemoteMemory(const RemoteMemory&) = delete;
    RemoteMemory& operator=(const RemoteMemory&) = delete;
    virtual ~RemoteMemory() = default;

    unsigned pe_count() const { return pe_count_; }
    bool contains(std::uint64_t address, unsigned size) const {
        const std::uint64_t offset = address - kRamBase;
        return offset < ram_size_ && size <= ram_size_ - offset;
    }

    virtual void read(unsigned pe, std::uint64_t address, void* destination, unsigned size) = 0;
    // May complete later: complete() waits for every write issued before it.
    virtual void write(unsigned pe, std::uint64_t address, const void* source, unsigned size) = 0;
    // Naturally aligned 4- or 8-byte atomics, atomic with respect to every other PE's; they
    // return the old value.
    virtual std::uint64_t fetch_and_op(unsigned pe, std::uint64_t address, unsigned size,
                                       RemoteAtomic operation, std::uint64_t operand) = 0;
    virtual std::uint64_t compare_and_swap(unsigned pe, std::uint64_t address, unsigned size,
                                           std::uint64_t expected, std::uint64_t desired) = 0;
    // Completes every remote write issued so far (FENCE).
    virtual void complete() = 0;

    template <typename T> T load(unsigned pe, std::uint64_t address) {
        T value;
        read(pe, address, &value, sizeof(T));
        return value;
    }
    template <typename T> void store(unsigned pe, std::uint64_t address, T value) {
        write(pe, address, &value, sizeof(T));
    }
    template <typename T>
    T atomic(unsigned pe, std::uint64_t address, RemoteAtomic operation, T operand) {
        return static_cast<T>(fetch_and_op(pe, address, sizeof(T), operation, operand));
    }
    template <typename T>
    T compare_and_swap(unsigned pe, std::uint64_t address, T expected, T desired) {
        return static_cast<T>(compare_and_swap(pe, address, sizeof(T), expected, desired));
    }

private:
    unsigned pe_count_;
    std::uint64_t ram_size_;
};

} // namespace xbemu
