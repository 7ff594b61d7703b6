#pragma once
// --ic, --dc and --l2: Spike's cache simulator in the functional mode (SpikeCacheSimulator), one
// per PE, reporting on standard error when the PE ends.

#include "xbemu/machine_config.hpp"

#include <CLI/CLI.hpp>
#include <string>

namespace xbemu {

struct CacheSimulatorOptions {
    std::string icache;
    std::string dcache;
    std::string l2;
};

void add_cache_simulator_options(CLI::App& app, CacheSimulatorOptions& options);
// Gives each PE its simulator and runs the interpreter (the JIT's code does not report its
// accesses). Throws std::invalid_argument (one line) for a malformed geometry, and in the cycle
// mode, whose caches are in the machine description.
void apply_cache_simulator_options(const CacheSimulatorOptions& options, MachineConfig& config);

} // namespace xbemu
