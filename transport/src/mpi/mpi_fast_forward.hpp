#pragma once
// --fast-forward under mpirun (docs/measuring.md, "Fast-forward"): each rank runs its PEs in the
// functional mode until each has stopped at its switch point or ended; then the ranks decide
// together whether the job switches, and each carries its PEs' PIMP FIFOs and credits into the
// cycle mode (in_process/fast_forward_switch.hpp does the rest, as in one process).

#include "in_process/fast_forward_switch.hpp"
#include "mpi/mpi_message_network.hpp"

#include <memory>
#include <optional>
#include <vector>

namespace xbemu {

// After the functional part of this rank's PEs: `status` is the first non-zero exit status among
// them (0: none), `failed` whether one failed. Collective over MPI_COMM_WORLD: the job switches
// when some PE of any rank reached its switch point, none failed and no signal stopped them.
// Then returns the FIFOs and credits of this rank's PIMP ports (`messages`, null without PIMP;
// empty then), once nothing is in flight between ranks; otherwise prints the PEs' unterminated
// last lines and, on the rank that `reports`, why no switch happened when no PE reached one.
std::optional<std::vector<MessagePortSnapshot>>
agree_on_switch(const MachineConfig& config,
                const std::vector<std::unique_ptr<ProcessingElement>>& pes, const PeGroup& group,
                int status, bool failed, MpiMessageNetwork* messages, bool reports);

} // namespace xbemu
