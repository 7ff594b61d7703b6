#include "mpi/mpi_exchange.hpp"

#include "messages/message_routing.hpp"
#include "messages/window_report_codec.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <mpi.h>
#include <sched.h>
#include <stdexcept>

namespace xbemu {

namespace {

// Room for one rank's report of one window in shared memory; a larger report (a burst of
// output, say) takes the MPI path for that window.
constexpr std::size_t kSlotBytes = 1 << 20;

// Waits for a non-blocking collective, giving the host CPU away between looks: the ranks of a
// job often outnumber the host's cores, and a rank spinning inside MPI would keep the rank it
// waits for from running.
void wait_yielding(MPI_Request& request) {
    int done = 0;
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    while (done == 0) {
        sched_yield();
        MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    }
}

int as_count(std::size_t value) {
    if (value > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
        throw std::runtime_error("a window's reports exceed what one MPI call can move");
    }
    return static_cast<int>(value);
}

} // namespace

MpiExchange::MpiExchange(std::unique_ptr<netsim::Network> network, unsigned first_pe,
                         const std::vector<netsim::Inbox*>& inboxes, unsigned pe_count,
                         const MpiNode& node)
    : router_(std::move(network)), local_(pe_count, nullptr),
      ranks_(pe_count / static_cast<unsigned>(inboxes.size())) {
    for (std::size_t index = 0; index < inboxes.size(); ++index) {
        local_.at(first_pe + index) = inboxes[index];
    }
    if (node.node_count() == 1) {
        slots_.emplace(node, kSlotBytes);
    }
}

void MpiExchange::gather_through_mpi(WindowResult& result) {
    const int size = as_count(report_bytes_.size());
    std::vector<int> sizes(ranks_);
    MPI_Request request = MPI_REQUEST_NULL;
    MPI_Iallgather(&size, 1, MPI_INT, sizes.data(), 1, MPI_INT, MPI_COMM_WORLD, &request);
    wait_yielding(request);
    std::vector<int> displacements(ranks_);
    std::size_t total = 0;
    for (unsigned rank = 0; rank < ranks_; ++rank) {
        displacements[rank] = as_count(total);
        total += static_cast<std::size_t>(sizes[rank]);
    }
    all_reports_.resize(total);
    MPI_Iallgatherv(report_bytes_.data(), size, MPI_BYTE, all_reports_.data(), sizes.data(),
                    displacements.data(), MPI_BYTE, MPI_COMM_WORLD, &request);
    wait_yielding(request);
    for (unsigned rank = 0; rank < ranks_; ++rank) {
        decode_report(std::span<const std::byte>(all_reports_.data() + displacements[rank],
                                                 static_cast<std::size_t>(sizes[rank])),
                      result, messages_);
    }
}

netsim::Cycle MpiExchange::earliest_over_hosts(netsim::Cycle cycle) {
    static_assert(sizeof(netsim::Cycle) == sizeof(std::uint64_t));
    if (slots_) {
        parity_ ^= 1U;
        return slots_->earliest(parity_, cycle);
    }
    std::uint64_t earliest = 0;
    MPI_Request request = MPI_REQUEST_NULL;
    MPI_Iallreduce(&cycle, &earliest, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD, &request);
    wait_yielding(request);
    return earliest;
}

void MpiExchange::exchange(WindowReport& report, WindowResult& result) {
    const netsim::Cycle window_end = report.window_end;
    encode_report(report, report_bytes_);
    report.messages.clear();
    report.pes.clear();
    report.lines.clear();
    report.failures.clear();
    result.pes.clear();
    result.lines.clear();
    result.failures.clear();
    messages_.clear();
    bool gathered = false;
    if (slots_) {
        parity_ ^= 1U;
        slots_->publish(parity_, report_bytes_);
        slots_->wait_for_all();
        if (slots_->all_fit(parity_)) {
            for (unsigned rank = 0; rank < ranks_; ++rank) {
                decode_report(*slots_->report(static_cast<int>(rank), parity_), result, messages_);
            }
            gathered = true;
        }
    }
    if (!gathered) {
        gather_through_mpi(result);
    }
    std::sort(result.lines.begin(), result.lines.end(), printed_before);
    result.earliest_due = router_.route_and_deliver(messages_, window_end, local_);
}

} // namespace xbemu
