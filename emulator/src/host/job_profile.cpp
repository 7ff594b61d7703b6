#include "xbemu/job_profile.hpp"

#include "source_lines.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <numeric>
#include <stdexcept>
#include <string_view>

namespace xbemu {

namespace {

constexpr std::size_t kSummaryFunctions = 10;

nlohmann::json stalls_json(const StallCycles& stalls, bool all) {
    nlohmann::json json = nlohmann::json::object();
    for (std::size_t cause = 0; cause < kStallCauseCount; ++cause) {
        if (all || stalls[cause] != 0) {
            json[std::string(stall_cause_name(static_cast<StallCause>(cause)))] = stalls[cause];
        }
    }
    return json;
}

// The instruction mix per mnemonic and per timing class, both from the decoder's table rows.
nlohmann::json mix_json(const PeProfile& pe) {
    std::map<std::string, std::uint64_t> mnemonics;
    std::map<std::string, std::uint64_t> classes;
    for (const auto& [descriptor, count] : pe.mix()) {
        mnemonics[std::string(descriptor->mnemonic)] += count;
        classes[std::string(timing_class_name(descriptor->timing))] += count;
    }
    return {{"mnemonics", mnemonics}, {"timing_classes", classes}};
}

void write_file(const std::filesystem::path& path, const std::string& contents) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file << contents;
    file.close();
    if (!file) {
        throw std::runtime_error(
            fmt::format("cannot write the profile {}: {}", path.string(), std::strerror(errno)));
    }
}

} // namespace

JobProfile::JobProfile(const ElfImage& image, std::filesystem::path program, unsigned pe_count,
                       bool cycle_mode, bool regions_only)
    : layout_(program_layout(image)), program_(std::move(program)), cycle_mode_(cycle_mode),
      regions_only_(regions_only) {
    for (unsigned pe = 0; pe < pe_count; ++pe) {
        pes_.push_back(std::make_unique<PeProfile>(layout_));
    }
}

std::filesystem::path JobProfile::folded_path(const std::filesystem::path& path) {
    std::filesystem::path folded = path;
    folded += ".folded";
    return folded;
}

std::string JobProfile::function_name(std::uint32_t function) const {
    return function < layout_.symbols.size() ? layout_.symbols[function].name : "[unknown]";
}

// One line per call stack with a weight: "PE0;_start;main;kernel 1234", sorted, so that equal
// profiles give equal files.
std::string JobProfile::folded_stacks() const {
    std::vector<std::string> lines;
    for (std::size_t pe = 0; pe < pes_.size(); ++pe) {
        const std::vector<PeProfile::StackNode>& nodes = pes_[pe]->stack_nodes();
        for (std::size_t index = 0; index < nodes.size(); ++index) {
            const std::uint64_t weight =
                cycle_mode_ ? nodes[index].cycles : nodes[index].instructions;
            if (weight == 0) {
                continue;
            }
            std::vector<std::string> frames;
            for (auto at = static_cast<std::uint32_t>(index); at != PeProfile::kRoot;
                 at = nodes[at].parent) {
                frames.push_back(function_name(nodes[at].function));
            }
            frames.push_back(fmt::format("PE{}", pe));
            std::reverse(frames.begin(), frames.end());
            lines.push_back(fmt::format("{} {}", fmt::join(frames, ";"), weight));
        }
    }
    std::sort(lines.begin(), lines.end());
    std::string text;
    for (const std::string& line : lines) {
        text += line;
        text += '\n';
    }
    return text;
}

