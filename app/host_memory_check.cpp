#include "host_memory_check.hpp"

#include "xbemu/guest_ram.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <sys/resource.h>

namespace xbemu {

namespace {

// Host memory an idle PE holds besides the program's loaded pages: its hart, decoder state, JIT
// context, statistics, and the few pages a guest touches to start and end. Measured as the
// growth of the maximum resident set (/usr/bin/time -f %M) from 4,096 to 16,384 PEs of a trivial
// program (bench/reduction_loop.c, CALLS 0; JIT, --host-threads 2): 86 KiB per PE, 66 KiB of it
// besides the 20 KiB of loaded pages; with half as much again for a margin. (It was 256 KiB, from
// the maximum at 4,096 PEs alone, which holds the process's own memory too: 65,536 cycle-mode
// PEs of that program asked for 19 GiB and need about 8.)
constexpr std::uint64_t kIdlePeBytes = 96ULL << 10;
// The tables a PE reserves whatever it runs (decoded-block slots of its two block caches):
// address space only, until used.
constexpr std::uint64_t kReservedPerPeBytes = 2ULL * (256ULL << 10);
// What the cycle mode adds to an idle PE, measured as kIdlePeBytes is (the cycle mode's growth
// less the functional mode's: 37 KiB per PE), with a margin: its network interface, message
// port and cache tags. A message port keeps state only for the PEs it exchanges words with
// (timing/cycle_message_port.hpp), which an idle PE has none of.
constexpr std::uint64_t kCycleIdlePeBytes = 48ULL << 10;
// The user address space of an x86-64 or AArch64 process with 4-level page tables (47 bits),
// less room for the program, its libraries and heap.
constexpr std::uint64_t kUserAddressSpace = (1ULL << 47) - (1ULL << 40);

std::uint64_t page_rounded(std::uint64_t bytes) {
    return (bytes + kPageSize - 1) / kPageSize * kPageSize;
}

// A field of /proc/meminfo in bytes, if the host has it.
std::optional<std::uint64_t> meminfo_bytes(const std::string& field) {
    std::ifstream meminfo("/proc/meminfo");
    std::string name;
    std::uint64_t kib = 0;
    std::string unit;
    while (meminfo >> name >> kib) {
        std::getline(meminfo, unit);
        if (name == field + ":") {
            return kib << 10;
        }
    }
    return std::nullopt;
}

int overcommit_policy() {
    std::ifstream file("/proc/sys/vm/overcommit_memory");
    int policy = 0;
    return file >> policy ? policy : 0;
}

std::string size_text(std::uint64_t bytes) {
    if (bytes >= (10ULL << 40)) {
        return fmt::format("{} TiB", (bytes + (1ULL << 40) - 1) >> 40);
    }
    if (bytes >= (10ULL << 30)) {
        return fmt::format("{} GiB", (bytes + (1ULL << 30) - 1) >> 30);
    }
    return fmt::format("{} MiB", (bytes + (1ULL << 20) - 1) >> 20);
}

} // namespace

void check_host_memory(const MachineConfig& config, const ElfImage& image, unsigned pes) {
    std::uint64_t loaded = 0;
    for (const ElfSegment& segment : image.segments) {
        loaded += page_rounded(segment.data.size());
    }
    // A PE's counters of remote traffic and its message port's per-peer state grow with the PEs
    // it reaches, not with the job: an idle PE has none.
    const std::uint64_t per_pe_resident =
        kIdlePeBytes + loaded +
        (config.timing == TimingMode::Cycle ? kCycleIdlePeBytes : std::uint64_t{0});
    const std::uint64_t resident = pes * per_pe_resident;
    const std::uint64_t jit =
        config.engine == EngineKind::Jit ? config.jit_cache_bytes : std::uint64_t{0};
    const std::uint64_t per_pe_reserved =
        config.memory_size + config.memory_size / kPageSize + jit + kReservedPerPeBytes;
    const std::uint64_t reserved = pes * per_pe_reserved;
    std::uint64_t address_space = kUserAddressSpace;
    rlimit limit{};
    if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
        address_space = std::min<std::uint64_t>(address_space, limit.rlim_cur);
    }
    const std::string job =
        fmt::format("{} PE{} of -m {} MiB", pes, pes == 1 ? "" : "s", config.memory_size >> 20);
    if (reserved > address_space) {
        throw std::invalid_argument(fmt::format(
            "{} need {} of host address space (guest RAM, translation caches, tables), more "
            "than the {} a process has: use fewer PEs per process or a smaller -m",
            job, size_text(reserved), size_text(address_space)));
    }
    // Under strict overcommit the host charges every mapping in full, touched or not.
    if (overcommit_policy() == 2) {
        const auto commit_limit = meminfo_bytes("CommitLimit");
        const auto committed = meminfo_bytes("Committed_AS");
        if (commit_limit && committed &&
            reserved > *commit_limit - std::min(*commit_limit, *committed)) {
            throw std::invalid_argument(fmt::format(
                "{} need {} of host memory under the host's strict overcommit "
                "(vm.overcommit_memory=2), and {} can still be committed: use fewer PEs or a "
                "smaller -m",
                job, size_text(reserved), size_text(*commit_limit - *committed)));
        }
    }
    if (const auto available = meminfo_bytes("MemAvailable"); available && resident > *available) {
        throw std::invalid_argument(fmt::format(
            "{} need about {} of host memory before the guests touch any, and only {} are "
            "available (MemAvailable): use fewer PEs per process",
            job, size_text(resident), size_text(*available)));
    }
}

} // namespace xbemu
