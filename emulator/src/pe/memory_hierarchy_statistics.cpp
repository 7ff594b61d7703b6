#include "xbemu/memory_hierarchy_statistics.hpp"

#include <cctype>
#include <fmt/format.h>

namespace xbemu {

namespace {

double misses_per_kilo_instruction(std::uint64_t misses, std::uint64_t instructions) {
    return instructions == 0
               ? 0.0
               : 1000.0 * static_cast<double>(misses) / static_cast<double>(instructions);
}

std::string json_key(const std::string& name) {
    std::string key = name;
    for (char& c : key) {
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return key;
}

} // namespace

std::string format_memory_statistics(std::string_view whose,
                                     const MemoryHierarchyStatistics& statistics,
                                     std::uint64_t instructions) {
    std::string text;
    for (const CacheLevelStatistics& level : statistics.caches) {
        text += fmt::format("  {}: {} accesses {}, misses {} (MPKI {:.3f}), writebacks {}, "
                            "stall cycles {}\n",
                            whose, level.name, level.accesses, level.misses,
                            misses_per_kilo_instruction(level.misses, instructions),
                            level.writebacks, level.stall_cycles);
    }
    if (statistics.has_dram) {
        const DramStatistics& dram = statistics.dram;
        text += fmt::format("  {}: DRAM reads {}, writes {}, bytes {}, channel busy {} cycles, "
                            "queueing {} cycles, stall cycles {}\n",
                            whose, dram.reads, dram.writes, dram.bytes, dram.busy_cycles,
                            dram.queue_cycles, dram.stall_cycles);
    }
    if (statistics.remote.accesses != 0) {
        text += fmt::format("  {}: remote accesses served {}, in {} cycles\n", whose,
                            statistics.remote.accesses, statistics.remote.cycles);
    }
    return text;
}

nlohmann::json memory_statistics_json(const MemoryHierarchyStatistics& statistics,
                                      std::uint64_t instructions) {
    nlohmann::json json = nlohmann::json::object();
    for (const CacheLevelStatistics& level : statistics.caches) {
        json[json_key(level.name)] = {
            {"accesses", level.accesses},
            {"misses", level.misses},
            {"mpki", misses_per_kilo_instruction(level.misses, instructions)},
            {"writebacks", level.writebacks},
            {"stall_cycles", level.stall_cycles}};
    }
    if (statistics.has_dram) {
        const DramStatistics& dram = statistics.dram;
        json["dram"] = {{"reads", dram.reads},
                        {"writes", dram.writes},
                        {"bytes", dram.bytes},
                        {"busy_cycles", dram.busy_cycles},
                        {"queue_cycles", dram.queue_cycles},
                        {"stall_cycles", dram.stall_cycles}};
    }
    if (statistics.remote.accesses != 0) {
        json["remote_service"] = {{"accesses", statistics.remote.accesses},
                                  {"cycles", statistics.remote.cycles}};
    }
    return json;
}

} // namespace xbemu
