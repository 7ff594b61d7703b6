#pragma once
// --checkpoint and --restore under mpirun (docs/measuring.md, "Checkpoints"): one file, the same
// as one process writes (in_process/job_checkpoint.hpp), which the ranks write in turn, each its
// own PEs' sections, and from which each rank restores its own PEs, passing over the others'.
// So a checkpoint restores on any split of its PEs between ranks, or in one process.

#include "xbemu/machine_config.hpp"
#include "xbemu/message_port.hpp"
#include "xbemu/processing_element.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace xbemu {

// At set-up, on every rank of a job of config.pe_count PEs: why the checkpoint options cannot
// be followed (--restore: the file's refusal, or another PE count; --checkpoint: on rank 0, a
// file that cannot be written), or nothing. The ranks agree on it (agree_on_setup).
std::optional<std::string> checkpoint_setup_error(const MachineConfig& config, int rank, int ranks,
                                                  unsigned pes_per_rank);

// At the switch: writes this rank's part of config.checkpointing.write, `pes` (PEs
// pes.front()->id() on) and their PIMP `fifos` (empty without PIMP): rank 0 the header, the
// job's section and its PEs', each next rank its own PEs' once the one before it is done, and
// the last rank finishes the file. Collective over MPI_COMM_WORLD. Throws MpiSetupRefused on
// every rank when one could not write its part (rank 0's message says why), and leaves no file.
void write_rank_checkpoint(const MachineConfig& config, int rank, int ranks,
                           const std::vector<std::unique_ptr<ProcessingElement>>& pes,
                           const std::vector<MessagePortSnapshot>& fifos);

// Restores `pes` (PEs pes.front()->id() on, loaded and not run) from config.checkpointing's
// file; returns their PIMP FIFOs (empty without PIMP). Throws CheckpointError, naming the file.
std::vector<MessagePortSnapshot>
restore_rank_part(const MachineConfig& config,
                  const std::vector<std::unique_ptr<ProcessingElement>>& pes);

} // namespace xbemu
