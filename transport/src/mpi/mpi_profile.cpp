#include "mpi/mpi_profile.hpp"

#include "xbemu/job_profile.hpp"

#include <mpi.h>
#include <string>
#include <vector>

namespace xbemu {

void gather_profile(const std::vector<ProcessingElement*>& pes) {
    JobProfile* profile = pes.front()->config().profile;
    if (profile == nullptr) {
        return;
    }
    std::string entries_of_rank;
    std::vector<int> local_lengths;
    for (ProcessingElement* pe : pes) {
        pe->end_profile();
        const std::string entry = profile->pe_entry(pe->id());
        local_lengths.push_back(static_cast<int>(entry.size()));
        entries_of_rank += entry;
    }
    int rank = 0;
    int size = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int count = static_cast<int>(pes.size());
    const std::size_t all_pes = pes.size() * static_cast<std::size_t>(size);
    std::vector<int> lengths(rank == 0 ? all_pes : 0);
    MPI_Gather(local_lengths.data(), count, MPI_INT, lengths.data(), count, MPI_INT, 0,
               MPI_COMM_WORLD);
    std::vector<int> offsets(lengths.size(), 0);
    for (std::size_t index = 1; index < lengths.size(); ++index) {
        offsets[index] = offsets[index - 1] + lengths[index - 1];
    }
    std::vector<int> rank_lengths(rank == 0 ? static_cast<std::size_t>(size) : 0, 0);
    std::vector<int> rank_offsets(rank_lengths.size(), 0);
    for (std::size_t index = 0; index < lengths.size(); ++index) {
        rank_lengths[index / pes.size()] += lengths[index];
    }
    for (std::size_t other = 1; other < rank_lengths.size(); ++other) {
        rank_offsets[other] = rank_offsets[other - 1] + rank_lengths[other - 1];
    }
    std::string all(rank == 0 ? static_cast<std::size_t>(offsets.back() + lengths.back()) : 0,
                    '\0');
    MPI_Gatherv(entries_of_rank.data(), static_cast<int>(entries_of_rank.size()), MPI_CHAR,
                all.data(), rank_lengths.data(), rank_offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
    if (rank != 0) {
        return;
    }
    std::vector<std::string> entries;
    for (std::size_t index = 0; index < lengths.size(); ++index) {
        entries.push_back(all.substr(static_cast<std::size_t>(offsets[index]),
                                     static_cast<std::size_t>(lengths[index])));
    }
    profile->use_entries(std::move(entries));
}

} // namespace xbemu
