#include "mpi/mpi_checkpoint.hpp"

#include "in_process/job_checkpoint.hpp"
#include "mpi/mpi_setup_agreement.hpp"

#include <cstdio>
#include <filesystem>
#include <fmt/format.h>
#include <mpi.h>
#include <string_view>

namespace xbemu {

namespace {

// The turn to write passes from rank to rank with this tag; its value says whether the ranks
// before have written their parts.
constexpr int kTurnTag = 0x434b; // "CK"

} // namespace

std::optional<std::string> checkpoint_setup_error(const MachineConfig& config, int rank, int ranks,
                                                  unsigned pes_per_rank) {
    const MachineConfig::Checkpointing& checkpointing = config.checkpointing;
    if (checkpointing.refusal) {
        return checkpointing.refusal;
    }
    if (checkpointing.restored && checkpointing.restored->header().pe_count != config.pe_count) {
        return fmt::format("checkpoint {} is of {} PEs, not {} ranks of -n {} ({} PEs)",
                           checkpointing.restore.string(),
                           checkpointing.restored->header().pe_count, ranks, pes_per_rank,
                           config.pe_count);
    }
    if (!checkpointing.write.empty() && rank == 0) {
        try {
            CheckpointFileWriter::check_writable(checkpointing.write);
        } catch (const CheckpointError& refusal) {
            return std::string(refusal.what());
        }
    }
    return std::nullopt;
}

void write_rank_checkpoint(const MachineConfig& config, int rank, int ranks,
                           const std::vector<std::unique_ptr<ProcessingElement>>& pes,
                           const std::vector<MessagePortSnapshot>& fifos) {
    const std::filesystem::path& path = config.checkpointing.write;
    int written_before = 1;
    if (rank > 0) {
        MPI_Recv(&written_before, 1, MPI_INT, rank - 1, kTurnTag, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    }
    std::optional<std::string> error;
    if (written_before != 0) {
        try {
            std::optional<CheckpointFileWriter> file;
            if (rank == 0) {
                file.emplace(path, job_checkpoint_header(config, config.pe_count, "mpirun"));
                add_job_section(*file, config.pe_count, !fifos.empty());
            } else {
                file.emplace(path);
            }
            add_pe_sections(*file, pes, fifos);
            if (rank + 1 == ranks) {
                file->finish();
            } else {
                file->hand_over();
            }
        } catch (const CheckpointError& failure) {
            error = failure.what();
            std::error_code ignored;
            std::filesystem::remove(path.string() + ".partial", ignored);
        }
    }
    const int written = written_before != 0 && !error ? 1 : 0;
    if (rank + 1 < ranks) {
        MPI_Send(&written, 1, MPI_INT, rank + 1, kTurnTag, MPI_COMM_WORLD);
    }
    agree_on_setup(error);
    if (rank == 0) {
        std::fprintf(stderr, "xbemu: checkpoint of %u PEs written to %s\n", config.pe_count,
                     path.c_str());
    }
}

std::vector<MessagePortSnapshot>
restore_rank_part(const MachineConfig& config,
                  const std::vector<std::unique_ptr<ProcessingElement>>& pes) {
    try {
        return restore_rank_checkpoint(*config.checkpointing.restored, pes, pes.front()->id(),
                                       config.pe_count);
    } catch (const CheckpointError& error) {
        // The layers' own errors ("is corrupt") do not name the file.
        if (!std::string_view(error.what()).starts_with("is ")) {
            throw;
        }
        throw CheckpointError(
            fmt::format("checkpoint {} {}", config.checkpointing.restore.string(), error.what()));
    }
}

} // namespace xbemu
