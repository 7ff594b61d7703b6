#pragma once
// --fast-forward (docs/measuring.md, "Fast-forward"), in one process and, for its rank's PEs,
// under mpirun (mpi/mpi_fast_forward.hpp): the job's PEs first run in
// the functional mode, each until it stops at its xbemu_roi_begin() or after the fast-forward's
// instructions, or ends; then every PE goes on in the cycle mode from one point, where every
// clock and every statistic starts from 0, under the cycle scheduler.

#include "xbemu/processing_element.hpp"
#include "xbemu/timing/timed_pe.hpp"

#include <memory>
#include <vector>

namespace xbemu {

class MessageFabric;

// What the functional part left on the PEs of one process, which decides whether the job
// switches: some PE reached its switch point, the job's status is not 0, some PE failed,
// something stopped the PEs but the switch itself (a signal, a job's end).
struct SwitchVotes {
    bool reached = false;
    bool nonzero_status = false;
    bool failed = false;
    bool stopped = false;
};
SwitchVotes switch_votes(const std::vector<std::unique_ptr<ProcessingElement>>& pes,
                         const PeGroup& group, int status, bool failed);

// Whether the job goes on in the cycle mode, from the votes of all its PEs (under mpirun: every
// rank's, combined): when at least one PE reached the switch, none failed, and nothing stopped
// the PEs but the switch itself (PEs that waited for a stopped one, PeGroup::stop_for_switch).
// When it ends here, prints `pes`' unterminated last lines, and when no PE reached the switch,
// and `report`, says so in one line.
bool conclude_fast_forward(const MachineConfig& config,
                           const std::vector<std::unique_ptr<ProcessingElement>>& pes,
                           const SwitchVotes& votes, bool report);

// Both above, for a job whose PEs are all in this process; `status` and `failed` are the
// functional part's outcome (a PE failed or xbemu stopped one).
bool fast_forward_switches(const MachineConfig& config,
                           const std::vector<std::unique_ptr<ProcessingElement>>& pes,
                           const PeGroup& group, int status, bool failed);

// The PIMP FIFOs and credits of every PE of `fabric` at the switch (null, no PIMP: none).
std::vector<MessagePortSnapshot> fifos_at_switch(MessageFabric* fabric, unsigned pe_count);

// Puts every PE into the cycle mode (a PE that ended stays ended) and makes its TimedPe, whose
// PIMP FIFOs and credits take over `fifos` (one per PE of `pes`, in its order; empty: no PIMP);
// ends the group's stop for the switch.
std::vector<std::unique_ptr<TimedPe>>
switch_to_cycle_mode(const std::vector<std::unique_ptr<ProcessingElement>>& pes, PeGroup& group,
                     const std::vector<MessagePortSnapshot>& fifos);

} // namespace xbemu
