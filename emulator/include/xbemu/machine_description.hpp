#pragma once
// The simulated machine's timing parameters: core latencies by timing class, the store buffer,
// the remote memory service time, the caches and DRAM, the network between PEs and the PIMP FIFO
// depths. Built-in
// defaults model the PIMP paper's in-order 5-stage core; a JSON file (--machine) overrides any
// of them, and --print-machine shows the effective description.

#include "xbemu/decoder/instruction_descriptor.hpp"
#include "xbemu/memory_hierarchy_config.hpp"
#include "xbemu/netsim/network_config.hpp"

#include <array>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace xbemu {

enum class TimingMode : std::uint8_t {
    Functional, // one cycle per instruction, PEs run free (fastest)
    Cycle,      // the cycle timing model, deterministic across hosts and launchers
};

struct CoreLatencies {
    // Cycles an instruction of each class takes (a not-taken branch for Branch).
    std::array<std::uint64_t, kTimingClassCount> by_class{};
    std::uint64_t branch_taken = 3;
    // Extra cycles when an instruction reads the register a load right before it wrote.
    std::uint64_t load_use = 1;
    // Cycles a trap or interrupt takes to reach its handler (a pipeline flush).
    std::uint64_t trap = 3;

    std::uint64_t of(TimingClass timing) const {
        return by_class[static_cast<std::size_t>(timing)];
    }
};

struct MachineDescription {
    CoreLatencies core;
    // Remote stores a PE may have in flight before the next one stalls it.
    std::uint64_t store_buffer_entries = 8;
    // Cycles the target's memory takes to serve a remote access.
    std::uint64_t remote_service = 10;
    // Caches and DRAM; none by default (flat one-cycle memory).
    MemoryHierarchyConfig memory;
    netsim::NetworkConfig network;
    std::uint64_t pimp_send_fifo = 8;
    std::uint64_t pimp_receive_fifo = 16;
};

class MachineDescriptionError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

MachineDescription default_machine_description();
// Keys the text leaves out keep their defaults. Throws MachineDescriptionError (one line,
// naming `origin` and the key) for malformed JSON, unknown keys, values out of range and
// unknown model names.
MachineDescription parse_machine_description(const std::string& text, const std::string& origin);
MachineDescription read_machine_description(const std::filesystem::path& path);
// Every parameter, in the file format.
std::string machine_description_json(const MachineDescription& machine);

} // namespace xbemu
