#include "mpi/mpi_setup_agreement.hpp"

#include "mpi/mpi_setup_wait.hpp"

#include <cstdint>
#include <fmt/format.h>
#include <mpi.h>
#include <string_view>
#include <vector>

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

// FNV-1a: settings may be large (a program's bytes), and an accidental collision between
// two ranks' values is out of reach at 64 bits.
std::uint64_t digest(std::string_view value) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (const char byte : value) {
        hash = (hash ^ static_cast<unsigned char>(byte)) * 0x100000001b3ULL;
    }
    return hash;
}

} // namespace

void agree_on_settings(const std::vector<RankSetting>& settings) {
    int rank = 0;
    int size = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const std::size_t count = settings.size();
    std::vector<std::uint64_t> mine(count);
    for (std::size_t index = 0; index < count; ++index) {
        mine[index] = digest(settings[index].value);
    }
    std::vector<std::uint64_t> all(count * static_cast<std::size_t>(size));
    setup_allgather(mine.data(), static_cast<int>(count), MPI_UINT64_T, all.data(), MPI_COMM_WORLD);
    for (std::size_t index = 0; index < count; ++index) {
        for (int other = 1; other < size; ++other) {
            if (all[static_cast<std::size_t>(other) * count + index] == all[index]) {
                continue;
            }
            const std::string& description = settings[index].description;
            if (rank == other) {
                MPI_Send(description.data(), static_cast<int>(description.size()), MPI_CHAR, 0,
                         kMessageTag, MPI_COMM_WORLD);
            }
            if (rank != 0) {
                throw MpiSetupRefused(std::string());
            }
            throw MpiSetupRefused(fmt::format("ranks disagree on {}: rank 0 has {}, rank {} has {}",
                                              settings[index].option, description, other,
                                              receive_message(other)));
        }
    }
}

void agree_on_setup(const std::optional<std::string>& error) {
    int rank = 0;
    int size = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int candidate = error ? rank : size;
    int first_failing = size;
    setup_allreduce(&candidate, &first_failing, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
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
