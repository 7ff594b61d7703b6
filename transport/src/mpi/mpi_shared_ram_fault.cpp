#include "mpi/mpi_shared_ram_fault.hpp"

#include <atomic>
#include <csignal>
#include <ctime>
#include <mpi.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <vector>

namespace xbemu {

namespace {

struct Range {
    std::uintptr_t begin;
    std::uintptr_t end;
};

// Written before the handler is installed and not changed while it is, so the handler reads
// them without locks.
std::vector<Range> watched;
std::string fault_message;
struct sigaction previous_action {};
std::atomic<bool> installed{false};

constexpr int kFullStatus = 2;
// MPI_Abort is not meant for a signal handler: should it wait on a lock that the faulting
// thread holds, the alarm's default action ends the process, and mpirun the others.
constexpr unsigned kAbortPatienceSeconds = 5;

bool inside_watched(std::uintptr_t address) {
    for (const Range& range : watched) {
        if (address >= range.begin && address < range.end) {
            return true;
        }
    }
    return false;
}

// mpirun ends every rank once one aborts, and the line went missing in about one run in ten when
// the launcher had not read it yet: wait (boundedly) until it has, with calls a signal handler
// may make.
void wait_until_read() {
    constexpr int kPauses = 2000;
    constexpr timespec kPause{0, 1'000'000};
    int unread = 0;
    for (int pause = 0;
         pause < kPauses && ::ioctl(STDERR_FILENO, FIONREAD, &unread) == 0 && unread > 0; ++pause) {
        ::nanosleep(&kPause, nullptr);
    }
}

void on_bus_error(int /*signal*/, siginfo_t* information, void* /*context*/) {
    if (!inside_watched(reinterpret_cast<std::uintptr_t>(information->si_addr))) {
        // Returning re-runs the faulting access, which now reaches the previous handler.
        sigaction(SIGBUS, &previous_action, nullptr);
        return;
    }
    [[maybe_unused]] const ssize_t written =
        ::write(STDERR_FILENO, fault_message.data(), fault_message.size());
    wait_until_read();
    ::alarm(kAbortPatienceSeconds);
    MPI_Abort(MPI_COMM_WORLD, kFullStatus);
    ::_exit(kFullStatus);
}

} // namespace

void watch_shared_ram_faults(std::span<std::byte* const> parts, std::uint64_t size,
                             const std::string& message) {
    watched.clear();
    for (std::byte* const part : parts) {
        const auto begin = reinterpret_cast<std::uintptr_t>(part);
        watched.push_back({begin, begin + size});
    }
    fault_message = message + "\n";
    struct sigaction action {};
    action.sa_sigaction = on_bus_error;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &previous_action);
    installed = true;
}

void stop_watching_shared_ram_faults() {
    if (installed.exchange(false)) {
        sigaction(SIGBUS, &previous_action, nullptr);
    }
}

} // namespace xbemu
