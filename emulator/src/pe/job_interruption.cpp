#include "xbemu/job_interruption.hpp"

#include "xbemu/pe_group.hpp"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>

namespace xbemu {

namespace {

constexpr int kSignals[] = {SIGINT, SIGTERM};
// What the watcher reads from the pipe when the watch ends rather than a signal came.
constexpr char kQuit = 0;
constexpr char kSignal = 1;

// The signal that interrupted the run: this process's own, or one taken from another process
// of the job (StopOnInterruption). Only a second signal delivered to this process ends it at
// once: the job's Ctrl-C reaches every rank, and a rank that took it from another one first
// must still take its own copy as the stop it is.
std::atomic<int> received{0};
std::atomic<bool> delivered{false};
int pipe_ends[2] = {-1, -1};

std::mutex groups_mutex;
PeGroup* watched_group = nullptr;

// A signal handler may do little: note the signal and wake the watcher through the pipe, both
// async-signal-safe. A second signal finds xbemu still stopping: it ends the process as the
// signal would have without the handler.
extern "C" void on_signal(int signal) {
    if (delivered.exchange(true)) {
        std::signal(signal, SIG_DFL);
        std::raise(signal);
        return;
    }
    int none = 0;
    received.compare_exchange_strong(none, signal);
    const int saved_errno = errno;
    const char byte = kSignal;
    [[maybe_unused]] const ssize_t written = ::write(pipe_ends[1], &byte, 1);
    errno = saved_errno;
}

// How often StopOnInterruption's relay looks for a signal another process of the group got.
constexpr auto kRelayPeriod = std::chrono::milliseconds(20);

void stop_watched_group() {
    const std::lock_guard lock(groups_mutex);
    if (watched_group != nullptr) {
        watched_group->request_stop(received.load());
    }
}

bool watching() {
    return pipe_ends[0] != -1;
}

// Takes the signal that stopped `group` in another process (or, in the cycle mode, on another
// host) as this process's own; true if this process had none yet.
bool take_signal_of(const PeGroup& group) {
    const int signal = group.stop_signal();
    int none = 0;
    return watching() && signal != 0 && received.compare_exchange_strong(none, signal);
}

} // namespace

InterruptionWatch::InterruptionWatch() {
    if (::pipe(pipe_ends) != 0) {
        throw std::runtime_error("cannot create the pipe that watches for SIGINT and SIGTERM");
    }
    watcher_ = std::thread([] {
        char byte = kQuit;
        while (::read(pipe_ends[0], &byte, 1) < 0 && errno == EINTR) {
        }
        if (byte == kSignal) {
            stop_watched_group();
        }
    });
    struct sigaction action {};
    action.sa_handler = on_signal;
    // MPI's and the host's system calls go on after the handler rather than fail with EINTR.
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    for (const int signal : kSignals) {
        sigaction(signal, &action, nullptr);
    }
}

InterruptionWatch::~InterruptionWatch() {
    for (const int signal : kSignals) {
        std::signal(signal, SIG_DFL);
    }
    const char byte = kQuit;
    [[maybe_unused]] const ssize_t written = ::write(pipe_ends[1], &byte, 1);
    watcher_.join();
    ::close(pipe_ends[0]);
    ::close(pipe_ends[1]);
    pipe_ends[0] = pipe_ends[1] = -1;
}

int InterruptionWatch::signal_received() {
    return received.load();
}

std::string_view signal_name(int signal) {
    switch (signal) {
    case SIGINT:
        return "SIGINT";
    case SIGTERM:
        return "SIGTERM";
    default:
        return "a signal";
    }
}

InterruptedAtStartUp::InterruptedAtStartUp(int signal)
    : std::runtime_error(std::string("interrupted by ") + std::string(signal_name(signal)) +
                         " during start-up: no PE ran"),
      signal_(signal) {}

void stop_start_up_if_interrupted() {
    if (const int signal = received.load(std::memory_order_relaxed); signal != 0) {
        throw InterruptedAtStartUp(signal);
    }
}

StopOnInterruption::StopOnInterruption(PeGroup& group) : group_(group) {
    const std::lock_guard lock(groups_mutex);
    watched_group = &group;
    if (received.load() != 0) {
        group.request_stop(received.load());
    }
    if (!watching()) {
        return;
    }
    relay_ = std::thread([this, &group] {
        while (!ending_.load()) {
            std::this_thread::sleep_for(kRelayPeriod);
            if (take_signal_of(group)) {
                group.request_stop(received.load());
            }
        }
    });
}

StopOnInterruption::~StopOnInterruption() {
    ending_.store(true);
    if (relay_.joinable()) {
        relay_.join();
    }
    // A stop the relay had no turn to see: the cycle mode ends every host's run in the window
    // that shows one host stopped by a signal, and the run may end within a relay period.
    take_signal_of(group_);
    const std::lock_guard lock(groups_mutex);
    watched_group = nullptr;
}

} // namespace xbemu
