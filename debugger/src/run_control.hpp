#pragma once
// All-stop run control over the PEs of this process: when one stops for the debugger, all stop;
// gdb sees the job stopped once every PE has, and resumes them together, each as gdb asks
// (continue, step, or stay stopped). In the functional timing mode each PE's host thread waits
// in wait_while_stopped; in the cycle mode the scheduler pauses the whole job at the end of a
// window of simulated time (pause_at_window_end), PEs that stopped inside the window finish it
// once resumed, and PEs gdb keeps stopped are held (their clocks run on, as stall cycles), so
// that pausing never changes what the job computes. Only the PEs gdb resumed report stops; an
// event of another PE waits until gdb resumes it, as gdb expects of all-stop targets.

#include "stop_points.hpp"
#include "xbemu/debugger/gdb_session.hpp"
#include "xbemu/debugger/stop_event.hpp"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <vector>

namespace xbemu {
class Hart;
class ProcessingElement;
} // namespace xbemu

namespace xbemu::gdb {

class RunControl {
public:
    // `stop_at_start`: every PE stops before its first instruction.
    RunControl(std::vector<ProcessingElement*> pes, const StopPoints& stop_points, bool cycle_mode,
               bool stop_at_start);
    RunControl(const RunControl&) = delete;
    RunControl& operator=(const RunControl&) = delete;

    // Called, from any thread, when a stop is ready to report.
    void set_notifier(std::function<void()> notify) { notify_ = std::move(notify); }

    // ---- the harts and the scheduler ----------------------------------------------------
    void wait_while_stopped(Hart& hart);
    // A running hart stored into PE `pe`'s RAM (the functional mode).
    void written_by_other(unsigned pe, std::uint64_t address, std::uint64_t size);
    void hart_finished(Hart& hart);
    bool pause_at_window_end();

    // ---- the server -----------------------------------------------------------------------
    // Stops every PE (a no-op while stopped or stopping); `signal` is what the stop reports
    // unless a PE stops for a reason of its own meanwhile.
    void request_stop(int signal);
    // The stop to report, once per stop, when every PE has stopped.
    std::optional<StopEvent> take_stop();
    bool stopped() const;
    // When a PE the request resumes has an event not reported yet, the job stays stopped and
    // that event is reported at once instead.
    void resume(const ResumeRequest& request);
    // Runs every PE on, with no event held back, and lets no stop wait for a debugger until
    // request_stop (detach, a dropped connection).
    void release();
    // PE index `index` has not finished.
    bool alive(std::size_t index) const;
    // The functional mode, while running: another PE's write to watched memory reaches this
    // PE's RAM without this PE's hart seeing it (remote stores are plain host memory writes),
    // so the server compares the watched bytes with their value at the last resume, now and
    // then, and stops the job when they changed.
    bool watches_memory() const;
    void check_watched_memory();

private:
    struct PeState {
        bool parked = false; // the functional mode: its thread waits in wait_while_stopped
        bool finished = false;
        bool resumed = true;   // gdb let it run last time: its events may be reported
        bool reported = false; // its hart's own event has been reported, or discarded
        std::uint64_t generation = 0;
        std::optional<WatchpointHit> remote_write; // another PE wrote memory it watches
        std::vector<std::uint8_t> watched_bytes;
    };
    std::size_t index_of(const Hart& hart) const;
    Hart& hart(std::size_t index) const;
    // Records a write to watched memory of PE `index`, and stops the job if gdb lets that PE
    // run; with the lock held.
    void record_written_by_other(std::size_t index, const WatchpointHit& write);
    // Asks every PE that runs to stop; with the lock held.
    void stop_all();
    void complete_stop_if_ready();
    // The event PE `index` has not reported yet, if any.
    std::optional<DebugStop> pending_event(std::size_t index) const;
    // The resumed PE whose event the next stop reports, if any.
    std::optional<std::size_t> reportable_event() const;
    void resume_all(const ResumeRequest& request);
    void snapshot_watched_memory();
    // The first watched byte of PE `index` that differs from the snapshot.
    std::optional<WatchpointHit> changed_watched_byte(std::size_t index) const;

    std::vector<ProcessingElement*> pes_;
    const StopPoints& stop_points_;
    bool cycle_mode_;
    std::function<void()> notify_;

    mutable std::mutex mutex_;
    std::condition_variable resumed_;
    std::vector<PeState> states_;
    bool stopping_ = false;
    bool stopped_ = false;
    bool report_pending_ = false;
    int signal_ = kSignalTrap;
    bool detached_ = false;                  // no debugger: stops that complete run on at once
    std::optional<std::size_t> first_event_; // the functional mode: the PE that stopped first
    std::uint64_t window_generation_ = 0;    // the cycle mode: resumes of the paused job
    std::atomic<bool> window_pause_requested_{false};
};

} // namespace xbemu::gdb
