#include "xbemu/pe_group.hpp"

#include "xbemu/hart.hpp"

namespace xbemu {

void PeGroup::add_hart(Hart& hart) {
    const std::lock_guard lock(harts_mutex_);
    harts_.push_back(&hart);
}

void PeGroup::request_stop() {
    stop_requested_.store(true, std::memory_order_seq_cst);
    const std::lock_guard lock(harts_mutex_);
    for (Hart* hart : harts_) {
        hart->request_event_check();
    }
}

bool PeGroup::deadlocked() {
    if (!covers_all_pes_ || waiting().load(std::memory_order_seq_cst) < total_pes_) {
        return false;
    }
    const std::lock_guard lock(observation_mutex_);
    const std::uint64_t epoch = progress_epoch().load(std::memory_order_seq_cst);
    const auto now = std::chrono::steady_clock::now();
    if (epoch != observed_epoch_) {
        observed_epoch_ = epoch;
        observed_since_ = now;
        return false;
    }
    return now - observed_since_ >= kDeadlockTimeout;
}

} // namespace xbemu
