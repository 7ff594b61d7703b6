#pragma once
// --checkpoint and --restore in one process (docs/measuring.md, "Checkpoints"): the job at the
// fast-forward's switch, written to a file or rebuilt from one. Each PE serialises its own state
// (ProcessingElement::save_checkpoint); this adds the PIMP FIFOs and credits the switch carries
// into the cycle mode, and the file's header.

#include "xbemu/checkpoint_file.hpp"
#include "xbemu/machine_config.hpp"
#include "xbemu/message_port.hpp"
#include "xbemu/processing_element.hpp"

#include <memory>
#include <vector>

namespace xbemu {

// Writes config.checkpointing.write: every PE, and `fifos` (one per PE; empty without PIMP).
// Throws CheckpointError (a host file open, a file that cannot be written).
void write_job_checkpoint(const MachineConfig& config,
                          const std::vector<std::unique_ptr<ProcessingElement>>& pes,
                          const std::vector<MessagePortSnapshot>& fifos);

// Restores every PE (loaded, not run) from the sections of `file`, whose header the caller has
// checked; returns the PIMP FIFOs to carry into the cycle mode (empty without PIMP). Throws
// CheckpointError for a corrupt section.
std::vector<MessagePortSnapshot>
restore_job_checkpoint(CheckpointFileReader& file,
                       const std::vector<std::unique_ptr<ProcessingElement>>& pes);

} // namespace xbemu
