#include "xbemu/job_statistics.hpp"

#include "pe/job_statistics_summary.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <span>
#include <stdexcept>
#include <sys/resource.h>

namespace xbemu {

namespace {

std::uint64_t total_cycles(const std::vector<PeStatistics>& pes) {
    std::uint64_t cycles = 0;
    for (const PeStatistics& pe : pes) {
        cycles = std::max(cycles, pe.cycles);
    }
    return cycles;
}

std::string stall_summary(const StallCycles& stalls) {
    std::string text;
    for (std::size_t cause = 0; cause < kStallCauseCount; ++cause) {
        if (stalls[cause] != 0) {
            text += fmt::format("{}{} {}", text.empty() ? "" : ", ",
                                stall_cause_name(static_cast<StallCause>(cause)), stalls[cause]);
        }
    }
    return text.empty() ? "none" : text;
}

std::string network_summary(const netsim::NetworkStatistics& network, std::uint64_t cycles) {
    std::string text = fmt::format(
        "  network: {} messages, {} bytes, {} flits, latency min {} mean {:.1f} max {} cycles",
        network.messages, network.bytes, network.flits,
        network.messages == 0 ? 0 : network.latency_min, network.mean_latency(),
        network.latency_max);
    if (network.deflections != 0) {
        text += fmt::format(", {} deflections", network.deflections);
    }
    text += '\n';
    const auto busiest = std::max_element(
        network.links.begin(), network.links.end(),
        [](const netsim::LinkUsage& a, const netsim::LinkUsage& b) { return a.flits < b.flits; });
    if (busiest != network.links.end() && cycles != 0) {
        text += fmt::format(
            "  busiest link: {} carried {} flits ({:.1f}% of {} cycles)\n", busiest->name,
            busiest->flits,
            100.0 * static_cast<double>(busiest->flits) / static_cast<double>(cycles), cycles);
    }
    return text;
}

nlohmann::json network_json(const netsim::NetworkStatistics& network, std::uint64_t cycles) {
    nlohmann::json histogram = nlohmann::json::array();
    for (std::size_t bucket = 0; bucket < network.latency_histogram.size(); ++bucket) {
        if (network.latency_histogram[bucket] == 0) {
            continue;
        }
        const std::uint64_t low = bucket == 0 ? 0 : 1ULL << (bucket - 1);
        const std::uint64_t high = bucket == 0 ? 0 : (bucket == 64 ? ~0ULL : (1ULL << bucket) - 1);
        histogram.push_back(
            {{"from", low}, {"to", high}, {"count", network.latency_histogram[bucket]}});
    }
    nlohmann::json links = nlohmann::json::array();
    for (const netsim::LinkUsage& link : network.links) {
        links.push_back(
            {{"link", link.name},
             {"flits", link.flits},
             {"utilization",
              cycles == 0 ? 0.0 : static_cast<double>(link.flits) / static_cast<double>(cycles)}});
    }
    return {{"messages", network.messages},
            {"bytes", network.bytes},
            {"flits", network.flits},
            {"latency",
             {{"min", network.messages == 0 ? 0 : network.latency_min},
              {"mean", network.mean_latency()},
              {"max", network.latency_max},
              {"histogram", std::move(histogram)}}},
            {"deflections", network.deflections},
            {"links", std::move(links)}};
}

// A PE's counters: what --stats-roi restricts to the regions of interest and a dump snapshots.
nlohmann::json counters_json(const PeStatistics& pe, bool cycle_mode) {
    nlohmann::json entry{{"pe", pe.pe}, {"instructions", pe.instructions}};
    if (cycle_mode) {
        entry["cycles"] = pe.cycles;
        entry["cpi"] = pe.cycles_per_instruction();
        nlohmann::json stalls = nlohmann::json::object();
        for (std::size_t cause = 0; cause < kStallCauseCount; ++cause) {
            stalls[std::string(stall_cause_name(static_cast<StallCause>(cause)))] =
                pe.stalls[cause];
        }
        entry["stall_cycles"] = std::move(stalls);
        if (!pe.memory.flat()) {
            entry["memory"] = memory_statistics_json(pe.memory, pe.instructions);
        }
    }
    for (const ExtensionStatisticsList::Entry& extension : pe.extensions.entries()) {
        extension.counters->add_json(entry, cycle_mode);
    }
    return entry;
}

nlohmann::json regions_json(const std::vector<RegionOfInterest>& regions, bool cycle_mode) {
    nlohmann::json list = nlohmann::json::array();
    for (const RegionOfInterest& region : regions) {
        nlohmann::json entry{{"begin_instructions", region.begin_instructions},
                             {"end_instructions", region.end_instructions},
                             {"ended", region.ended}};
        if (cycle_mode) {
            entry["begin_cycles"] = region.begin_cycles;
            entry["end_cycles"] = region.end_cycles;
        }
        list.push_back(std::move(entry));
    }
    return list;
}

// What the per-PE counters (and the network's) cover.
nlohmann::json counted_description(const std::vector<PeStatistics>& pes) {
    const bool regions_only = !pes.empty() && pes.front().regions_only;
    const bool reset =
        std::any_of(pes.begin(), pes.end(), [](const PeStatistics& pe) { return pe.reset; });
    return {{"pes", regions_only ? "regions of interest"
                    : reset      ? "the whole run, or since the last xbemu_stats_reset"
                                 : "the whole run"},
            {"network", "the whole run"}};
}

// Lines of the regions of interest and the dumps of the PEs that have any.
std::string measurement_summary(const std::vector<PeStatistics>& pes, bool cycle_mode) {
    std::string text;
    const bool regions_only = !pes.empty() && pes.front().regions_only;
    if (regions_only) {
        text += "  counted inside regions of interest only (the network: the whole run)\n";
    }
    for (const PeStatistics& pe : pes) {
        if (regions_only || !pe.regions.empty()) {
            text += fmt::format("  PE {}: {} region{} of interest\n", pe.pe, pe.regions.size(),
                                pe.regions.size() == 1 ? "" : "s");
        }
        for (const StatisticsDump& dump : pe.dumps) {
            const PeStatistics& f = dump.figures;
            text += fmt::format("  PE {} dump \"{}\": instructions {}", pe.pe, dump.label,
                                f.instructions);
            if (cycle_mode) {
                text +=
                    fmt::format(", cycles {}, stall cycles: {}", f.cycles, stall_summary(f.stalls));
            }
            text += '\n';
        }
    }
    return text;
}

} // namespace

nlohmann::json run_description_json(const RunDescription& run) {
    nlohmann::json machine{{"source", run.machine_source}};
    machine["description"] = nlohmann::json::parse(run.machine_description, nullptr, false);
    nlohmann::json json{
        {"xbemu_version", run.version}, {"command_line", run.command_line}, {"isa", run.isa},
        {"engine", run.engine},         {"machine", std::move(machine)},    {"pe_count", run.pes},
        {"launcher", run.launcher},     {"exit_status", run.exit_status}};
    if (!run.transport.empty()) {
        json["transport"] = run.transport;
    }
    if (!run.failure.empty()) {
        json["failure"] = run.failure;
    }
    return json;
}

std::uint64_t process_peak_memory_bytes() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
}

