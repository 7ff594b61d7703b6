#pragma once
// Guest memory of other PEs. A PE whose RAM is mapped into this process (another PE of the same
// process, or an MPI rank on the same node through a shared window) is read and written
// directly, with host atomics; the others go through a transport's one-sided channel.
// Addresses are guest physical addresses; every PE's RAM has the same base and size, and the
// caller checks that an access lies inside it.

#include "xbemu/guest_ram.hpp"
#include "xbemu/remote_atomic.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace xbemu {

// One-sided access to PEs whose RAM is not mapped here (MPI RMA). `offset` is from the RAM base.
class OneSidedChannel {
public:
    OneSidedChannel() = default;
    OneSidedChannel(const OneSidedChannel&) = delete;
    OneSidedChannel& operator=(const OneSidedChannel&) = delete;
    virtual ~OneSidedChannel() = default;

    virtual void get(unsigned pe, std::uint64_t offset, void* destination, std::size_t size) = 0;
    // May complete later; complete() waits for every put issued before it.
    virtual void put(unsigned pe, std::uint64_t offset, const void* source, std::size_t size) = 0;
    // Atomic with respect to every other atomic of the channel on the same location; returns
    // the old value.
    virtual std::uint64_t fetch_and_op(unsigned pe, std::uint64_t offset, unsigned size,
                                       RemoteAtomic operation, std::uint64_t operand) = 0;
    virtual std::uint64_t compare_and_swap(unsigned pe, std::uint64_t offset, unsigned size,
                                           std::uint64_t expected, std::uint64_t desired) = 0;
    virtual void complete() = 0;
};

class PeerMemory {
public:
    PeerMemory(unsigned pe_count, std::uint64_t ram_size)
        : ram_size_(ram_size), mapped_(pe_count, nullptr) {}

    unsigned pe_count() const { return static_cast<unsigned>(mapped_.size()); }
    bool contains(std::uint64_t address, unsigned size) const {
        const std::uint64_t offset = address - kRamBase;
        return offset < ram_size_ && size <= ram_size_ - offset;
    }

    // The RAM of `pe` is at `host` in this process.
    void map(unsigned pe, std::byte* host) { mapped_.at(pe) = host; }
    // Unmapped PEs go through `channel`; with `all_atomics`, so do the atomics on mapped PEs
    // (so that they stay atomic with respect to the channel's atomics from other nodes).
    void set_channel(OneSidedChannel* channel, bool all_atomics) {
        channel_ = channel;
        atomics_through_channel_ = all_atomics;
    }

    template <typename T> T load(unsigned pe, std::uint64_t address) {
        T value;
        if (std::byte* host = mapped_[pe]) [[likely]] {
            std::memcpy(&value, host + (address - kRamBase), sizeof(T));
        } else {
            channel_->get(pe, address - kRamBase, &value, sizeof(T));
        }
        return value;
    }

    template <typename T> void store(unsigned pe, std::uint64_t address, T value) {
        if (std::byte* host = mapped_[pe]) [[likely]] {
            std::memcpy(host + (address - kRamBase), &value, sizeof(T));
        } else {
            channel_->put(pe, address - kRamBase, &value, sizeof(T));
        }
    }

    // Naturally aligned 4- or 8-byte atomics; they return the old value.
    template <typename T>
    T atomic(unsigned pe, std::uint64_t address, RemoteAtomic operation, T operand) {
        std::byte* host = mapped_[pe];
        if (host == nullptr || atomics_through_channel_) {
            return static_cast<T>(
                channel_->fetch_and_op(pe, address - kRamBase, sizeof(T), operation, operand));
        }
        std::atomic_ref<T> cell(*reinterpret_cast<T*>(host + (address - kRamBase)));
        T old = cell.load(std::memory_order_relaxed);
        while (!cell.compare_exchange_weak(old, apply_remote_atomic(operation, old, operand),
                                           std::memory_order_seq_cst)) {
        }
        return old;
    }

    template <typename T>
    T compare_and_swap(unsigned pe, std::uint64_t address, T expected, T desired) {
        std::byte* host = mapped_[pe];
        if (host == nullptr || atomics_through_channel_) {
            return static_cast<T>(
                channel_->compare_and_swap(pe, address - kRamBase, sizeof(T), expected, desired));
        }
        std::atomic_ref<T>(*reinterpret_cast<T*>(host + (address - kRamBase)))
            .compare_exchange_strong(expected, desired, std::memory_order_seq_cst);
        return expected;
    }

    // Completes every remote store issued so far (FENCE).
    void complete() {
        if (channel_ != nullptr) {
            channel_->complete();
        }
        std::atomic_thread_fence(std::memory_order_seq_cst);
    }

private:
    std::uint64_t ram_size_;
    std::vector<std::byte*> mapped_;
    OneSidedChannel* channel_ = nullptr;
    bool atomics_through_channel_ = false;
};

} // namespace xbemu
