#pragma once
// Remote memory under mpirun when a rank's PEs run on a pool of host threads: PeerMemory's
// accesses, and for each direct write into the RAM of a PE of another rank of this node a report
// (MpiRamWriteReports) that wakes that PE if it sleeps until its RAM is written. Writes through
// the one-sided channel are reported by their target once complete (MpiWriteNotices): reported
// here, a posted put would wake its PE before it lands. A layer of its own, so that one
// process's remote stores, which PeerMemory serves, pay nothing for it.

#include "mpi/mpi_ram_write_reports.hpp"
#include "xbemu/transport/peer_memory.hpp"

#include <cstdint>

namespace xbemu {

class MpiReportingPeerMemory final : public RemoteMemory {
public:
    // Both outlive this.
    MpiReportingPeerMemory(PeerMemory& peers, MpiRamWriteReports& reports, std::uint64_t ram_size)
        : RemoteMemory(peers.pe_count(), ram_size), peers_(peers), reports_(reports) {}

    void read(unsigned pe, std::uint64_t address, void* destination, unsigned size) override {
        peers_.read(pe, address, destination, size);
    }
    void write(unsigned pe, std::uint64_t address, const void* source, unsigned size) override {
        peers_.write(pe, address, source, size);
        report(pe);
    }
    std::uint64_t fetch_and_op(unsigned pe, std::uint64_t address, unsigned size,
                               RemoteAtomic operation, std::uint64_t operand) override {
        const std::uint64_t old = peers_.fetch_and_op(pe, address, size, operation, operand);
        report(pe);
        return old;
    }
    std::uint64_t compare_and_swap(unsigned pe, std::uint64_t address, unsigned size,
                                   std::uint64_t expected, std::uint64_t desired) override {
        const std::uint64_t old = peers_.compare_and_swap(pe, address, size, expected, desired);
        report(pe);
        return old;
    }
    void complete() override { peers_.complete(); }

    using RemoteMemory::compare_and_swap;

private:
    void report(unsigned pe) {
        if (peers_.mapped(pe) && !peers_.runs_here(pe)) {
            reports_.written(pe);
        }
    }

    PeerMemory& peers_;
    MpiRamWriteReports& reports_;
};

} // namespace xbemu
