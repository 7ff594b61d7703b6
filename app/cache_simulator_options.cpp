#include "cache_simulator_options.hpp"

#include "xbemu/timing/spike_cache_simulator.hpp"

#include <optional>
#include <stdexcept>

namespace xbemu {

void add_cache_simulator_options(CLI::App& app, CacheSimulatorOptions& options) {
    const char* const form = " SETS:WAYS:BLOCK (sets and block powers of two, block at least 8), "
                             "as Spike's; its counts on standard error at exit. Functional mode";
    app.add_option("--ic", options.icache, std::string("instruction cache of each PE:") + form);
    app.add_option("--dc", options.dcache, std::string("data cache of each PE:") + form);
    app.add_option("--l2", options.l2,
                   std::string("L2 cache of each PE, behind --ic and --dc:") + form);
}

void apply_cache_simulator_options(const CacheSimulatorOptions& options, MachineConfig& config) {
    if (options.icache.empty() && options.dcache.empty() && options.l2.empty()) {
        return;
    }
    if (config.timing == TimingMode::Cycle) {
        throw std::invalid_argument(
            "--ic, --dc and --l2 apply to the functional mode (the cycle mode's caches are the "
            "machine description's memory.l1i, l1d and l2)");
    }
    const auto geometry = [](const std::string& text,
                             const char* option) -> std::optional<SpikeCacheGeometry> {
        if (text.empty()) {
            return std::nullopt;
        }
        return parse_spike_cache_geometry(text, option);
    };
    const std::optional<SpikeCacheGeometry> icache = geometry(options.icache, "--ic");
    const std::optional<SpikeCacheGeometry> dcache = geometry(options.dcache, "--dc");
    const std::optional<SpikeCacheGeometry> l2 = geometry(options.l2, "--l2");
    config.memory_observer = [icache, dcache, l2] {
        return std::make_unique<SpikeCacheSimulator>(icache, dcache, l2);
    };
}

} // namespace xbemu
