#pragma once
// --checkpoint and --restore (docs/measuring.md, "Checkpoints"): the job at the fast-forward's
// switch, written to a file or rebuilt from one, in one process and, a rank's PEs at a time,
// under mpirun (mpi/mpi_checkpoint.hpp). Each PE serialises its own state
// (ProcessingElement::save_checkpoint); this adds the PIMP FIFOs and credits the switch carries
// into the cycle mode, the job's section and the file's header. The file is the same whoever
// wrote it: a header, the job's section, then a section per PE in PE order.

#include "xbemu/checkpoint_file.hpp"
#include "xbemu/machine_config.hpp"
#include "xbemu/message_port.hpp"
#include "xbemu/processing_element.hpp"

#include <memory>
#include <string>
#include <vector>

namespace xbemu {

// The header of a checkpoint of `pe_count` PEs started by `launcher` ("in-process", "mpirun").
CheckpointHeader job_checkpoint_header(const MachineConfig& config, unsigned pe_count,
                                       const std::string& launcher);
// The job's section, first after the header (`message_passing`: the PE sections carry PIMP
// FIFOs).
void add_job_section(CheckpointFileWriter& file, unsigned pe_count, bool message_passing);

// Adds a section per PE of `pes`: its state, and `fifos` (one per PE of `pes`, in its order;
// empty without PIMP). Throws CheckpointError (a host file open, a file that cannot be written).
void add_pe_sections(CheckpointFileWriter& file,
                     const std::vector<std::unique_ptr<ProcessingElement>>& pes,
                     const std::vector<MessagePortSnapshot>& fifos);

// Writes config.checkpointing.write: every PE of the job, all in `pes`.
void write_job_checkpoint(const MachineConfig& config,
                          const std::vector<std::unique_ptr<ProcessingElement>>& pes,
                          const std::vector<MessagePortSnapshot>& fifos);

// Restores `pes`, PEs `first_pe` on of a job of `pe_count` PEs (loaded, not run), from the
// sections of `file`, whose header the caller has checked, passing over the other PEs'; returns
// the PIMP FIFOs to carry into the cycle mode (empty without PIMP). Throws CheckpointError for a
// corrupt section or a job section of another PE count.
std::vector<MessagePortSnapshot>
restore_rank_checkpoint(CheckpointFileReader& file,
                        const std::vector<std::unique_ptr<ProcessingElement>>& pes,
                        unsigned first_pe, unsigned pe_count);

// The same for a job whose PEs are all in `pes`.
std::vector<MessagePortSnapshot>
restore_job_checkpoint(CheckpointFileReader& file,
                       const std::vector<std::unique_ptr<ProcessingElement>>& pes);

} // namespace xbemu
