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
    if (own_event(stopped_hart.debug_stop()) && state.resumed && !first_event_) {
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
    std::unique_lock lock(mutex_);
    // Held PEs are stopped all along; a resumed one that stopped asks for the pause.
    bool any_stop = false;
    bool any_alive = false;
    for (std::size_t index = 0; index < pes_.size(); ++index) {
        PeState& state = states_[index];
        state.finished = pes_[index]->run_ended();
        any_alive = any_alive || !state.finished;
        any_stop = any_stop || (state.resumed && hart(index).debug_stop().has_value());
    }
    // Once every PE has finished the job ends, and gdb hears that instead.
    if (!any_alive || (!any_stop && !window_pause_requested_.load(std::memory_order_seq_cst))) {
        return false;
    }
    window_pause_requested_.store(false, std::memory_order_seq_cst);
    if (detached_) {
        resume_all(ResumeRequest{{}, ResumeAction::Continue});
        return true;
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

std::optional<DebugStop> RunControl::pending_event(std::size_t index) const {
    if (states_[index].finished) {
        return std::nullopt;
    }
    const std::optional<DebugStop> own = hart(index).debug_stop();
    if (own_event(own) && !states_[index].reported) {
        return own;
    }
    if (const auto& write = states_[index].remote_write) {
        return DebugStop{DebugStopCause::Watchpoint, static_cast<MemoryAccess>(write->kind),
                         write->address};
    }
    return std::nullopt;
}

std::optional<std::size_t> RunControl::reportable_event() const {
    if (!cycle_mode_ && first_event_ && pending_event(*first_event_)) {
        return first_event_;
    }
    std::optional<std::size_t> chosen;
    for (std::size_t index = 0; index < pes_.size(); ++index) {
        if (!states_[index].resumed || !pending_event(index)) {
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
    const std::optional<std::size_t> chosen = reportable_event();
    StopEvent event;
    event.signal = signal_;
    if (chosen) {
        const DebugStop stop = *pending_event(*chosen);
        PeState& state = states_[*chosen];
        state.reported = true;
        // The memory comparison may have seen the same write.
        state.remote_write.reset();
        event.reason = reason_of(stop);
        event.signal = kSignalTrap;
        event.address = stop.address;
        event.thread = pes_[*chosen]->id() + 1;
    } else {
        // A plain stop (interrupt, a new connection) names a PE gdb let run, if any is left.
        std::optional<std::size_t> named;
        for (std::size_t index = 0; index < pes_.size() && !named; ++index) {
            if (!states_[index].finished && states_[index].resumed) {
                named = index;
            }
        }
        for (std::size_t index = 0; index < pes_.size() && !named; ++index) {
            if (!states_[index].finished) {
                named = index;
            }
        }
        event.thread = pes_[named.value_or(0)]->id() + 1;
    }
    // The other PEs' breakpoints, watchpoints and steps are not held back: each stopped before
    // its instruction and meets it again when it runs on. Writes other PEs made to memory they
    // watch happened once, and wait until gdb resumes them.
    for (PeState& state : states_) {
        state.reported = true;
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
    for (std::size_t index = 0; index < pes_.size(); ++index) {
        states_[index].resumed = request.action_for(pes_[index]->id() + 1) != ResumeAction::Stay;
    }
    first_event_.reset();
    if (reportable_event()) {
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
        state.resumed = action != ResumeAction::Stay;
        if (!state.resumed) {
            if (cycle_mode_) {
                hart(index).hold_for_debugger();
            }
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

std::optional<WatchpointHit> RunControl::changed_watched_byte(std::size_t index) const {
    GuestRam& ram = pes_[index]->ram();
    const std::vector<std::uint8_t>& bytes = states_[index].watched_bytes;
    std::size_t offset = 0;
    for (const TriggeredStopPoint& point : stop_points_.triggered()) {
        if (!is_watchpoint(point) || !watches_writes(point) ||
            !ram.contains(point.address, point.length) || offset + point.length > bytes.size()) {
            continue;
        }
        const auto* host =
            reinterpret_cast<const std::uint8_t*>(ram.host() + (point.address - kRamBase));
        for (std::uint64_t byte = 0; byte < point.length; ++byte) {
            if (host[byte] != bytes[offset + byte]) {
                return WatchpointHit{point.access, point.address + byte};
            }
        }
        offset += point.length;
    }
    return std::nullopt;
}

void RunControl::check_watched_memory() {
    for (std::size_t index = 0; index < pes_.size(); ++index) {
        const std::optional<WatchpointHit> write = changed_watched_byte(index);
        if (!write) {
            continue;
        }
        const std::lock_guard lock(mutex_);
        record_written_by_other(index, *write);
    }
}

void RunControl::record_written_by_other(std::size_t index, const WatchpointHit& write) {
    PeState& state = states_[index];
    if (state.finished || state.remote_write) {
        return;
    }
    state.remote_write = write;
    // A PE gdb keeps stopped reports it once gdb lets it run.
    if (!state.resumed) {
        return;
    }
    // The cycle mode: this PE's own thread took the write from the network, and stops right
    // after it, at a point in simulated time that does not depend on the host.
    if (cycle_mode_) {
        hart(index).request_debug_pause();
    }
    if (!stopping_) {
        stopping_ = true;
        signal_ = kSignalTrap;
        stop_all();
        complete_stop_if_ready();
    }
}

void RunControl::written_by_other(unsigned pe, std::uint64_t address, std::uint64_t size) {
    const auto hit = stop_points_.watchpoint_at(MemoryAccess::Write, address, size);
    if (!hit) {
        return;
    }
    const auto local = std::find_if(pes_.begin(), pes_.end(), [pe](const ProcessingElement* entry) {
        return entry->id() == pe;
    });
    if (local == pes_.end()) {
        return; // that PE's own stub notices the write
    }
    const std::lock_guard lock(mutex_);
    record_written_by_other(static_cast<std::size_t>(local - pes_.begin()), *hit);
}

} // namespace xbemu::gdb