void share_pool_cpu_seconds(std::vector<PeStatistics>& pes, double pool_cpu_seconds) {
    double held = 0;
    for (const PeStatistics& pe : pes) {
        held += pe.cpu_seconds;
    }
    if (held <= 0) {
        return;
    }
    for (PeStatistics& pe : pes) {
        pe.cpu_seconds = pool_cpu_seconds * (pe.cpu_seconds / held);
    }
}

std::string format_statistics(const std::vector<PeStatistics>& pes,
                              const netsim::NetworkStatistics* network,
                              std::string_view interrupted_by) {
    std::uint64_t total = 0;
    double seconds = 0;
    for (const PeStatistics& pe : pes) {
        total += pe.instructions;
        seconds = std::max(seconds, pe.seconds);
    }
    const bool cycle_mode = !pes.empty() && pes.front().cycle_mode;
    std::string text = "xbemu statistics:\n";
    if (!interrupted_by.empty()) {
        text += fmt::format("  interrupted by {}: the PEs were stopped before the program's end\n",
                            interrupted_by);
    }
    // The cycle mode's figures are the same on every run; the host's, and the JIT's (which the
    // interpreter lacks), follow them under a heading of their own, so that what comes before
    // compares byte for byte.
    std::string host_figures;
    std::string& host = cycle_mode ? host_figures : text;
    text += fmt::format("  instructions: {}\n", total);
    const bool regions_only = !pes.empty() && pes.front().regions_only;
    host += fmt::format("  host seconds: {:.6f}\n", seconds);
    // The host's seconds are the whole run's: no rate of the regions' instructions.
    if (!regions_only) {
        host += fmt::format("  MIPS: {:.2f}\n",
                            seconds > 0 ? static_cast<double>(total) / seconds / 1e6 : 0.0);
    }
    if (cycle_mode) {
        text += fmt::format("  simulated cycles: {}\n", total_cycles(pes));
    }
    if (pes.size() == 1) {
        host += fmt::format("  peak host memory: {:.1f} MiB\n",
                            mebibytes(pes.front().process_peak_bytes));
    }
    const bool listed = pes.size() <= kPesListedInText;
    if (!listed) {
        const StatisticsSummary summary = summarize_pes(pes, cycle_mode);
        text += summary.simulated;
        host += summary.host;
    }
    for (const PeStatistics& pe : std::span(pes.data(), listed ? pes.size() : 0)) {
        if (pes.size() > 1) {
            host += fmt::format(
                "  PE {}: instructions {}{}, guest RAM resident {:.2f} MiB, process peak {:.1f} "
                "MiB{}\n",
                pe.pe, pe.instructions,
                regions_only ? std::string() : fmt::format(", MIPS {:.2f}", pe.mips()),
                mebibytes(pe.guest_ram_resident_bytes), mebibytes(pe.process_peak_bytes),
                cycle_mode ? std::string() : fmt::format(", host CPU {:.3f} s", pe.cpu_seconds));
        }
        if (const PeStatistics::SpeculativeRuns& runs = pe.speculation;
            runs.kept + runs.undone + runs.abandoned != 0) {
            host += fmt::format("  PE {}: speculative runs kept {}, undone {}, abandoned {}\n",
                                pe.pe, runs.kept, runs.undone, runs.abandoned);
        }
        if (const TranslationStatistics& jit = pe.translation; jit.capacity_bytes != 0) {
            host += fmt::format("  PE {}: JIT translations {}, translation cache {:.2f} of "
                                "{:.0f} MiB, flushes {} ({} when full)\n",
                                pe.pe, jit.translations, mebibytes(jit.code_bytes),
                                mebibytes(jit.capacity_bytes), jit.flushes, jit.full_flushes);
        }
        if (cycle_mode) {
            text += fmt::format("  PE {}: cycles {}, CPI {:.3f}, stall cycles: {}\n", pe.pe,
                                pe.cycles, pe.cycles_per_instruction(), stall_summary(pe.stalls));
            text +=
                format_memory_statistics(fmt::format("PE {}", pe.pe), pe.memory, pe.instructions);
        }
        for (const ExtensionStatisticsList::Entry& extension : pe.extensions.entries()) {
            text += extension.counters->text(pe.pe, cycle_mode);
        }
    }
    if (network != nullptr) {
        text += network_summary(*network, total_cycles(pes));
    }
    text += listed ? measurement_summary(pes, cycle_mode) : summarize_measurements(pes, cycle_mode);
    if (!host_figures.empty()) {
        text += "xbemu host statistics (these vary from run to run):\n" + host_figures;
    }
    return text;
}

