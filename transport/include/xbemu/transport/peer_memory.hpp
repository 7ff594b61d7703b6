#pragma once
// Guest memory of other PEs in the functional timing mode. A PE whose RAM is mapped into this
// process (another PE of the same process, or an MPI rank on the same node through a shared
// window) is read and written directly, with host atomics; the others go through a transport's
// one-sided channel.

#include "xbemu/copy_access.hpp"
#include "xbemu/hart.hpp"
#include "xbemu/remote_memory.hpp"

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

class PeerMemory final : public RemoteMemory {
public:
    PeerMemory(unsigned pe_count, std::uint64_t ram_size)
        : RemoteMemory(pe_count, ram_size), mapped_(pe_count, nullptr), harts_(pe_count, nullptr) {}

    // The RAM of `pe` is at `host` in this process; `hart`, when the PE itself runs in this
    // process, learns of writes into its decoded code.
    void map(unsigned pe, std::byte* host, Hart* hart = nullptr) {
        mapped_.at(pe) = host;
        harts_.at(pe) = hart;
    }
    // Unmapped PEs go through `channel`; with `all_atomics`, so do the atomics on mapped PEs
    // (so that they stay atomic with respect to the channel's atomics from other nodes).
    void set_channel(OneSidedChannel* channel, bool all_atomics) {
        channel_ = channel;
        atomics_through_channel_ = all_atomics;
    }
    // Whether `pe` runs in this process (mapped with its hart).
    bool runs_here(unsigned pe) const { return harts_[pe] != nullptr; }
    // Whether the RAM of `pe` is mapped here (else it is reached through the channel).
    bool mapped(unsigned pe) const { return mapped_[pe] != nullptr; }

    void read(unsigned pe, std::uint64_t address, void* destination, unsigned size) override {
        if (std::byte* host = mapped_[pe]) [[likely]] {
            copy_access(destination, host + (address - kRamBase), size);
        } else {
            channel_->get(pe, address - kRamBase, destination, size);
        }
    }

    void write(unsigned pe, std::uint64_t address, const void* source, unsigned size) override {
        if (std::byte* host = mapped_[pe]) [[likely]] {
            copy_access(host + (address - kRamBase), source, size);
            written(pe, address, size);
        } else {
            channel_->put(pe, address - kRamBase, source, size);
        }
    }

    std::uint64_t fetch_and_op(unsigned pe, std::uint64_t address, unsigned size,
                               RemoteAtomic operation, std::uint64_t operand) override {
        std::byte* host = mapped_[pe];
        if (host == nullptr || atomics_through_channel_) {
            return channel_->fetch_and_op(pe, address - kRamBase, size, operation, operand);
        }
        const std::uint64_t old =
            size == 4 ? host_atomic<std::uint32_t>(host + (address - kRamBase), operation,
                                                   static_cast<std::uint32_t>(operand))
                      : host_atomic<std::uint64_t>(host + (address - kRamBase), operation, operand);
        written(pe, address, size);
        return old;
    }

    std::uint64_t compare_and_swap(unsigned pe, std::uint64_t address, unsigned size,
                                   std::uint64_t expected, std::uint64_t desired) override {
        std::byte* host = mapped_[pe];
        if (host == nullptr || atomics_through_channel_) {
            return channel_->compare_and_swap(pe, address - kRamBase, size, expected, desired);
        }
        const std::uint64_t old =
            size == 4 ? host_compare_and_swap<std::uint32_t>(host + (address - kRamBase),
                                                             static_cast<std::uint32_t>(expected),
                                                             static_cast<std::uint32_t>(desired))
                      : host_compare_and_swap<std::uint64_t>(host + (address - kRamBase), expected,
                                                             desired);
        written(pe, address, size);
        return old;
    }

    void complete() override {
        if (channel_ != nullptr) {
            channel_->complete();
        }
        std::atomic_thread_fence(std::memory_order_seq_cst);
    }

    using RemoteMemory::compare_and_swap;

private:
    void written(unsigned pe, std::uint64_t address, unsigned size) {
        if (Hart* hart = harts_[pe]) {
            hart->ram_written_remotely(address, size);
        }
    }
    template <typename T>
    static std::uint64_t host_atomic(std::byte* location, RemoteAtomic operation, T operand) {
        std::atomic_ref<T> cell(*reinterpret_cast<T*>(location));
        T old = cell.load(std::memory_order_relaxed);
        while (!cell.compare_exchange_weak(old, apply_remote_atomic(operation, old, operand),
                                           std::memory_order_seq_cst)) {
        }
        return old;
    }
    template <typename T>
    static std::uint64_t host_compare_and_swap(std::byte* location, T expected, T desired) {
        std::atomic_ref<T>(*reinterpret_cast<T*>(location))
            .compare_exchange_strong(expected, desired, std::memory_order_seq_cst);
        return expected;
    }

    std::vector<std::byte*> mapped_;
    std::vector<Hart*> harts_;
    OneSidedChannel* channel_ = nullptr;
    bool atomics_through_channel_ = false;
};

} // namespace xbemu
