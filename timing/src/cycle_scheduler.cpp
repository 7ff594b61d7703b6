#include "xbemu/timing/cycle_scheduler.hpp"

#include "window_work.hpp"
#include "xbemu/pe_state_summary.hpp"

#include <algorithm>
#include <cstdio>
#include <fmt/format.h>
#include <thread>
#include <utility>

namespace xbemu {

namespace {

netsim::Cycle saturating_add(netsim::Cycle a, netsim::Cycle b) {
    return a > netsim::kNever - b ? netsim::kNever : a + b;
}

// Speculative windows: the first run's length, in lookaheads; the longest run, in cycles; the
// most windows to wait before trying again.
constexpr netsim::Cycle kFirstQuantum = 16;
constexpr netsim::Cycle kLongestQuantum = netsim::Cycle{1} << 20;
constexpr std::uint64_t kLongestPause = 1024;
// A speculative window that gains no more than this many lookaheads does not pay.
constexpr netsim::Cycle kLeastSpeculativeGain = 2;

// What a PE that is not in a loop does; pcs named as objdump names them ("<main+0x1c>").
PeState describe(const PeWindowState& pe, const ProgramLayout& layout) {
    using Activity = TimedPe::Activity;
    const std::string pc = fmt::format("pc 0x{:x}{}", pe.pc, layout.name_of_pc(pe.pc));
    switch (static_cast<Activity>(pe.activity)) {
    case Activity::Waiting:
        return {pe.pe, "waits", "wait", "for the network at " + pc};
    case Activity::Sleeping:
        return {pe.pe, "sleeps", "sleep", "in wfi at " + pc};
    case Activity::Finished:
        return {pe.pe, "has", "have",
                pe.exited != 0 ? fmt::format("exited with status {}", pe.exit_status)
                               : std::string("stopped")};
    case Activity::Polling:
    case Activity::Running:
        break;
    }
    return {pe.pe, "runs", "run", "at " + pc};
}

// A PE that goes round a loop: what it waits for.
LoopWait loop_wait(const PeWindowState& pe) {
    switch (static_cast<MessageWait>(pe.waits_for)) {
    case MessageWait::Message:
        return {pe.pe, "waits", "wait", "for a message ", pe.pc};
    case MessageWait::SendRoom:
        return {pe.pe, "waits", "wait", "for room in its send FIFO ", pe.pc};
    case MessageWait::None:
        break;
    }
    return {pe.pe, "polls", "poll", "memory ", pe.pc};
}

// Polling, or running the observed turns of a loop that only another PE could end.
bool loops(const PeWindowState& pe) {
    return static_cast<TimedPe::Activity>(pe.activity) == TimedPe::Activity::Polling ||
           pe.polls_for_ever != 0;
}

// Exited with a non-zero status, or could not continue.
bool failed(const PeWindowState& pe) {
    return pe.failed != 0 || (pe.exited != 0 && pe.exit_status != 0);
}

bool stopped(const PeWindowState& pe) {
    return pe.activity == static_cast<std::uint8_t>(TimedPe::Activity::Finished) &&
           pe.exited == 0 && pe.failed == 0;
}

// The cycle is the latest any PE's clock reached: after it nothing can happen. (The window's end
// would not do: with one PE and no network there is no bound, and the window never ends.)
// The loops are counted by function, as in the functional mode's report (every PE runs the same
// program, so any PE's layout names them).
std::string deadlock_report(const WindowResult& result, const ProgramLayout& layout) {
    netsim::Cycle cycle = 0;
    std::vector<PeState> states;
    std::vector<LoopWait> loop_waits;
    for (const PeWindowState& pe : result.pes) {
        cycle = std::max(cycle, pe.cycle);
        if (loops(pe)) {
            loop_waits.push_back(loop_wait(pe));
        } else {
            states.push_back(describe(pe, layout));
        }
    }
    for (PeState& state : name_loop_waits(loop_waits, layout)) {
        states.push_back(std::move(state));
    }
    return fmt::format(
        "deadlock at cycle {}: no PE can make progress and no message is in flight: {}", cycle,
        summarize_pe_states(std::move(states)));
}

// What the deadlock of a job whose PEs made a mistake of their own, rather than wait for each
// other, most likely comes from: a PE of this process in its start-up code's final loop, or the
// only PE of the job polling memory that nothing else can change. Empty otherwise.
std::string stuck_program_hint(const std::vector<TimedPe*>& pes, const WindowResult& result) {
    for (const TimedPe* timed : pes) {
        for (const PeWindowState& state : result.pes) {
            if (state.pe != timed->pe().id() || state.exited != 0 || state.failed != 0) {
                continue;
            }
            if (const std::string hint = timed->pe().startup_loop_hint(state.pc); !hint.empty()) {
                return fmt::format(": PE {}: {}", state.pe, hint);
            }
        }
    }
    if (result.pes.size() == 1 && loops(result.pes.front()) &&
        static_cast<MessageWait>(result.pes.front().waits_for) == MessageWait::None) {
        return ": in a job of one PE nothing can end the loop (there is no other PE, and no timer "
               "interrupt is armed)";
    }
    return {};
}

// Speculative runs save and undo only what a hart holds (docs/timing.md).
bool may_speculate(const std::vector<TimedPe*>& pes, const AttachedDebugger* debugger,
                   netsim::Cycle lookahead) {
    return debugger == nullptr && lookahead != netsim::kNever &&
           std::all_of(pes.begin(), pes.end(),
                       [](const TimedPe* timed) { return timed->can_speculate(); });
}

} // namespace

CycleScheduler::CycleScheduler(std::vector<TimedPe*> pes, MessageExchange& exchange,
                               unsigned host_threads, bool print, AttachedDebugger* debugger)
    : pes_(std::move(pes)), exchange_(exchange),
      threads_(std::max(1U, std::min(host_threads, static_cast<unsigned>(pes_.size())))),
      print_(print), debugger_(debugger), lookahead_(exchange.lookahead()), failures_(pes_.size()),
      // Every host must take the same windows: one that cannot speculate keeps them all short.
      speculate_(exchange.earliest_over_hosts(may_speculate(pes_, debugger, lookahead_) ? 1 : 0) ==
                 1),
      quantum_(kFirstQuantum * std::max<netsim::Cycle>(1, lookahead_)) {
    for (std::size_t index = 0; index < pes_.size(); ++index) {
        speculation_order_.push_back(index);
        pes_[index]->network().inbox().report_arrivals_to(&arrivals_,
                                                          static_cast<std::uint32_t>(index));
        const PeGroup* group = &pes_[index]->pe().group();
        if (std::find(groups_.begin(), groups_.end(), group) == groups_.end()) {
            groups_.push_back(group);
        }
    }
    speculative_given_.assign(pes_.size(), netsim::kNever);
    states_.resize(pes_.size());
    retired_.resize(pes_.size());
    ran_.assign(pes_.size(), 0);
}

CycleScheduler::~CycleScheduler() {
    for (TimedPe* timed : pes_) {
        timed->network().inbox().report_arrivals_to(nullptr, 0);
    }
}

void CycleScheduler::look_at(std::size_t index) {
    TimedPe& timed = *pes_[index];
    ProcessingElement& pe = timed.pe();
    const Hart& hart = timed.hart();
    PeWindowState& state = states_[index];
    state.pe = pe.id();
    state.activity = static_cast<std::uint8_t>(timed.activity());
    state.exited = pe.exit_status().has_value() ? 1 : 0;
    state.exit_status = pe.exit_status().value_or(0);
    state.failed = failures_[index] ? 1 : 0;
    state.ends_job = pe.job_exit_requested() ? 1 : 0;
    state.stop_signal = static_cast<std::uint8_t>(pe.group().stop_signal());
    state.next_event = timed.next_event();
    state.polls_for_ever = timed.polls_for_ever() ? 1 : 0;
    state.cycle = hart.cycle();
    state.pc = hart.pc();
    if (const MessagePort* port = pe.message_port_if_any()) {
        state.waits_for = static_cast<std::uint8_t>(port->wait_state().what);
    }
    state.next_due = timed.next_due();
    retired_[index] = hart.instructions_retired();
}

void CycleScheduler::run_pe(std::size_t index) {
    if (speculative_phase_) {
        speculate(speculation_order_[index]);
        return;
    }
    if (failures_[index] || states_[index].next_event >= window_end_) {
        return;
    }
    TimedPe& timed = *pes_[index];
    ProcessingElement& pe = timed.pe();
    try {
        timed.run_window(window_end_);
    } catch (const GuestFatalError& error) {
        failures_[index] = PeFailure{pe.id(), pe.hart(0).cycle(), error.what()};
    }
    look_at(index);
    ran_[index] = 1;
}

bool CycleScheduler::end_window() {
    if (speculative_phase_) {
        return end_speculative_window();
    }
    // A pause outside simulated time; PEs the debugger stopped inside the window finish it.
    while (debugger_ != nullptr && !finished_ && debugger_->pause_at_window_end()) {
        for (std::size_t index = 0; index < pes_.size(); ++index) {
            run_pe(index);
        }
    }
    // The debugger may have changed any PE; the job's end collects every PE's last line.
    const bool look_at_all = debugger_ != nullptr || finished_;
    if (look_at_all) {
        for (std::size_t index = 0; index < pes_.size(); ++index) {
            look_at(index);
            ran_[index] = 1;
        }
    }
    // A stop signal reaches the PEs without their running.
    if (std::any_of(groups_.begin(), groups_.end(),
                    [](const PeGroup* group) { return group->stop_signal() != 0; })) {
        for (std::size_t index = 0; index < pes_.size(); ++index) {
            states_[index].stop_signal =
                static_cast<std::uint8_t>(pes_[index]->pe().group().stop_signal());
        }
    }
    WindowReport& report = report_;
    report.window_end = window_end_;
    std::uint64_t instructions = 0;
    std::size_t runs = 0;
    // Only a PE that ran has messages or lines to give, or a new failure.
    for (std::size_t index = 0; index < pes_.size(); ++index) {
        instructions += retired_[index];
        if (ran_[index] == 0) {
            continue;
        }
        ++runs;
        ran_[index] = 0;
        TimedPe& timed = *pes_[index];
        std::vector<netsim::Message>& outbox = timed.network().outbox();
        report.messages.insert(report.messages.end(), outbox.begin(), outbox.end());
        outbox.clear();
        timed.pe().drain_output(report.lines, finished_.load());
        if (failures_[index] && std::find(failed_.begin(), failed_.end(), index) == failed_.end()) {
            failed_.insert(std::upper_bound(failed_.begin(), failed_.end(), index), index);
        }
    }
    report.pes.assign(states_.begin(), states_.end());
    for (const std::size_t index : failed_) {
        report.failures.push_back(*failures_[index]);
    }
    exchange_.exchange(report, window_);
    for (const netsim::Arrival& arrival : arrivals_) {
        PeWindowState& state = states_[arrival.owner];
        state.next_event = std::min(state.next_event, arrival.due);
        state.next_due = std::min(state.next_due, arrival.due);
    }
    arrivals_.clear();
    print(window_.lines);
    if (!finished_) {
        decide(window_);
    }
    // Measured in this window, a guess for the next: either way the simulation is the same.
    // Sharing pays from about a hundred microseconds of work per window: many instructions, or
    // many PEs that run a few each (each run's first touch of the PE's data misses the host's
    // caches once thousands of PEs take turns).
    constexpr std::uint64_t kInstructionsWorthSharing = 20000;
    constexpr std::size_t kRunsWorthSharing = 256;
    const bool share = finished_ || instructions - instructions_ >= kInstructionsWorthSharing ||
                       runs >= kRunsWorthSharing;
    instructions_ = instructions;
    return share;
}

void CycleScheduler::decide(const WindowResult& result) {
    // shmem_global_exit ends the job at once, with its status.
    const PeWindowState* ends_job = nullptr;
    int stop_signal = 0;
    for (const PeWindowState& pe : result.pes) {
        if (pe.ends_job != 0 && (ends_job == nullptr || pe.pe < ends_job->pe)) {
            ends_job = &pe;
        }
        stop_signal = std::max<int>(stop_signal, pe.stop_signal);
    }
    if (ends_job != nullptr) {
        result_.status = ends_job->exit_status;
        finished_ = true;
        return;
    }
    // SIGINT or SIGTERM stopped the PEs of one host (Ctrl-C, or a kill of one rank): the job ends
    // here on every host, each taking the signal as its own (StopOnInterruption), rather than
    // run on without the stopped PEs or wait for them for ever.
    if (stop_signal != 0) {
        for (TimedPe* timed : pes_) {
            timed->pe().group().request_stop(stop_signal);
        }
        finished_ = true;
        return;
    }
    netsim::Cycle next = result.earliest_due;
    // The same without the turns of loops that nothing but a message could end: kNever when
    // nothing can happen any more.
    netsim::Cycle progress = result.earliest_due;
    bool all_finished = true;
    bool any_failed = false;
    for (const PeWindowState& pe : result.pes) {
        any_failed = any_failed || failed(pe);
        // A PE that could not continue runs no more.
        if (pe.failed == 0) {
            next = std::min(next, pe.next_event);
            progress = pe.polls_for_ever != 0 ? progress : std::min(progress, pe.next_event);
        }
        all_finished =
            all_finished && (pe.failed != 0 ||
                             pe.activity == static_cast<std::uint8_t>(TimedPe::Activity::Finished));
    }
    if (any_failed) {
        // As in the functional mode: the other PEs may still fail, and the lowest-numbered
        // failed PE decides, once every PE has ended or nothing can happen any more (the
        // others wait for ever), or a grace period after the first failure.
        if (!first_failure_window_) {
            first_failure_window_ = window_end_;
        }
        if (all_finished || progress == netsim::kNever ||
            window_end_ - *first_failure_window_ >= kFailureGraceCycles) {
            end_with_lowest_failure(result);
            finished_ = true;
            return;
        }
    } else if (progress == netsim::kNever) {
        // A PE that ended without exiting or failing was stopped (SIGINT, SIGTERM): the PEs that
        // wait for it would wait for ever, which is the stop's doing, not a deadlock. Looked
        // for only here, at the job's end: every window passes through this function.
        if (!all_finished && std::none_of(result.pes.begin(), result.pes.end(), stopped)) {
            result_.failure = deadlock_report(result, pes_.front()->pe().layout()) +
                              stuck_program_hint(pes_, result);
        }
        finished_ = true;
        return;
    }
    // Pruning the network's link calendars costs a pass over every link: now and then is enough.
    constexpr netsim::Cycle kForgetInterval = 4096;
    if (next >= forgotten_ + kForgetInterval) {
        exchange_.forget_before(next);
        forgotten_ = next;
    }
    window_end_ = saturating_add(next, lookahead_);
    if (speculate_) {
        if (windows_until_speculation_ != 0) {
            --windows_until_speculation_;
        } else {
            begin_speculative_window(next, result);
        }
    }
}

void CycleScheduler::begin_speculative_window(netsim::Cycle start, const WindowResult& result) {
    using Activity = TimedPe::Activity;
    // A message in the network arrives no earlier than lookahead cycles after it was sent (it is
    // held until then) or at its due cycle (it is in its PE's inbox), and may be answered at
    // once; a PE that does not run acts (and may send) no earlier than its next event. The
    // job-wide view is the same on every host, so every host starts from the same bound.
    netsim::Cycle bound =
        std::min(saturating_add(start, quantum_), saturating_add(result.earliest_due, lookahead_));
    for (const PeWindowState& state : result.pes) {
        if (state.failed != 0) {
            continue;
        }
        bound = std::min(bound,
                         saturating_add(static_cast<Activity>(state.activity) == Activity::Running
                                            ? state.next_due
                                            : state.next_event,
                                        lookahead_));
    }
    // While messages are in flight the bound is a lookahead or two away: a speculative window
    // and the window after it would cost more than the short windows they replace, and a
    // quantum shrunk to what such windows gain would have to grow again afterwards.
    if (bound <= saturating_add(start, kLeastSpeculativeGain * lookahead_)) {
        return;
    }
    speculative_start_ = start;
    speculative_first_bound_ = bound;
    speculative_bound_.store(bound, std::memory_order_relaxed);
    speculative_phase_ = true;
}

void CycleScheduler::speculate(std::size_t index) {
    // A PE that could not continue runs no more; one takes its next message when it is due.
    if (failures_[index] ||
        static_cast<TimedPe::Activity>(states_[index].activity) != TimedPe::Activity::Running) {
        return;
    }
    TimedPe& timed = *pes_[index];
    const netsim::Cycle given =
        std::min(speculative_bound_.load(std::memory_order_relaxed), timed.next_due());
    if (timed.hart().cycle() >= given) {
        return;
    }
    timed.speculate(given);
    speculative_given_[index] = given;
    // Whatever the order the host threads take the PEs in, the bound ends as the lowest stop
    // point (plus lookahead) of a run that its bound did not cut short, or where it started.
    const netsim::Cycle stop = saturating_add(timed.next_event(), lookahead_);
    netsim::Cycle bound = speculative_bound_.load(std::memory_order_relaxed);
    while (stop < bound &&
           !speculative_bound_.compare_exchange_weak(bound, stop, std::memory_order_relaxed)) {
    }
}

bool CycleScheduler::end_speculative_window() {
    speculative_phase_ = false;
    // Under mpirun each host lowered its own copy of the bound.
    const netsim::Cycle bound =
        exchange_.earliest_over_hosts(speculative_bound_.load(std::memory_order_relaxed));
    // A run that started no instruction at or after the bound stays; the others are undone and
    // run again, up to the bound, in the window that follows.
    for (std::size_t index = 0; index < pes_.size(); ++index) {
        const netsim::Cycle given = std::exchange(speculative_given_[index], netsim::kNever);
        if (given != netsim::kNever) {
            TimedPe& timed = *pes_[index];
            timed.end_speculation(std::min(timed.hart().cycle(), given) <= bound);
            look_at(index);
            ran_[index] = 1;
        }
    }
    std::stable_sort(speculation_order_.begin(), speculation_order_.end(),
                     [this](std::size_t a, std::size_t b) {
                         return states_[a].next_event < states_[b].next_event;
                     });
    // Longer runs while they pay, shorter ones when the runs stopped short of the quantum; a
    // window that messages in flight kept short (the runs did not lower its bound) says nothing
    // of how far the PEs run between sends, so the quantum stays (or it would have to grow
    // again, a window at a time, after every message).
    const netsim::Cycle gained = bound - speculative_start_;
    if (gained >= quantum_) {
        quantum_ = std::min(quantum_ * 2, kLongestQuantum);
    } else if (bound < speculative_first_bound_) {
        quantum_ = std::max(kFirstQuantum * lookahead_, std::min(kLongestQuantum, 2 * gained));
    }
    if (gained <= kLeastSpeculativeGain * lookahead_) {
        speculation_pause_ =
            std::min(kLongestPause, std::max<std::uint64_t>(1, 2 * speculation_pause_));
        windows_until_speculation_ = speculation_pause_;
    } else {
        speculation_pause_ = 0;
    }
    window_end_ = bound;
    return true;
}

void CycleScheduler::end_with_lowest_failure(const WindowResult& result) {
    std::vector<const PeWindowState*> failed_pes;
    for (const PeWindowState& pe : result.pes) {
        if (failed(pe)) {
            failed_pes.push_back(&pe);
        }
    }
    std::sort(failed_pes.begin(), failed_pes.end(),
              [](const PeWindowState* a, const PeWindowState* b) { return a->pe < b->pe; });
    const auto failure_of = [&](std::uint32_t pe) {
        return std::find_if(result.failures.begin(), result.failures.end(),
                            [&](const PeFailure& failure) { return failure.pe == pe; });
    };
    // The deciding PE's report in full, the others' first lines: PEs that all fail alike would
    // repeat the registers.
    bool detailed = false;
    for (const PeWindowState* pe : failed_pes) {
        const auto failure = failure_of(pe->pe);
        if (pe == failed_pes.front()) {
            if (failure != result.failures.end()) {
                result_.failure = failure->text;
                detailed = true;
            } else {
                result_.status = pe->exit_status;
            }
            continue;
        }
        if (failure == result.failures.end()) {
            continue;
        }
        const std::string text =
            detailed ? failure->text.substr(0, failure->text.find('\n')) : failure->text;
        detailed = true;
        if (result_.failure) {
            *result_.failure += "\nxbemu: " + text;
        } else if (print_) {
            std::fprintf(stderr, "xbemu: %s\n", text.c_str());
        }
    }
}

void CycleScheduler::print(const std::vector<TimedLine>& lines) const {
    if (!print_ || lines.empty()) {
        return;
    }
    for (const TimedLine& line : lines) {
        std::fwrite(line.text.data(), 1, line.text.size(), stdout);
    }
    std::fflush(stdout);
}

CycleJobResult CycleScheduler::run() {
    for (std::size_t index = 0; index < pes_.size(); ++index) {
        look_at(index);
    }
    window_end_ = lookahead_;
    if (threads_ == 1) {
        while (!finished_) {
            for (std::size_t index = 0; index < pes_.size(); ++index) {
                run_pe(index);
            }
            end_window();
        }
    } else {
        WindowWork work(pes_.size(), threads_);
        const auto worker = [&] {
            while (!finished_) {
                work.work([this](std::size_t index) { run_pe(index); },
                          [this] { return end_window(); });
            }
        };
        std::vector<std::thread> helpers;
        for (unsigned thread = 1; thread < threads_; ++thread) {
            helpers.emplace_back(worker);
        }
        worker();
        for (std::thread& helper : helpers) {
            helper.join();
        }
    }
    // The lines the PEs left unterminated.
    end_window();
    return result_;
}

} // namespace xbemu
