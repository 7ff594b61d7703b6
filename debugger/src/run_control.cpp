#include "run_control.hpp"

#include "xbemu/processing_element.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>

namespace xbemu::gdb {

namespace {

// How often a stopped PE's thread looks whether the job is being stopped without it (another
// PE failed while gdb stepped one PE alone).
constexpr std::chrono::milliseconds kJobStopPoll{50};

StopReason reason_of(const DebugStop& stop) {
    switch (stop.cause) {
    case DebugStopCause::Breakpoint:
        return StopReason::SoftwareBreakpoint;
    case DebugStopCause::HardwareBreakpoint:
        return StopReason::HardwareBreakpoint;
    case DebugStopCause::Watchpoint:
        switch (static_cast<std::uint8_t>(stop.watch)) {
        case static_cast<std::uint8_t>(MemoryAccess::Read):
            return StopReason::ReadWatch;
        case static_cast<std::uint8_t>(MemoryAccess::Write):
            return StopReason::WriteWatch;
        default:
            return StopReason::AccessWatch;
        }
    case DebugStopCause::Paused:
    case DebugStopCause::Stepped:
        break;
    }
    return StopReason::Signal;
}

bool own_event(const std::optional<DebugStop>& stop) {
    return stop && stop->cause != DebugStopCause::Paused;
}

} // namespace

RunControl::RunControl(std::vector<ProcessingElement*> pes, const StopPoints& stop_points,
                       bool cycle_mode, bool stop_at_start)
    : pes_(std::move(pes)), stop_points_(stop_points), cycle_mode_(cycle_mode),
      states_(pes_.size()) {
    if (stop_at_start) {
        stopping_ = true;
        for (ProcessingElement* pe : pes_) {
            pe->hart(0).request_debug_pause();
        }
    }
}

Hart& RunControl::hart(std::size_t index) const {
    return pes_[index]->hart(0);
}

std::size_t RunControl::index_of(const Hart& hart) const {
    for (std::size_t index = 0; index < pes_.size(); ++index) {
        if (&pes_[index]->hart(0) == &hart) {
            return index;
        }
    }
    return 0;
}

void RunControl::stop_all() {
    if (cycle_mode_) {
        window_pause_requested_.store(true, std::memory_order_seq_cst);
        return;
    }
    for (std::size_t index = 0; index < pes_.size(); ++index) {
        if (!states_[index].finished && !states_[index].parked) {
            hart(index).request_debug_pause();
        }
    }
}

void RunControl::complete_stop_if_ready() {
    if (!stopping_ || stopped_) {
        return;
    }
    bool any_parked = false;
    for (const PeState& state : states_) {
        if (!state.parked && !state.finished) {
            return;
        }
        any_parked = any_parked || state.parked;
    }
    if (!any_parked) {
        return; // every PE has finished: the job ends
    }
    stopped_ = true;
    if (detached_) {
        resume_all(ResumeRequest{{}, ResumeAction::Continue});
        return;
    }
    report_pending_ = true;
    if (notify_) {
        notify_();
    }
}

void RunControl::wait_while_stopped(Hart& stopped_hart) {
    std::unique_lock lock(mutex_);
    const std::size_t index = index_of(stopped_hart);
    PeState& state = states_[index];
    state.parked = true;
    if (own_event(stopped_hart.debug_stop()) && !first_event_) {
        first_event_ = index;
    }
    if (!stopping_) {
        stopping_ = true;
        signal_ = kSignalTrap;
        stop_all();
    }
    complete_stop_if_ready();
    const std::uint64_t generation = state.generation;
    while (state.generation == generation && !stopped_hart.pe().group().stop_requested()) {
        resumed_.wait_for(lock, kJobStopPoll);
    }
    state.parked = false;
}

void RunControl::hart_finished(Hart& finished_hart) {
    const std::lock_guard lock(mutex_);
    PeState& state = states_[index_of(finished_hart)];
    state.finished = true;
    state.parked = false;
    complete_stop_if_ready();
}

bool RunControl::pause_at_window_end() {
    bool any_stop = false;
    for (std::size_t index = 0; index < pes_.size(); ++index) {
        any_stop = any_stop || hart(index).debug_stop().has_value();
    }
    if (!any_stop && !window_pause_requested_.load(std::memory_order_seq_cst)) {
        return false;
    }
    std::unique_lock lock(mutex_);
    window_pause_requested_.store(false, std::memory_order_seq_cst);
    if (detached_) {
        for (std::size_t index = 0; index < pes_.size(); ++index) {
            hart(index).resume_from_debugger(false);
        }
        stopping_ = false;
        return any_stop;
    }
    stopping_ = true;
    stopped_ = true;
    report_pending_ = true;
    if (notify_) {
        notify_();
    }
    const std::uint64_t generation = window_generation_;
    resumed_.wait(lock, [&] { return window_generation_ != generation; });
    return true;
}

void RunControl::request_stop(int signal) {
    const std::lock_guard lock(mutex_);
    detached_ = false;
    if (stopping_) {
        return;
    }
    stopping_ = true;
    signal_ = signal;
    stop_all();
    complete_stop_if_ready();
}

std::optional<DebugStop> RunControl::event_of(std::size_t index) const {
    const std::optional<DebugStop> own = hart(index).debug_stop();
    if (own_event(own) && !states_[index].reported) {
        return own;
    }
    return states_[index].remote_write;
}

std::optional<std::size_t> RunControl::unreported_event() const {
    std::optional<std::size_t> chosen;
    for (std::size_t index = 0; index < pes_.size(); ++index) {
        if (states_[index].finished || !event_of(index)) {
            continue;
        }
        // The cycle mode reports the earliest in simulated time, the same on every run.
        if (!chosen || (cycle_mode_ && hart(index).cycle() < hart(*chosen).cycle())) {
            chosen = index;
        }
    }
    return chosen;
}

std::optional<StopEvent> RunControl::take_stop() {
    const std::lock_guard lock(mutex_);
    if (!report_pending_) {
        return std::nullopt;
    }
    report_pending_ = false;
    std::optional<std::size_t> chosen =
        !cycle_mode_ && first_event_ && event_of(*first_event_) ? first_event_ : unreported_event();
    StopEvent event;
    event.signal = signal_;
    if (chosen) {
        const DebugStop stop = *event_of(*chosen);
        PeState& state = states_[*chosen];
        if (own_event(hart(*chosen).debug_stop()) && !state.reported) {
            state.reported = true;
            // The same write, seen by the memory comparison too.
            state.remote_write.reset();
        } else {
            state.remote_write.reset();
        }
        event.reason = reason_of(stop);
        event.signal = kSignalTrap;
        event.address = stop.address;
        event.thread = pes_[*chosen]->id() + 1;
    } else {
        const auto first_alive = std::find_if(states_.begin(), states_.end(),
                                              [](const PeState& s) { return !s.finished; });
        const std::size_t index = first_alive == states_.end()
                                      ? 0
                                      : static_cast<std::size_t>(first_alive - states_.begin());
        event.thread = pes_[index]->id() + 1;
    }
    // Breakpoints and steps of other PEs are not held back: a PE stopped before a breakpoint
    // meets it again when it runs on, and gdb asks again for a step it still wants.
    for (std::size_t index = 0; index < pes_.size(); ++index) {
        const std::optional<DebugStop> own = hart(index).debug_stop();
        if (own_event(own) && own->cause != DebugStopCause::Watchpoint) {
            states_[index].reported = true;
        }
    }
    return event;
}

bool RunControl::stopped() const {
    const std::lock_guard lock(mutex_);
    return stopped_;
}

void RunControl::resume(const ResumeRequest& request) {
    const std::lock_guard lock(mutex_);
    if (!stopped_) {
        return;
    }
    if (unreported_event()) {
        report_pending_ = true;
        if (notify_) {
            notify_();
        }
        return;
    }
    resume_all(request);
}

void RunControl::release() {
    const std::lock_guard lock(mutex_);
    detached_ = true;
    window_pause_requested_.store(false, std::memory_order_seq_cst);
    if (stopped_) {
        resume_all(ResumeRequest{{}, ResumeAction::Continue});
    }
}

void RunControl::resume_all(const ResumeRequest& request) {
    stopping_ = false;
    stopped_ = false;
    report_pending_ = false;
    first_event_.reset();
    signal_ = kSignalTrap;
    for (std::size_t index = 0; index < pes_.size(); ++index) {
        PeState& state = states_[index];
        if (state.finished) {
            continue;
        }
        const ResumeAction action = request.action_for(pes_[index]->id() + 1);
        // The cycle mode keeps every PE at the same simulated time: PEs gdb leaves stopped
        // run with the others.
        if (!cycle_mode_ && action == ResumeAction::Stay && state.parked) {
            continue;
        }
        hart(index).resume_from_debugger(action == ResumeAction::Step);
        // Not parked from now on, though its thread may not have woken yet: a stop that
        // follows at once must ask it to stop again.
        state.parked = false;
        state.reported = false;
        state.remote_write.reset();
        ++state.generation;
    }
    snapshot_watched_memory();
    ++window_generation_;
    resumed_.notify_all();
}

bool RunControl::alive(std::size_t index) const {
    const std::lock_guard lock(mutex_);
    if (cycle_mode_) {
        return pes_[index]->activity() != ProcessingElement::Activity::Finished;
    }
    return !states_[index].finished;
}

bool RunControl::watches_memory() const {
    return !cycle_mode_ && stop_points_.any_write_watch();
}

void RunControl::snapshot_watched_memory() {
    if (!watches_memory()) {
        return;
    }
    for (std::size_t index = 0; index < pes_.size(); ++index) {
        GuestRam& ram = pes_[index]->ram();
        std::vector<std::uint8_t>& bytes = states_[index].watched_bytes;
        bytes.clear();
        for (const TriggeredStopPoint& point : stop_points_.triggered()) {
            if (is_watchpoint(point) && watches_writes(point) &&
                ram.contains(point.address, point.length)) {
                const auto* host =
                    reinterpret_cast<const std::uint8_t*>(ram.host() + (point.address - kRamBase));
                bytes.insert(bytes.end(), host, host + point.length);
            }
        }
    }
}

void RunControl::check_watched_memory() {
    for (std::size_t index = 0; index < pes_.size(); ++index) {
        GuestRam& ram = pes_[index]->ram();
        const std::vector<std::uint8_t>& bytes = states_[index].watched_bytes;
        std::size_t offset = 0;
        for (const TriggeredStopPoint& point : stop_points_.triggered()) {
            if (!is_watchpoint(point) || !watches_writes(point) ||
                !ram.contains(point.address, point.length) ||
                offset + point.length > bytes.size()) {
                continue;
            }
            const auto* host =
                reinterpret_cast<const std::uint8_t*>(ram.host() + (point.address - kRamBase));
            for (std::uint64_t byte = 0; byte < point.length; ++byte) {
                if (host[byte] == bytes[offset + byte]) {
                    continue;
                }
                const std::lock_guard lock(mutex_);
                if (stopping_ || states_[index].finished) {
                    return;
                }
                states_[index].remote_write =
                    DebugStop{DebugStopCause::Watchpoint, static_cast<MemoryAccess>(point.access),
                              point.address + byte};
                stopping_ = true;
                signal_ = kSignalTrap;
                stop_all();
                complete_stop_if_ready();
                return;
            }
            offset += point.length;
        }
    }
}

} // namespace xbemu::gdb
