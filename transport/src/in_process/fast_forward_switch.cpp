#include "in_process/fast_forward_switch.hpp"

#include "messages/message_fabric.hpp"
#include "xbemu/timed_line_output.hpp"

#include <algorithm>
#include <cstdio>
#include <fmt/format.h>

namespace xbemu {

namespace {

// The PEs print completed lines at once in the functional part; when the job ends there, what
// is left is their unterminated last lines.
void print_pending_lines(const std::vector<std::unique_ptr<ProcessingElement>>& pes, bool finish) {
    std::vector<TimedLine> lines;
    for (const auto& pe : pes) {
        pe->drain_output(lines, finish);
    }
    std::stable_sort(lines.begin(), lines.end(), printed_before);
    for (const TimedLine& line : lines) {
        std::fwrite(line.text.data(), 1, line.text.size(), stdout);
    }
    std::fflush(stdout);
}

std::string switch_point(const MachineConfig::FastForward& fast_forward) {
    if (fast_forward.to_checkpoint) {
        return "xbemu_checkpoint()";
    }
    return fast_forward.to_roi ? std::string("xbemu_roi_begin()")
                               : fmt::format("{} instructions", fast_forward.instructions);
}

} // namespace

SwitchVotes switch_votes(const std::vector<std::unique_ptr<ProcessingElement>>& pes,
                         const PeGroup& group, int status, bool failed) {
    SwitchVotes votes;
    votes.stopped =
        group.stop_requested() && (!group.stopping_for_switch() || group.stop_signal() != 0);
    votes.reached =
        std::any_of(pes.begin(), pes.end(), [](const auto& pe) { return pe->reached_switch(); });
    votes.nonzero_status = status != 0;
    votes.failed = failed;
    return votes;
}

bool conclude_fast_forward(const MachineConfig& config,
                           const std::vector<std::unique_ptr<ProcessingElement>>& pes,
                           const SwitchVotes& votes, bool report) {
    const bool switches = votes.reached && !votes.nonzero_status && !votes.failed && !votes.stopped;
    print_pending_lines(pes, !switches);
    if (report && !votes.reached && !votes.failed && !votes.stopped) {
        const bool checkpointing = !config.checkpointing.write.empty();
        std::fprintf(stderr,
                     "xbemu: %s: no PE reached %s, so %sthe whole run was in the functional mode\n",
                     checkpointing ? "--checkpoint" : "--fast-forward",
                     switch_point(*config.fast_forward).c_str(),
                     checkpointing ? "no checkpoint was written and " : "");
    }
    return switches;
}

bool fast_forward_switches(const MachineConfig& config,
                           const std::vector<std::unique_ptr<ProcessingElement>>& pes,
                           const PeGroup& group, int status, bool failed) {
    return conclude_fast_forward(config, pes, switch_votes(pes, group, status, failed), true);
}

std::vector<MessagePortSnapshot> fifos_at_switch(MessageFabric* fabric, unsigned pe_count) {
    std::vector<MessagePortSnapshot> fifos;
    if (fabric != nullptr) {
        for (unsigned id = 0; id < pe_count; ++id) {
            fifos.push_back(fabric->port(id).snapshot());
        }
    }
    return fifos;
}

std::vector<std::unique_ptr<TimedPe>>
switch_to_cycle_mode(const std::vector<std::unique_ptr<ProcessingElement>>& pes, PeGroup& group,
                     const std::vector<MessagePortSnapshot>& fifos) {
    group.end_stop_for_switch();
    std::vector<std::unique_ptr<TimedPe>> timed;
    for (std::size_t index = 0; index < pes.size(); ++index) {
        ProcessingElement& pe = *pes[index];
        pe.enter_cycle_mode();
        timed.push_back(std::make_unique<TimedPe>(pe));
        if (!fifos.empty()) {
            timed.back()->network().message_port().carry_over(fifos[index]);
        }
        pe.begin_cycle_mode_measurement();
    }
    return timed;
}

} // namespace xbemu
