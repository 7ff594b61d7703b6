#include "mpi/mpi_message_link.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <utility>

namespace xbemu {

namespace {

constexpr int kTag = 0x5049; // "PI"
constexpr std::uint64_t kWord = 1;
constexpr std::uint64_t kCredit = 2;
constexpr std::uint64_t kStop = 3;
constexpr unsigned kNodeShift = 8;
// PE ids fit in 28 bits (-n takes up to 65,536 PEs per job).
constexpr unsigned kForShift = 36;
constexpr std::uint64_t kNodeMask = (std::uint64_t{1} << (kForShift - kNodeShift)) - 1;
constexpr std::uint64_t kKindMask = 0xff;

// Between two looks at MPI while messages come (see MpiProgressThread for the trade-off); the
// pause doubles after every kPatientPolls looks that found nothing, up to kLongestPause, so that
// a PE that waits long for a slow partner costs next to no host CPU.
constexpr std::chrono::microseconds kPollInterval{50};
constexpr std::chrono::microseconds kLongestPause{1000};
constexpr unsigned kPatientPolls = 100;

} // namespace

MpiMessageLink::MpiMessageLink(unsigned pes_per_rank) : pes_per_rank_(pes_per_rank) {
    MPI_Comm_dup(MPI_COMM_WORLD, &communicator_);
    MPI_Comm_rank(communicator_, &rank_);
}

MpiMessageLink::~MpiMessageLink() {
    if (receiver_.joinable()) {
        Packet stop{kStop, 0};
        MPI_Send(&stop, 2, MPI_UINT64_T, rank_, kTag, communicator_);
        receiver_.join();
    }
    MPI_Comm_free(&communicator_);
}

void MpiMessageLink::start(MessageFabric& fabric, std::vector<unsigned> owned) {
    fabric_ = &fabric;
    owned_ = std::move(owned);
    receiver_ = std::thread([this] { receive_loop(); });
}

void MpiMessageLink::queue(unsigned destination, Packet packet) {
    const std::lock_guard lock(queue_mutex_);
    queued_.push_back({destination, packet});
    queued_count_.fetch_add(1, std::memory_order_seq_cst);
}

void MpiMessageLink::send_word(unsigned source, unsigned destination, std::uint64_t payload) {
    queue(destination, {kWord | (std::uint64_t{source} << kNodeShift) |
                            (std::uint64_t{destination} << kForShift),
                        payload});
}

void MpiMessageLink::send_credit(unsigned receiver, unsigned sender) {
    queue(sender,
          {kCredit | (std::uint64_t{receiver} << kNodeShift) | (std::uint64_t{sender} << kForShift),
           0});
}

void MpiMessageLink::send_queued(bool wait) {
    std::unique_lock sending(send_mutex_, std::defer_lock);
    if (wait) {
        sending.lock();
    } else if (!sending.try_lock()) {
        return;
    }
    for (;;) {
        Outgoing outgoing{};
        {
            const std::lock_guard lock(queue_mutex_);
            if (queued_.empty()) {
                return;
            }
            outgoing = queued_.front();
            queued_.pop_front();
        }
        // Small messages go eagerly, and a rank blocked here still progresses what arrives for
        // it, so two ranks sending to each other cannot block each other.
        MPI_Send(&outgoing.packet, 2, MPI_UINT64_T,
                 static_cast<int>(outgoing.destination / pes_per_rank_), kTag, communicator_);
    }
}

void MpiMessageLink::flush() {
    send_queued(true);
}

void MpiMessageLink::receive_loop() {
    std::chrono::microseconds pause = kPollInterval;
    unsigned idle_polls = 0;
    for (;;) {
        for (const unsigned pe : owned_) {
            fabric_->drain_if_requested(pe);
        }
        int arrived = 0;
        MPI_Status status;
        MPI_Iprobe(MPI_ANY_SOURCE, kTag, communicator_, &arrived, &status);
        if (arrived == 0) {
            send_queued(false);
            std::this_thread::sleep_for(pause);
            if (++idle_polls == kPatientPolls) {
                idle_polls = 0;
                pause = std::min(2 * pause, kLongestPause);
            }
            continue;
        }
        pause = kPollInterval;
        idle_polls = 0;
        Packet incoming{};
        MPI_Recv(&incoming, 2, MPI_UINT64_T, status.MPI_SOURCE, kTag, communicator_,
                 MPI_STATUS_IGNORE);
        const std::uint64_t kind = incoming.kind_and_node & kKindMask;
        const auto node = static_cast<unsigned>((incoming.kind_and_node >> kNodeShift) & kNodeMask);
        const auto pe = static_cast<unsigned>(incoming.kind_and_node >> kForShift);
        if (kind == kStop) {
            return;
        }
        if (kind == kWord) {
            fabric_->deliver_remote_word(node, pe, incoming.payload);
        } else {
            fabric_->deliver_remote_credit(node, pe);
        }
        delivered_count_.fetch_add(1, std::memory_order_seq_cst);
    }
}

void MpiMessageLink::settle() {
    constexpr auto kPause = std::chrono::milliseconds(1);
    // Counts read on each rank at its own time: equal totals in two rounds in a row, with
    // nothing moving in between, mean that nothing is in flight (the four-counter method).
    std::array<std::uint64_t, 2> previous{~std::uint64_t{0}, 0};
    for (;;) {
        flush();
        const std::array<std::uint64_t, 2> local{queued_count_.load(std::memory_order_seq_cst),
                                                 delivered_count_.load(std::memory_order_seq_cst)};
        std::array<std::uint64_t, 2> total{};
        MPI_Allreduce(local.data(), total.data(), 2, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
        if (total[0] == total[1] && total == previous) {
            return;
        }
        previous = total;
        std::this_thread::sleep_for(kPause);
    }
}

} // namespace xbemu
