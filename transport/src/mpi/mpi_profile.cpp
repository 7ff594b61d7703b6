#include "mpi/mpi_profile.hpp"

#include "xbemu/job_profile.hpp"

#include <mpi.h>
#include <string>
#include <vector>

namespace xbemu {

void gather_profile(ProcessingElement& pe) {
    JobProfile* profile = pe.config().profile;
    if (profile == nullptr) {
        return;
    }
    pe.end_profile();
    const std::string entry = profile->pe_entry(pe.id());
    int rank = 0;
    int size = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int length = static_cast<int>(entry.size());
    std::vector<int> lengths(rank == 0 ? static_cast<std::size_t>(size) : 0);
    MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::vector<int> offsets(lengths.size(), 0);
    for (std::size_t index = 1; index < lengths.size(); ++index) {
        offsets[index] = offsets[index - 1] + lengths[index - 1];
    }
    std::string all(rank == 0 ? static_cast<std::size_t>(offsets.back() + lengths.back()) : 0,
                    '\0');
    MPI_Gatherv(entry.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(),
                MPI_CHAR, 0, MPI_COMM_WORLD);
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
