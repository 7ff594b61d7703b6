#include "xbemu/pe_state_summary.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <map>
#include <utility>

namespace xbemu {

namespace {

struct StateGroup {
    const PeState* first = nullptr;
    std::vector<unsigned> pes; // ascending
};

// "1-1023", "0, 2-5, 9 and 40 more".
std::string pe_ranges(const std::vector<unsigned>& pes) {
    std::vector<std::pair<unsigned, unsigned>> ranges;
    for (const unsigned pe : pes) {
        if (!ranges.empty() && ranges.back().second + 1 == pe) {
            ranges.back().second = pe;
        } else {
            ranges.emplace_back(pe, pe);
        }
    }
    std::string text;
    std::size_t spelled = 0;
    for (std::size_t index = 0; index < ranges.size() && index < kRangesListed; ++index) {
        const auto [low, high] = ranges[index];
        text += (index == 0 ? "" : ", ") +
                (low == high ? fmt::format("{}", low) : fmt::format("{}-{}", low, high));
        spelled += high - low + 1;
    }
    if (spelled < pes.size()) {
        text += fmt::format(" and {} more", pes.size() - spelled);
    }
    return text;
}

std::string describe(const StateGroup& group) {
    const PeState& state = *group.first;
    if (group.pes.size() == 1) {
        return fmt::format("PE {} {} {}", state.pe, state.verb, state.rest);
    }
    return fmt::format("{} PEs {} {} (PEs {})", group.pes.size(), state.plural_verb, state.rest,
                       pe_ranges(group.pes));
}

} // namespace

std::vector<PeState> name_loop_waits(const std::vector<LoopWait>& waits,
                                     const ProgramLayout& layout) {
    const auto function_of = [&](std::uint64_t pc) {
        const CodeRange* symbol = layout.symbol_at(pc);
        return symbol != nullptr ? symbol->name : std::string();
    };
    // By (what, function): the lowest and highest pc seen.
    std::map<std::pair<std::string, std::string>, std::pair<std::uint64_t, std::uint64_t>> pcs_in;
    for (const LoopWait& wait : waits) {
        const auto [entry, added] =
            pcs_in.try_emplace({wait.what, function_of(wait.pc)}, wait.pc, wait.pc);
        entry->second = {std::min(entry->second.first, wait.pc),
                         std::max(entry->second.second, wait.pc)};
    }
    std::vector<PeState> states;
    for (const LoopWait& wait : waits) {
        const std::string name = function_of(wait.pc);
        std::string rest = wait.what;
        if (name.empty()) {
            rest += fmt::format("in the loop at pc 0x{:x}", wait.pc);
        } else {
            const auto [low, high] = pcs_in.at({wait.what, name});
            rest += fmt::format("in the loop in {} at pc 0x{:x}", name, low);
            if (high != low) {
                rest += fmt::format("-0x{:x}", high);
            }
        }
        states.push_back({wait.pe, wait.verb, wait.plural_verb, std::move(rest)});
    }
    return states;
}

std::string summarize_pe_states(std::vector<PeState> states) {
    std::sort(states.begin(), states.end(),
              [](const PeState& a, const PeState& b) { return a.pe < b.pe; });
    std::vector<StateGroup> groups;
    std::map<std::pair<std::string, std::string>, std::size_t> group_of;
    for (const PeState& state : states) {
        const auto [entry, added] = group_of.try_emplace({state.verb, state.rest}, groups.size());
        if (added) {
            groups.push_back(StateGroup{&state, {}});
        }
        groups[entry->second].pes.push_back(state.pe);
    }
    std::string text;
    std::size_t described = 0;
    for (std::size_t index = 0; index < groups.size() && index < kStatesListed; ++index) {
        text += (index == 0 ? "" : ", ") + describe(groups[index]);
        described += groups[index].pes.size();
    }
    if (groups.size() > kStatesListed) {
        text += fmt::format(", and {} more PEs in {} other states", states.size() - described,
                            groups.size() - kStatesListed);
    }
    return text;
}

} // namespace xbemu