void JobProfile::write(const std::filesystem::path& path, const RunDescription& run) const {
    const SourceLines sources(program_);
    nlohmann::json document;
    document["run"] = run_description_json(run);
    document["timing"] = cycle_mode_ ? "cycle" : "functional";
    document["counted"] = cycle_mode_ ? "instructions, cycles and stall cycles"
                                      : "instructions only: the functional mode has no timing "
                                        "model";
    document["stack_weight"] = cycle_mode_ ? "cycles" : "instructions";
    document["covers"] = regions_only_ ? "regions of interest" : "the whole run";
    document["folded_stacks"] = folded_path(path).filename().string();
    document["pes"] = nlohmann::json::array();
    for (std::size_t pe = 0; pe < pes_.size(); ++pe) {
        const PeProfile& profile = *pes_[pe];
        nlohmann::json entry{{"pe", pe}, {"instructions", profile.total().instructions}};
        if (cycle_mode_) {
            entry["cycles"] = profile.total().cycles;
            entry["stall_cycles"] = stalls_json(profile.total().stalls, true);
        }
        std::vector<std::uint32_t> order;
        for (std::uint32_t function = 0; function < profile.function_count(); ++function) {
            const PeProfile::Counters& counters = profile.functions()[function];
            if (counters.instructions != 0 || counters.cycles != 0 || counters.calls != 0) {
                order.push_back(function);
            }
        }
        const auto weight = [&](std::uint32_t function) {
            const PeProfile::Counters& counters = profile.functions()[function];
            return cycle_mode_ ? counters.cycles : counters.instructions;
        };
        std::stable_sort(order.begin(), order.end(),
                         [&](std::uint32_t a, std::uint32_t b) { return weight(a) > weight(b); });
        nlohmann::json functions = nlohmann::json::array();
        for (const std::uint32_t function : order) {
            const PeProfile::Counters& counters = profile.functions()[function];
            nlohmann::json row{{"name", function_name(function)}};
            if (function < layout_.symbols.size()) {
                const std::uint64_t address = layout_.symbols[function].begin;
                row["address"] = fmt::format("0x{:x}", address);
                if (const std::optional<SourceLine> source = sources.at(address)) {
                    row["file"] = source->file;
                    row["line"] = source->line;
                }
            }
            row["instructions"] = counters.instructions;
            if (cycle_mode_) {
                row["cycles"] = counters.cycles;
                row["stall_cycles"] = stalls_json(counters.stalls, false);
            }
            row["calls"] = counters.calls;
            functions.push_back(std::move(row));
        }
        entry["functions"] = std::move(functions);
        entry["instruction_mix"] = mix_json(profile);
        nlohmann::json stacks = nlohmann::json::array();
        const std::vector<PeProfile::StackNode>& nodes = profile.stack_nodes();
        for (std::size_t index = 1; index < nodes.size(); ++index) {
            if (nodes[index].instructions == 0 && nodes[index].cycles == 0) {
                continue;
            }
            std::vector<std::string> frames;
            for (auto at = static_cast<std::uint32_t>(index); at != PeProfile::kRoot;
                 at = nodes[at].parent) {
                frames.push_back(function_name(nodes[at].function));
            }
            std::reverse(frames.begin(), frames.end());
            nlohmann::json stack{{"frames", frames}, {"instructions", nodes[index].instructions}};
            if (cycle_mode_) {
                stack["cycles"] = nodes[index].cycles;
            }
            stacks.push_back(std::move(stack));
        }
        std::sort(stacks.begin(), stacks.end(),
                  [](const nlohmann::json& a, const nlohmann::json& b) {
                      return a["frames"] < b["frames"];
                  });
        entry["call_stacks"] = std::move(stacks);
        document["pes"].push_back(std::move(entry));
    }
    write_file(path, document.dump(2) + "\n");
    write_file(folded_path(path), folded_stacks());
}

std::string JobProfile::summary(const std::filesystem::path& path) const {
    std::vector<PeProfile::Counters> functions(layout_.symbols.size() + 1);
    PeProfile::Counters total;
    for (const auto& pe : pes_) {
        for (std::size_t function = 0; function < functions.size(); ++function) {
            const PeProfile::Counters& counters = pe->functions()[function];
            functions[function].instructions += counters.instructions;
            functions[function].cycles += counters.cycles;
            functions[function].calls += counters.calls;
        }
        total.instructions += pe->total().instructions;
        total.cycles += pe->total().cycles;
    }
    const auto weight = [this](const PeProfile::Counters& counters) {
        return cycle_mode_ ? counters.cycles : counters.instructions;
    };
    std::vector<std::uint32_t> order(functions.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return weight(functions[a]) > weight(functions[b]);
    });
    const SourceLines sources(program_);
    const char* unit = cycle_mode_ ? "cycles" : "instructions";
    std::string text =
        fmt::format("xbemu profile: {} and {} ({} mode: {}{}{})\n", path.string(),
                    folded_path(path).string(), cycle_mode_ ? "cycle" : "functional",
                    cycle_mode_ ? "cycles, stalls and instructions" : "instructions only",
                    regions_only_ ? ", inside regions of interest" : "",
                    pes_.size() > 1 ? fmt::format(", summed over {} PEs", pes_.size()) : "");
    // The cycle mode's rows give instructions beside the cycles.
    const auto columns = [this](std::string_view weight, std::string_view share,
                                std::string_view instructions, std::string_view calls) {
        return cycle_mode_ ? fmt::format("  {:>14} {:>6} {:>14} {:>10}  ", weight, share,
                                         instructions, calls)
                           : fmt::format("  {:>14} {:>6} {:>10}  ", weight, share, calls);
    };
    text += columns(unit, "%", "instructions", "calls") + "function\n";
    const std::uint64_t all = weight(total);
    for (std::size_t rank = 0; rank < std::min(kSummaryFunctions, order.size()); ++rank) {
        const std::uint32_t function = order[rank];
        const PeProfile::Counters& counters = functions[function];
        if (weight(counters) == 0) {
            break;
        }
        std::string where;
        if (function < layout_.symbols.size()) {
            if (const auto source = sources.at(layout_.symbols[function].begin)) {
                where =
                    fmt::format(" ({}:{})", std::filesystem::path(source->file).filename().string(),
                                source->line);
            }
        }
        const double share =
            100.0 * static_cast<double>(weight(counters)) / static_cast<double>(all);
        text += columns(std::to_string(weight(counters)), fmt::format("{:.1f}%", share),
                        std::to_string(counters.instructions), std::to_string(counters.calls)) +
                function_name(function) + where + "\n";
    }
    return text;
}

} // namespace xbemu
