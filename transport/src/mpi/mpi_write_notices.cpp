#include "mpi/mpi_write_notices.hpp"

#include "xbemu/guest_ram.hpp"

#include <sched.h>
#include <utility>

namespace xbemu {

namespace {

constexpr int kNoticeTag = 0x786e;

} // namespace

MpiWriteNotices::MpiWriteNotices(unsigned pes_per_rank, WrittenHere written_here)
    : pes_per_rank_(pes_per_rank), written_here_(std::move(written_here)) {
    MPI_Comm_dup(MPI_COMM_WORLD, &communicator_);
    MPI_Comm_rank(communicator_, &rank_);
    int ranks = 0;
    MPI_Comm_size(communicator_, &ranks);
    const int wanted = written_here_ ? 1 : 0;
    int wanted_anywhere = 0;
    MPI_Allreduce(&wanted, &wanted_anywhere, 1, MPI_INT, MPI_LOR, communicator_);
    enabled_ = wanted_anywhere != 0;
    if (!enabled_) {
        return;
    }
    pending_.resize(static_cast<std::size_t>(ranks));
    sent_.resize(static_cast<std::size_t>(ranks), 0);
}

MpiWriteNotices::~MpiWriteNotices() {
    MPI_Comm_free(&communicator_);
}

void MpiWriteNotices::add(unsigned pe, std::uint64_t offset, std::uint64_t size) {
    if (!enabled_) {
        return;
    }
    std::vector<std::uint32_t>& pairs = pending_[pe / pes_per_rank_];
    const std::uint32_t index = pe % pes_per_rank_;
    const auto last = static_cast<std::uint32_t>((offset + size - 1) >> kPageShift);
    for (auto page = static_cast<std::uint32_t>(offset >> kPageShift); page <= last; ++page) {
        // At most the pages of the puts one flush completes (a few dozen): a search is cheap.
        bool known = false;
        for (std::size_t pair = 0; pair < pairs.size() && !known; pair += 2) {
            known = pairs[pair] == index && pairs[pair + 1] == page;
        }
        if (!known) {
            pairs.push_back(index);
            pairs.push_back(page);
        }
    }
}

void MpiWriteNotices::send(unsigned rank) {
    if (!enabled_ || pending_[rank].empty()) {
        return;
    }
    std::vector<std::uint32_t>& pairs = pending_[rank];
    if (static_cast<int>(rank) == rank_) {
        report(pairs);
    } else {
        // A few hundred bytes at most: MPI sends them eagerly, so this returns at once.
        MPI_Send(pairs.data(), static_cast<int>(pairs.size()), MPI_UINT32_T, static_cast<int>(rank),
                 kNoticeTag, communicator_);
        ++sent_[rank];
    }
    pairs.clear();
}

void MpiWriteNotices::receive() {
    if (!enabled_) {
        return;
    }
    // finish() may hold the lock while it waits for the last notices: it receives them itself.
    const std::unique_lock lock(receive_mutex_, std::try_to_lock);
    if (lock.owns_lock() && !finished_) {
        receive_arrived();
    }
}

void MpiWriteNotices::receive_arrived() {
    // A matched probe, so that no other receive on the communicator can take the message
    // between the probe and the receive; no receive stays posted, so none is left to cancel.
    for (;;) {
        int arrived = 0;
        MPI_Message message = MPI_MESSAGE_NULL;
        MPI_Status status{};
        MPI_Improbe(MPI_ANY_SOURCE, kNoticeTag, communicator_, &arrived, &message, &status);
        if (arrived == 0) {
            return;
        }
        int count = 0;
        MPI_Get_count(&status, MPI_UINT32_T, &count);
        arriving_.resize(static_cast<std::size_t>(count));
        MPI_Mrecv(arriving_.data(), count, MPI_UINT32_T, &message, MPI_STATUS_IGNORE);
        report(arriving_);
        ++received_;
    }
}

void MpiWriteNotices::report(const std::vector<std::uint32_t>& pairs) const {
    if (written_here_) {
        for (std::size_t pair = 0; pair + 1 < pairs.size(); pair += 2) {
            written_here_(pairs[pair], pairs[pair + 1]);
        }
    }
}

void MpiWriteNotices::finish() {
    if (!enabled_) {
        return;
    }
    std::uint64_t expected = 0;
    MPI_Reduce_scatter_block(sent_.data(), &expected, 1, MPI_UINT64_T, MPI_SUM, communicator_);
    const std::scoped_lock lock(receive_mutex_);
    while (received_ < expected) {
        receive_arrived();
        sched_yield();
    }
    finished_ = true;
}

} // namespace xbemu
