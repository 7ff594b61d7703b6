#include "mpi/mpi_fast_forward.hpp"

#include <array>
#include <mpi.h>

namespace xbemu {

std::optional<std::vector<MessagePortSnapshot>>
agree_on_switch(const MachineConfig& config,
                const std::vector<std::unique_ptr<ProcessingElement>>& pes, const PeGroup& group,
                int status, bool failed, MpiMessageNetwork* messages, bool reports) {
    const SwitchVotes own = switch_votes(pes, group, status, failed);
    const std::array<int, 4> local{own.reached, own.nonzero_status, own.failed, own.stopped};
    std::array<int, 4> any{};
    MPI_Allreduce(local.data(), any.data(), static_cast<int>(any.size()), MPI_INT, MPI_LOR,
                  MPI_COMM_WORLD);
    const SwitchVotes votes{any[0] != 0, any[1] != 0, any[2] != 0, any[3] != 0};
    if (!conclude_fast_forward(config, pes, votes, reports)) {
        return std::nullopt;
    }
    std::vector<MessagePortSnapshot> fifos;
    if (messages != nullptr) {
        messages->settle();
        for (const auto& pe : pes) {
            fifos.push_back(messages->port(pe->id()).snapshot());
        }
    }
    return fifos;
}

} // namespace xbemu
