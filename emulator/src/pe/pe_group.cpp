#include "xbemu/pe_group.hpp"

#include "xbemu/hart.hpp"

#include <thread>

namespace xbemu {

namespace {

constexpr std::uint64_t kNoFailure = ~0ULL;
constexpr unsigned kPeShift = 32;
// How often a failed PE looks at the others while the job ends.
constexpr auto kEndPoll = std::chrono::milliseconds(1);

} // namespace

void PeGroup::add_hart(Hart& hart) {
    const std::lock_guard lock(harts_mutex_);
    harts_.push_back(&hart);
    // A stop requested before: request_stop asks each hart once.
    if (stop_requested_.load(std::memory_order_seq_cst)) {
        hart.request_event_check();
    }
}

std::size_t PeGroup::local_pes() {
    const std::lock_guard lock(harts_mutex_);
    return harts_.size();
}

void PeGroup::record_end(const PeEnd& end) {
    {
        const std::lock_guard lock(ends_mutex_);
        ends_.push_back(end);
    }
    ends_changed_.notify_all();
}

std::vector<PeEnd> PeGroup::await_ends(std::size_t count, std::chrono::milliseconds timeout) {
    std::unique_lock lock(ends_mutex_);
    ends_changed_.wait_for(lock, timeout, [&] { return ends_.size() >= count; });
    return ends_;
}

void PeGroup::request_stop(int signal) {
    const bool requested_before = stop_requested_.exchange(true, std::memory_order_seq_cst);
    word(counters_->stop)
        .fetch_or(static_cast<std::uint64_t>(signal) << kStopSignalShift | 1,
                  std::memory_order_seq_cst);
    // The harts were asked to look once already (and those added since, by add_hart): the cycle
    // mode asks once per PE, which for every hart of 65,536 took minutes after a SIGTERM.
    if (requested_before) {
        return;
    }
    const std::lock_guard lock(harts_mutex_);
    for (Hart* hart : harts_) {
        hart->request_event_check();
    }
}

bool PeGroup::stop_for_switch() {
    std::atomic_ref<std::uint64_t> switching = word(counters_->switching);
    if ((switching.load(std::memory_order_seq_cst) & kPeAtSwitch) == 0) {
        return false;
    }
    switching.fetch_or(kStoppingForSwitch, std::memory_order_seq_cst);
    request_stop();
    return true;
}

void PeGroup::end_stop_for_switch() {
    stop_requested_.store(false, std::memory_order_seq_cst);
    word(counters_->stop).store(0, std::memory_order_seq_cst);
    word(counters_->deadlock).store(0, std::memory_order_seq_cst);
    word(counters_->switching).store(0, std::memory_order_seq_cst);
}

PeGroup::IdleView PeGroup::idle_view() {
    IdleView view;
    view.epoch = word(counters_->progress_epoch).load(std::memory_order_seq_cst);
    const std::uint64_t waiting = word(counters_->waiting).load(std::memory_order_seq_cst);
    view.finished = word(counters_->finished).load(std::memory_order_seq_cst);
    view.idle = waiting + view.finished;
    const std::uint64_t confirmations =
        word(counters_->confirmations).load(std::memory_order_seq_cst);
    // Read twice: counts read while the epoch moved do not confirm anything.
    const bool steady =
        word(counters_->progress_epoch).load(std::memory_order_seq_cst) == view.epoch;
    view.confirmed =
        steady && (waiting == 0 || (confirmations >> kConfirmationCountBits ==
                                        (view.epoch & (~0ULL >> kConfirmationCountBits)) &&
                                    (confirmations & kConfirmationCountMask) >= waiting));
    view.at_switch =
        (word(counters_->switching).load(std::memory_order_seq_cst) & kPeAtSwitch) != 0;
    return view;
}

bool PeGroup::idle_for(std::chrono::steady_clock::duration window) {
    const std::uint64_t idle = word(counters_->waiting).load(std::memory_order_seq_cst) +
                               word(counters_->finished).load(std::memory_order_seq_cst);
    if (idle < total_pes_) {
        return false;
    }
    const std::lock_guard lock(observation_mutex_);
    const std::uint64_t epoch = word(counters_->progress_epoch).load(std::memory_order_seq_cst);
    const std::uint64_t confirmations =
        word(counters_->confirmations).load(std::memory_order_seq_cst);
    const std::uint64_t waiting = word(counters_->waiting).load(std::memory_order_seq_cst);
    if (confirmations >> kConfirmationCountBits != (epoch & (~0ULL >> kConfirmationCountBits)) ||
        (confirmations & kConfirmationCountMask) < waiting) {
        return false;
    }
    const auto now = std::chrono::steady_clock::now();
    if (epoch != observed_epoch_) {
        observed_epoch_ = epoch;
        observed_since_ = now;
        return false;
    }
    return now - observed_since_ >= window;
}

void PeGroup::confirm_wait(std::uint64_t& confirmed_epoch) {
    const std::uint64_t epoch = word(counters_->progress_epoch).load(std::memory_order_seq_cst);
    if (epoch == confirmed_epoch) {
        return;
    }
    confirmed_epoch = epoch;
    const std::uint64_t tag = epoch & (~0ULL >> kConfirmationCountBits);
    std::atomic_ref<std::uint64_t> confirmations = word(counters_->confirmations);
    std::uint64_t seen = confirmations.load(std::memory_order_seq_cst);
    for (;;) {
        const std::uint64_t seen_tag = seen >> kConfirmationCountBits;
        // Epochs only grow: a count for a later one is not this confirmation's to replace (the
        // epoch moved since it was read, and this PE confirms again under the new one).
        if (seen_tag > tag) {
            return;
        }
        const std::uint64_t next = seen_tag == tag ? seen + 1 : (tag << kConfirmationCountBits) | 1;
        if (confirmations.compare_exchange_weak(seen, next, std::memory_order_seq_cst)) {
            return;
        }
    }
}

bool PeGroup::deadlocked(std::uint64_t& confirmed_epoch) {
    confirm_wait(confirmed_epoch);
    return covers_all_pes_ &&
           word(counters_->failure).load(std::memory_order_seq_cst) == kNoFailure &&
           idle_for(kDeadlockTimeout) &&
           word(counters_->deadlock).exchange(1, std::memory_order_seq_cst) == 0;
}

void PeGroup::record_failure(unsigned pe, int status) {
    const std::uint64_t failure =
        (std::uint64_t{pe} << kPeShift) | static_cast<std::uint32_t>(status);
    std::atomic_ref<std::uint64_t> lowest = word(counters_->failure);
    std::uint64_t seen = lowest.load(std::memory_order_seq_cst);
    while (failure < seen &&
           !lowest.compare_exchange_weak(seen, failure, std::memory_order_seq_cst)) {
    }
}

std::optional<int> PeGroup::lowest_failure_status() const {
    const std::uint64_t failure =
        std::atomic_ref(counters_->failure).load(std::memory_order_seq_cst);
    if (failure == kNoFailure) {
        return std::nullopt;
    }
    return static_cast<int>(static_cast<std::uint32_t>(failure));
}

bool PeGroup::await_end_after_failure() {
    if (!covers_all_pes_) {
        return false;
    }
    const auto failed_at = std::chrono::steady_clock::now();
    for (;;) {
        if (word(counters_->finished).load(std::memory_order_seq_cst) >= total_pes_) {
            return true;
        }
        if (std::chrono::steady_clock::now() - failed_at >= kFailureGrace) {
            request_stop();
            return false;
        }
        // The PEs that wait can only wait for ever: stop them, and see them end.
        if (!stop_requested() && idle_for(kDeadlockTimeout)) {
            request_stop();
        }
        std::this_thread::sleep_for(kEndPoll);
    }
}

} // namespace xbemu
