#pragma once
// --checkpoint, --checkpoint-exit and --restore (docs/measuring.md, "Checkpoints"): the job
// written at the fast-forward's switch, and a job rebuilt from such a file.

#include "xbemu/machine_config.hpp"

#include <CLI/CLI.hpp>
#include <string>

namespace xbemu {

struct CheckpointOptions {
    std::string write;
    bool exit_after_write = false;
    std::string restore;
};

void add_checkpoint_options(CLI::App& app, CheckpointOptions& options);
// Sets config.checkpointing (and, for --checkpoint without --fast-forward, the fast-forward to
// xbemu_checkpoint()); for --restore reads the file and checks it against this run: `pes` (-n, 0
// when not given) becomes the checkpoint's PE count. `version` is this xbemu's;
// `message_passing`: the ISA has PIMP. Throws std::invalid_argument or CheckpointError (one
// line) for options that do not go together, a checkpoint that cannot be read, or one of
// another xbemu, ISA, PE count, -m or program, or (with PIMP) of other FIFO depths; under
// mpirun keeps such a refusal of the file in config.checkpointing.refusal instead, and leaves
// the job's PE count and the checkpoint's writability to the ranks' set-up.
void apply_checkpoint_options(const CheckpointOptions& options, const std::string& version,
                              bool under_mpirun, bool with_gdb, bool message_passing,
                              MachineConfig& config, unsigned& pes);

} // namespace xbemu
