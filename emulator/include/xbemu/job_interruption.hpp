#pragma once
// SIGINT and SIGTERM (Ctrl-C, kill) end a run the way a guest's end does: the PEs stop at their
// next block boundary and xbemu still writes the statistics and trace collected so far, marked as
// interrupted. A second signal while that happens ends xbemu at once.

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

// While it lives, an interruption stops `group`'s PEs (at once when the signal came earlier).
// Without an InterruptionWatch it does nothing.
class StopOnInterruption {
public:
    explicit StopOnInterruption(PeGroup& group);
    ~StopOnInterruption();
    StopOnInterruption(const StopOnInterruption&) = delete;
    StopOnInterruption& operator=(const StopOnInterruption&) = delete;
};

} // namespace xbemu
