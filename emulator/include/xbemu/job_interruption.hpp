#pragma once
// SIGINT and SIGTERM (Ctrl-C, kill) end a run the way a guest's end does: the PEs stop at their
// next block boundary and xbemu still writes the statistics and trace collected so far, marked as
// interrupted. A second signal while that happens ends xbemu at once.

#include <atomic>
#include <stdexcept>
#include <string_view>
#include <thread>

namespace xbemu {

class PeGroup;

// Catches SIGINT and SIGTERM for its lifetime; the program holds one around its run.
class InterruptionWatch {
public:
    InterruptionWatch();
    ~InterruptionWatch();
    InterruptionWatch(const InterruptionWatch&) = delete;
    InterruptionWatch& operator=(const InterruptionWatch&) = delete;

    // The signal that interrupted the run, or 0.
    static int signal_received();

private:
    // A member, not a static: MPI_Abort may end the process through exit(), which destroys
    // statics, and a thread still joinable there would call std::terminate.
    std::thread watcher_;
};

// "SIGINT", "SIGTERM".
std::string_view signal_name(int signal);

// A SIGINT or SIGTERM that came while xbemu built the job (its PEs and their memory, which take
// tens of seconds for 65,536 PEs): the job ends before any PE runs.
class InterruptedAtStartUp : public std::runtime_error {
public:
    explicit InterruptedAtStartUp(int signal);
    int signal() const { return signal_; }

private:
    int signal_;
};

// Start-up's loops over PEs call it between PEs: throws InterruptedAtStartUp once the
// InterruptionWatch has caught a signal.
void stop_start_up_if_interrupted();

// While it lives, an interruption stops `group`'s PEs (at once when the signal came earlier).
// A signal that reached another process of the group (one rank of an mpirun job on this node,
// killed on its own) reaches this one through the group's shared counters: a relay thread looks
// for it every few milliseconds, takes it as this process's own and stops the PEs here, which
// may not be waiting and so would not look. At its end a signal that stopped the group elsewhere
// is taken as this process's own (the cycle mode's hosts learn of it in the window exchange).
// Without an InterruptionWatch it does nothing.
class StopOnInterruption {
public:
    explicit StopOnInterruption(PeGroup& group);
    ~StopOnInterruption();
    StopOnInterruption(const StopOnInterruption&) = delete;
    StopOnInterruption& operator=(const StopOnInterruption&) = delete;

private:
    PeGroup& group_;
    std::atomic<bool> ending_{false};
    std::thread relay_;
};

} // namespace xbemu
