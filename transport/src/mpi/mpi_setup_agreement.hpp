#pragma once
// Setting up an MPI job is collective: a rank that cannot go on (bad option, unreadable OLB
// table, program outside RAM) must not leave the others waiting in the next collective call.
// So the ranks agree at each step whether all of them succeeded, and when one did not, all stop
// together and rank 0 alone reports the first failure.

#include "xbemu/transport/mpi_job.hpp"

#include <optional>
#include <stdexcept>
#include <string>

namespace xbemu {

// Thrown on every rank when some rank's set-up failed. On rank 0 the message is the failure of
// the lowest-numbered failing rank; elsewhere it is empty (rank 0 reports it).
class MpiSetupRefused : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Collective over MPI_COMM_WORLD. `error` is this rank's failure, if any.
void agree_on_setup(const std::optional<std::string>& error);

// Collective over MPI_COMM_WORLD, in one exchange of digests. When some rank's settings differ
// from rank 0's, throws MpiSetupRefused on every rank; rank 0's message names the first
// differing option and the lowest-numbered rank that differs on it.
void agree_on_settings(const std::vector<RankSetting>& settings);

} // namespace xbemu
