#pragma once
// --fast-forward in one process (docs/measuring.md, "Fast-forward"): the job's PEs first run in
// the functional mode, each until it stops at its xbemu_roi_begin() or after the fast-forward's
// instructions, or ends; then every PE goes on in the cycle mode from one point, where every
// clock and every statistic starts from 0, under the cycle scheduler.

#include "xbemu/processing_element.hpp"
#include "xbemu/timing/timed_pe.hpp"

#include <memory>
#include <vector>

namespace xbemu {

class MessageFabric;

// After the functional part, whose outcome is `status` and `failed` (a PE failed or xbemu
// stopped one): whether the job goes on in the cycle mode, which it does when at least one PE
// reached the switch, none failed, and nothing stopped the PEs but the switch itself (PEs that
// waited for a stopped one, PeGroup::stop_for_switch). When it ends here, prints the PEs'
// unterminated last lines, and when no PE reached the switch, says so in one line.
bool fast_forward_switches(const MachineConfig& config,
                           const std::vector<std::unique_ptr<ProcessingElement>>& pes,
                           const PeGroup& group, int status, bool failed);

// The PIMP FIFOs and credits of every PE of `fabric` at the switch (null, no PIMP: none).
std::vector<MessagePortSnapshot> fifos_at_switch(MessageFabric* fabric, unsigned pe_count);

// Puts every PE into the cycle mode (a PE that ended stays ended) and makes its TimedPe, whose
// PIMP FIFOs and credits take over `fifos` (one per PE; empty: no PIMP); ends the group's stop
// for the switch.
std::vector<std::unique_ptr<TimedPe>>
switch_to_cycle_mode(const std::vector<std::unique_ptr<ProcessingElement>>& pes, PeGroup& group,
                     const std::vector<MessagePortSnapshot>& fifos);

} // namespace xbemu
