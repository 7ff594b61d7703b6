#include "pe/job_statistics_summary.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <functional>
#include <map>
#include <type_traits>

namespace xbemu {

namespace {

// A figure over the job's PEs: its least and most values, the (first) PE of each, and the sum.
template <typename Value> struct Spread {
    Value least{};
    Value most{};
    unsigned least_pe = 0;
    unsigned most_pe = 0;
    double sum = 0;
};

// `pes`: PeStatistics, or one extension's PeExtensionStatistics.
template <typename Value, typename Pes, typename Figure>
Spread<Value> spread(const Pes& pes, Figure figure) {
    Spread<Value> s;
    bool first = true;
    for (const auto& pe : pes) {
        const Value value = figure(pe);
        if (first || value < s.least) {
            s.least = value;
            s.least_pe = pe.pe;
        }
        if (first || value > s.most) {
            s.most = value;
            s.most_pe = pe.pe;
        }
        s.sum += static_cast<double>(value);
        first = false;
    }
    return s;
}

// "    <name>: least 3 (PE 5), mean 4.5, most 9 (PE 0)[, all PEs 4608]": `format` formats a
// value (and, for a figure of fractions, the mean and the sum).
template <typename Value>
std::string spread_line(std::string_view name, const Spread<Value>& s, std::size_t pes,
                        bool with_sum, std::string_view format) {
    constexpr bool fractions = std::is_floating_point_v<Value>;
    const auto value = [format](auto v) { return fmt::format(fmt::runtime(format), v); };
    std::string text = fmt::format(
        "    {}: least {} (PE {}), mean {}, most {} (PE {})", name, value(s.least), s.least_pe,
        fractions ? value(s.sum / static_cast<double>(pes))
                  : fmt::format("{:.1f}", s.sum / static_cast<double>(pes)),
        value(s.most), s.most_pe);
    if (with_sum) {
        text +=
            fmt::format(", all PEs {}", fractions ? value(s.sum) : fmt::format("{:.0f}", s.sum));
    }
    return text + '\n';
}

std::string instructions_and_cycles(const std::vector<PeStatistics>& pes, bool cycle_mode) {
    std::string text = spread_line(
        "instructions",
        spread<std::uint64_t>(pes, [](const PeStatistics& pe) { return pe.instructions; }),
        pes.size(), false, "{}");
    if (cycle_mode) {
        text += spread_line(
            "cycles", spread<std::uint64_t>(pes, [](const PeStatistics& pe) { return pe.cycles; }),
            pes.size(), false, "{}");
    }
    return text;
}

std::string stall_sums(const std::vector<PeStatistics>& pes) {
    std::string text;
    for (std::size_t cause = 0; cause < kStallCauseCount; ++cause) {
        const Spread<std::uint64_t> s = spread<std::uint64_t>(
            pes, [cause](const PeStatistics& pe) { return pe.stalls[cause]; });
        if (s.most != 0) {
            text += spread_line(
                fmt::format("stall cycles, {}", stall_cause_name(static_cast<StallCause>(cause))),
                s, pes.size(), true, "{}");
        }
    }
    return text;
}

// Each extension's lines, from every PE's counts of it.
std::string extension_sums(const std::vector<PeStatistics>& pes, bool cycle_mode) {
    std::string text;
    for (std::size_t index = 0; index < pes.front().extensions.entries().size(); ++index) {
        const ExtensionStatisticsType& type = *pes.front().extensions.entries()[index].type;
        if (type.summarize == nullptr) {
            continue;
        }
        std::vector<PeExtensionStatistics> counts;
        counts.reserve(pes.size());
        for (const PeStatistics& pe : pes) {
            counts.push_back({pe.pe, *pe.extensions.entries()[index].counters});
        }
        text += type.summarize(counts, cycle_mode);
    }
    return text;
}

} // namespace

std::string
count_spread_line(std::string_view name, std::span<const PeExtensionStatistics> pes,
                  const std::function<std::uint64_t(const ExtensionStatistics&)>& count) {
    return spread_line(
        name,
        spread<std::uint64_t>(
            pes, [&count](const PeExtensionStatistics& pe) { return count(pe.statistics); }),
        pes.size(), true, "{}");
}

std::string summarize_measurements(const std::vector<PeStatistics>& pes, bool cycle_mode) {
    std::string text;
    const bool regions_only = !pes.empty() && pes.front().regions_only;
    if (regions_only) {
        text += "  counted inside regions of interest only (the network: the whole run)\n";
    }
    const Spread<std::size_t> regions =
        spread<std::size_t>(pes, [](const PeStatistics& pe) { return pe.regions.size(); });
    if (regions.most != 0) {
        text += spread_line("regions of interest", regions, pes.size(), true, "{}");
    }
    // Dumps by label, in the order labels first appear: how many PEs took one, and the spread
    // of what they counted.
    std::vector<std::string> labels;
    std::map<std::string, std::vector<PeStatistics>> taken;
    for (const PeStatistics& pe : pes) {
        for (const StatisticsDump& dump : pe.dumps) {
            auto [entry, added] = taken.try_emplace(dump.label);
            if (added) {
                labels.push_back(dump.label);
            }
            PeStatistics figures = dump.figures;
            figures.pe = pe.pe;
            entry->second.push_back(std::move(figures));
        }
    }
    for (const std::string& label : labels) {
        const std::vector<PeStatistics>& dumps = taken[label];
        text += fmt::format("  dump \"{}\": taken {} times\n", label, dumps.size());
        text += instructions_and_cycles(dumps, cycle_mode);
    }
    return text;
}

StatisticsSummary summarize_pes(const std::vector<PeStatistics>& pes, bool cycle_mode) {
    StatisticsSummary summary;
    std::string& text = summary.simulated;
    text +=
        fmt::format("  per PE, over {} PEs (each PE's figures are in --stats-json):\n", pes.size());
    text += instructions_and_cycles(pes, cycle_mode);
    if (cycle_mode) {
        text += spread_line(
            "CPI",
            spread<double>(pes, [](const PeStatistics& pe) { return pe.cycles_per_instruction(); }),
            pes.size(), false, "{:.3f}");
        text += stall_sums(pes);
        MemoryHierarchyStatistics memory;
        std::uint64_t instructions = 0;
        for (const PeStatistics& pe : pes) {
            memory.combine(pe.memory, std::plus<>());
            instructions += pe.instructions;
        }
        text += format_memory_statistics("  all PEs", memory, instructions);
    }
    text += extension_sums(pes, cycle_mode);

    std::string& host = summary.host;
    host += fmt::format("  per PE, over {} PEs:\n", pes.size());
    if (!pes.front().regions_only) {
        host += spread_line("MIPS",
                            spread<double>(pes, [](const PeStatistics& pe) { return pe.mips(); }),
                            pes.size(), false, "{:.2f}");
    }
    if (!cycle_mode) {
        host +=
            spread_line("host CPU seconds",
                        spread<double>(pes, [](const PeStatistics& pe) { return pe.cpu_seconds; }),
                        pes.size(), true, "{:.3f}");
    }
    host += spread_line(
        "guest RAM resident MiB",
        spread<double>(
            pes, [](const PeStatistics& pe) { return mebibytes(pe.guest_ram_resident_bytes); }),
        pes.size(), true, "{:.2f}");
    host += spread_line(
        "process peak MiB",
        spread<double>(pes,
                       [](const PeStatistics& pe) { return mebibytes(pe.process_peak_bytes); }),
        pes.size(), false, "{:.1f}");
    TranslationStatistics jit;
    PeStatistics::SpeculativeRuns runs;
    for (const PeStatistics& pe : pes) {
        jit.translations += pe.translation.translations;
        jit.code_bytes += pe.translation.code_bytes;
        jit.flushes += pe.translation.flushes;
        jit.full_flushes += pe.translation.full_flushes;
        runs.kept += pe.speculation.kept;
        runs.undone += pe.speculation.undone;
        runs.abandoned += pe.speculation.abandoned;
    }
    if (jit.translations != 0) {
        host +=
            fmt::format("    JIT, all PEs: translations {}, translated code {:.2f} MiB, "
                        "flushes {} ({} when full)\n",
                        jit.translations, mebibytes(jit.code_bytes), jit.flushes, jit.full_flushes);
    }
    if (runs.kept + runs.undone + runs.abandoned != 0) {
        host += fmt::format("    speculative runs, all PEs: kept {}, undone {}, abandoned {}\n",
                            runs.kept, runs.undone, runs.abandoned);
    }
    return summary;
}

} // namespace xbemu