void print_statistics(const std::vector<PeStatistics>& pes,
                      const netsim::NetworkStatistics* network, std::FILE* stream,
                      std::string_view interrupted_by) {
    std::fputs(format_statistics(pes, network, interrupted_by).c_str(), stream);
}

void write_statistics_json(const std::vector<PeStatistics>& pes,
                           const netsim::NetworkStatistics* network,
                           const std::filesystem::path& path, std::string_view interrupted_by,
                           const RunDescription* run) {
    const bool cycle_mode = !pes.empty() && pes.front().cycle_mode;
    nlohmann::json document;
    document["timing"] = cycle_mode ? "cycle" : "functional";
    if (!interrupted_by.empty()) {
        document["interrupted"] = true;
        document["signal"] = interrupted_by;
    }
    if (cycle_mode) {
        document["cycles"] = total_cycles(pes);
    }
    if (run != nullptr) {
        document["run"] = run_description_json(*run);
    }
    if (std::any_of(pes.begin(), pes.end(), [](const PeStatistics& pe) {
            return pe.regions_only || pe.reset || !pe.regions.empty() || !pe.dumps.empty();
        })) {
        document["counted"] = counted_description(pes);
    }
    document["pes"] = nlohmann::json::array();
    for (const PeStatistics& pe : pes) {
        nlohmann::json entry = counters_json(pe, cycle_mode);
        if (!cycle_mode) {
            entry["host_seconds"] = pe.seconds;
            entry["host_cpu_seconds"] = pe.cpu_seconds;
            // The host's seconds are the whole run's: no rate of the regions' instructions.
            if (!pe.regions_only) {
                entry["mips"] = pe.mips();
            }
            entry["guest_ram_resident_bytes"] = pe.guest_ram_resident_bytes;
            entry["process_peak_bytes"] = pe.process_peak_bytes;
            if (const TranslationStatistics& jit = pe.translation; jit.capacity_bytes != 0) {
                entry["jit"] = {{"translations", jit.translations},
                                {"code_bytes", jit.code_bytes},
                                {"capacity_bytes", jit.capacity_bytes},
                                {"flushes", jit.flushes},
                                {"full_flushes", jit.full_flushes}};
            }
        }
        if (!pe.regions.empty() || pe.regions_only) {
            entry["regions_of_interest"] = regions_json(pe.regions, cycle_mode);
        }
        if (!pe.dumps.empty()) {
            nlohmann::json dumps = nlohmann::json::array();
            for (const StatisticsDump& dump : pe.dumps) {
                nlohmann::json figures = counters_json(dump.figures, cycle_mode);
                figures.erase("pe");
                nlohmann::json snapshot{{"label", dump.label},
                                        {"at_instructions", dump.at_instructions},
                                        {"statistics", std::move(figures)}};
                if (cycle_mode) {
                    snapshot["at_cycles"] = dump.at_cycles;
                }
                dumps.push_back(std::move(snapshot));
            }
            entry["dumps"] = std::move(dumps);
        }
        document["pes"].push_back(std::move(entry));
    }
    if (network != nullptr) {
        document["network"] = network_json(*network, total_cycles(pes));
    }
    std::ofstream file(path);
    file << document.dump(2) << '\n';
    if (!file) {
        throw std::runtime_error(fmt::format("cannot write statistics to {}", path.string()));
    }
}

} // namespace xbemu
