#include "checkpoint_options.hpp"

#include "xbemu/checkpoint_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace xbemu {

void add_checkpoint_options(CLI::App& app, CheckpointOptions& options) {
    app.add_option("--checkpoint", options.write,
                   "cycle mode: run the functional mode until every PE has reached "
                   "xbemu_checkpoint() (or --fast-forward's point), write the whole job to this "
                   "file, then go on in the cycle mode (see docs/measuring.md)");
    app.add_flag("--checkpoint-exit", options.exit_after_write,
                 "with --checkpoint: end the run once the checkpoint is written");
    app.add_option("--restore", options.restore,
                   "cycle mode: start from this checkpoint (of the same program, --isa and -m; "
                   "any --machine, --host-threads and engine) and run on in the cycle mode");
}

namespace {

void check_restored(const CheckpointHeader& header, const std::string& name,
                    const std::string& version, const MachineConfig& config, unsigned pes,
                    bool message_passing) {
    if (header.xbemu_version != version) {
        throw CheckpointError(fmt::format("checkpoint {} was written by xbemu {}; this is xbemu {}",
                                          name, header.xbemu_version, version));
    }
    if (header.isa != config.isa) {
        throw CheckpointError(
            fmt::format("checkpoint {} is of --isa {}, not {}", name, header.isa, config.isa));
    }
    if (pes != 0 && pes != header.pe_count) {
        throw CheckpointError(
            fmt::format("checkpoint {} is of {} PEs, not -n {}", name, header.pe_count, pes));
    }
    if (header.memory_size != config.memory_size) {
        throw CheckpointError(fmt::format("checkpoint {} is of -m {}M, not -m {}M", name,
                                          header.memory_size >> 20, config.memory_size >> 20));
    }
    // The FIFOs and credits a checkpoint carries fit the depths they were made with.
    if (message_passing) {
        const nlohmann::json written = nlohmann::json::parse(header.machine, nullptr, false);
        const nlohmann::json here = nlohmann::json::parse(machine_description_json(config.machine));
        if (written.is_discarded() || !written.contains("pimp") ||
            written["pimp"] != here["pimp"]) {
            throw CheckpointError(fmt::format(
                "checkpoint {} holds PIMP FIFOs of the depths {}; this machine's are {}: give "
                "--machine a description with the checkpoint's \"pimp\" depths",
                name,
                written.is_discarded() ? std::string("(unreadable)")
                                       : written.value("pimp", nlohmann::json()).dump(),
                here["pimp"].dump()));
        }
    }
    const ProgramFingerprint program = program_fingerprint(config.program);
    if (program.size != header.program_size || program.hash != header.program_hash) {
        throw CheckpointError(fmt::format("checkpoint {} is of another program than {}", name,
                                          config.program.string()));
    }
}

} // namespace

void apply_checkpoint_options(const CheckpointOptions& options, const std::string& version,
                              bool under_mpirun, bool with_gdb, bool message_passing,
                              MachineConfig& config, unsigned& pes) {
    if (options.exit_after_write && options.write.empty()) {
        throw std::invalid_argument("--checkpoint-exit needs --checkpoint FILE");
    }
    if (options.write.empty() && options.restore.empty()) {
        return;
    }
    const char* option = options.write.empty() ? "--restore" : "--checkpoint";
    if (!options.write.empty() && !options.restore.empty()) {
        throw std::invalid_argument("--checkpoint and --restore do not go together: a restored "
                                    "run starts in the cycle mode, where no checkpoint is taken");
    }
    if (with_gdb) {
        throw std::invalid_argument(fmt::format("{} does not work with --gdb", option));
    }
    if (config.timing != TimingMode::Cycle) {
        throw std::invalid_argument(fmt::format(
            "{} applies to --timing cycle (the checkpoint is where the cycle mode starts)",
            option));
    }
    config.checkpointing.header_version = version;
    config.checkpointing.header_machine = machine_description_json(config.machine);
    if (!options.write.empty()) {
        if (!config.fast_forward) {
            config.fast_forward = MachineConfig::FastForward{false, 0, true};
        }
        // Under mpirun rank 0 checks it, once the ranks know which of them is rank 0.
        if (!under_mpirun) {
            CheckpointFileWriter::check_writable(options.write);
        }
        config.checkpointing.write = options.write;
        config.checkpointing.exit_after_write = options.exit_after_write;
        return;
    }
    if (config.fast_forward) {
        throw std::invalid_argument("--restore starts where the checkpoint's fast-forward ended: "
                                    "drop --fast-forward");
    }
    config.checkpointing.restore = options.restore;
    if (under_mpirun) {
        // Every rank reads the file; a refusal, the same on every rank, is said once, by rank 0,
        // when the ranks agree on their set-up, which also checks the job's PE count (-n is each
        // rank's).
        try {
            auto file = std::make_shared<CheckpointFileReader>(options.restore);
            check_restored(file->header(), options.restore, version, config, 0, message_passing);
            config.checkpointing.restored = std::move(file);
        } catch (const CheckpointError& refusal) {
            config.checkpointing.refusal = refusal.what();
        }
        return;
    }
    auto file = std::make_shared<CheckpointFileReader>(options.restore);
    check_restored(file->header(), options.restore, version, config, pes, message_passing);
    pes = file->header().pe_count;
    config.checkpointing.restored = std::move(file);
}

} // namespace xbemu
