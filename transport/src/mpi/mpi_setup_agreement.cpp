#include "mpi/mpi_setup_agreement.hpp"

#include <fmt/format.h>
#include <mpi.h>

namespace xbemu {

namespace {

constexpr int kMessageTag = 0x7853;

std::string receive_message(int source) {
    MPI_Status status;
    MPI_Probe(source, kMessageTag, MPI_COMM_WORLD, &status);
    int length = 0;
    MPI_Get_count(&status, MPI_CHAR, &length);
    std::string message(static_cast<std::size_t>(length), '\0');
    MPI_Recv(message.data(), length, MPI_CHAR, source, kMessageTag, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    return message;
}

} // namespace

void agree_on_setup(const std::optional<std::string>& error) {
    int rank = 0;
    int size = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int candidate = error ? rank : size;
    int first_failing = size;
    MPI_Allreduce(&candidate, &first_failing, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (first_failing == size) {
        return;
    }
    if (rank == first_failing && rank != 0) {
        MPI_Send(error->data(), static_cast<int>(error->size()), MPI_CHAR, 0, kMessageTag,
                 MPI_COMM_WORLD);
    }
    if (rank != 0) {
        throw MpiSetupRefused(std::string());
    }
    throw MpiSetupRefused(first_failing == 0 ? *error
                                             : fmt::format("rank {}: {}", first_failing,
                                                           receive_message(first_failing)));
}

} // namespace xbemu
