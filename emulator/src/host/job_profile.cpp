#include "xbemu/job_profile.hpp"

#include "source_lines.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
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

// An instruction mix per mnemonic and per timing class, both from the decoder's table rows.
nlohmann::json mix_json(const PeProfile::Mix& mix) {
    std::map<std::string, std::uint64_t> mnemonics;
    std::map<std::string, std::uint64_t> classes;
    for (const auto& [descriptor, count] : mix) {
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

JobProfile::JobProfile(const ElfImage& image, std::filesystem::path program, bool cycle_mode,
                       bool regions_only)
    : layout_(program_layout(image)), program_(std::move(program)), cycle_mode_(cycle_mode),
      regions_only_(regions_only) {
    // Before the run rather than at its end: a profile that could not name its source lines.
    SourceLines::load_library();
}

PeProfile& JobProfile::of(unsigned pe) {
    const std::lock_guard lock(mutex_);
    std::unique_ptr<PeProfile>& profile = pes_[pe];
    if (!profile) {
        profile = std::make_unique<PeProfile>(layout_);
    }
    return *profile;
}

std::filesystem::path JobProfile::folded_path(const std::filesystem::path& path) {
    std::filesystem::path folded = path;
    folded += ".folded";
    return folded;
}

std::string JobProfile::function_name(std::uint32_t function) const {
    return function < layout_.symbols.size() ? layout_.symbols[function].name : "[unknown]";
}

std::string JobProfile::pe_entry(unsigned pe) const {
    const PeProfile& profile = [this, pe]() -> const PeProfile& {
        const std::lock_guard lock(mutex_);
        return *pes_.at(pe);
    }();
    const SourceLines sources(program_);
    nlohmann::json entry{{"pe", pe}, {"instructions", profile.total().instructions}};
    if (cycle_mode_) {
        entry["cycles"] = profile.total().cycles;
        entry["stall_cycles"] = stalls_json(profile.total().stalls, true);
    }
    const auto weight = [&](std::uint32_t function) {
        const PeProfile::Counters& counters = profile.functions()[function];
        return cycle_mode_ ? counters.cycles : counters.instructions;
    };
    const std::vector<PeProfile::Inclusive> inclusive = profile.inclusive();
    std::vector<std::uint32_t> order;
    for (std::uint32_t function = 0; function < profile.function_count(); ++function) {
        const PeProfile::Counters& counters = profile.functions()[function];
        // A caller whose own instructions all lay outside the regions of interest still has
        // its callees' inside them.
        if (counters.instructions != 0 || counters.cycles != 0 || counters.calls != 0 ||
            inclusive[function].instructions != 0 || inclusive[function].cycles != 0) {
            order.push_back(function);
        }
    }
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
        row["inclusive_instructions"] = inclusive[function].instructions;
        if (cycle_mode_) {
            row["cycles"] = counters.cycles;
            row["inclusive_cycles"] = inclusive[function].cycles;
            row["stall_cycles"] = stalls_json(counters.stalls, false);
        }
        row["calls"] = counters.calls;
        row["instruction_mix"] = mix_json(profile.mixes()[function]);
        functions.push_back(std::move(row));
    }
    entry["functions"] = std::move(functions);
    PeProfile::Mix mix;
    for (const PeProfile::Mix& of_function : profile.mixes()) {
        for (const auto& [descriptor, count] : of_function) {
            mix[descriptor] += count;
        }
    }
    entry["instruction_mix"] = mix_json(mix);
    nlohmann::json stacks = nlohmann::json::array();
    const std::vector<PeProfile::StackNode>& nodes = profile.stack_nodes();
    for (std::size_t index = 0; index < nodes.size(); ++index) {
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
    std::sort(stacks.begin(), stacks.end(), [](const nlohmann::json& a, const nlohmann::json& b) {
        return a["frames"] < b["frames"];
    });
    entry["call_stacks"] = std::move(stacks);
    return entry.dump();
}

std::vector<std::string> JobProfile::entries() const {
    if (!gathered_.empty()) {
        return gathered_;
    }
    std::vector<unsigned> ids;
    {
        const std::lock_guard lock(mutex_);
        for (const auto& [pe, profile] : pes_) {
            ids.push_back(pe);
        }
    }
    std::vector<std::string> local;
    for (const unsigned pe : ids) {
        local.push_back(pe_entry(pe));
    }
    return local;
}

void JobProfile::write(const std::filesystem::path& path, const RunDescription& run) const {
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
    // One line per call stack with its weight, "PE0;_start;main;kernel 1234", sorted, so that
    // equal profiles give equal files.
    std::vector<std::string> folded;
    const char* weight = cycle_mode_ ? "cycles" : "instructions";
    for (const std::string& text : entries()) {
        nlohmann::json entry = nlohmann::json::parse(text);
        for (const nlohmann::json& stack : entry["call_stacks"]) {
            std::vector<std::string> frames{fmt::format("PE{}", entry["pe"].get<unsigned>())};
            for (const nlohmann::json& frame : stack["frames"]) {
                frames.push_back(frame.get<std::string>());
            }
            folded.push_back(
                fmt::format("{} {}", fmt::join(frames, ";"), stack[weight].get<std::uint64_t>()));
        }
        document["pes"].push_back(std::move(entry));
    }
    std::sort(folded.begin(), folded.end());
    std::string lines;
    for (const std::string& line : folded) {
        lines += line;
        lines += '\n';
    }
    write_file(path, document.dump(2) + "\n");
    write_file(folded_path(path), lines);
}

std::string JobProfile::summary(const std::filesystem::path& path) const {
    struct Function {
        std::string name;
        std::string where;
        std::uint64_t instructions = 0;
        std::uint64_t cycles = 0;
        std::uint64_t inclusive_instructions = 0;
        std::uint64_t inclusive_cycles = 0;
        std::uint64_t calls = 0;
    };
    // By name and address: a static function's name may come twice.
    std::map<std::pair<std::string, std::string>, Function> functions;
    Function total;
    const std::vector<std::string> all_entries = entries();
    for (const std::string& text : all_entries) {
        const nlohmann::json entry = nlohmann::json::parse(text);
        total.instructions += entry["instructions"].get<std::uint64_t>();
        total.cycles += entry.value("cycles", std::uint64_t{0});
        for (const nlohmann::json& row : entry["functions"]) {
            Function& function =
                functions[{row["name"].get<std::string>(), row.value("address", "")}];
            function.name = row["name"].get<std::string>();
            if (row.contains("file")) {
                function.where = fmt::format(
                    " ({}:{})",
                    std::filesystem::path(row["file"].get<std::string>()).filename().string(),
                    row["line"].get<int>());
            }
            function.instructions += row["instructions"].get<std::uint64_t>();
            function.cycles += row.value("cycles", std::uint64_t{0});
            function.inclusive_instructions += row["inclusive_instructions"].get<std::uint64_t>();
            function.inclusive_cycles += row.value("inclusive_cycles", std::uint64_t{0});
            function.calls += row["calls"].get<std::uint64_t>();
        }
    }
    const auto weight = [this](const Function& function) {
        return cycle_mode_ ? function.cycles : function.instructions;
    };
    const auto inclusive_weight = [this](const Function& function) {
        return cycle_mode_ ? function.inclusive_cycles : function.inclusive_instructions;
    };
    std::vector<const Function*> order;
    for (const auto& [key, function] : functions) {
        order.push_back(&function);
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](const Function* a, const Function* b) { return weight(*a) > weight(*b); });
    std::string text = fmt::format(
        "xbemu: profile: {} and {} ({} mode: {}{}{})\n", path.string(), folded_path(path).string(),
        cycle_mode_ ? "cycle" : "functional",
        cycle_mode_ ? "cycles, stalls and instructions" : "instructions only",
        regions_only_ ? ", inside regions of interest" : "",
        all_entries.size() > 1 ? fmt::format(", summed over {} PEs", all_entries.size()) : "");
    // The cycle mode's rows give instructions beside the cycles.
    const auto columns = [this](std::string_view weight, std::string_view share,
                                std::string_view inclusive, std::string_view instructions,
                                std::string_view calls) {
        return cycle_mode_
                   ? fmt::format("  {:>14} {:>6} {:>14} {:>14} {:>10}  ", weight, share, inclusive,
                                 instructions, calls)
                   : fmt::format("  {:>14} {:>6} {:>14} {:>10}  ", weight, share, inclusive, calls);
    };
    text += columns(cycle_mode_ ? "cycles" : "instructions", "%", "inclusive", "instructions",
                    "calls") +
            "function\n";
    for (std::size_t rank = 0; rank < std::min(kSummaryFunctions, order.size()); ++rank) {
        const Function& function = *order[rank];
        if (weight(function) == 0) {
            break;
        }
        const double share =
            100.0 * static_cast<double>(weight(function)) / static_cast<double>(weight(total));
        text += columns(std::to_string(weight(function)), fmt::format("{:.1f}%", share),
                        std::to_string(inclusive_weight(function)),
                        std::to_string(function.instructions), std::to_string(function.calls)) +
                function.name + function.where + "\n";
    }
    return text;
}

} // namespace xbemu
