#pragma once
// Runs a cycle-mode job window by window. A window is [T, T + L): T the earliest cycle at which
// any PE acts or any message arrives, L the network's smallest latency. No message sent in a
// window can arrive before the window ends, so within it every PE runs alone, on whichever
// host thread owns it, and nothing the host does can change what it computes. At the end of a
// window the hosts exchange messages, the job prints its PEs' output in simulated-time order,
// and decides whether to go on.

#include "xbemu/processing_element.hpp"
#include "xbemu/timing/message_exchange.hpp"
#include "xbemu/timing/timed_pe.hpp"

#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace xbemu {

struct CycleJobResult {
    int status = 0;                     // the lowest-numbered failed PE's exit status, or 0
    std::optional<std::string> failure; // why xbemu stopped the job (trap, deadlock...)
};

class CycleScheduler {
public:
    // `pes`: the PEs this host runs, on `host_threads` threads that share each window's PEs
    // between them. `print`: this host writes the job's output (rank 0). `debugger`: pauses
    // the job at window ends while it wants (nullptr: none). Collective over the job's hosts
    // (they agree whether windows may be lengthened by speculative runs, docs/timing.md).
    CycleScheduler(std::vector<TimedPe*> pes, MessageExchange& exchange, unsigned host_threads,
                   bool print, AttachedDebugger* debugger = nullptr);
    ~CycleScheduler();
    CycleScheduler(const CycleScheduler&) = delete;
    CycleScheduler& operator=(const CycleScheduler&) = delete;

    CycleJobResult run();

private:
    void run_pe(std::size_t index);
    // Reads what the window's end reports of a PE (its PeWindowState, when its next message is
    // due, what it retired) while the PE's data is at hand: after it ran or ran ahead (with a
    // debugger attached, every window). A message's arrival changes only the PE's next event
    // and next due cycle, to at most its own due cycle: the scheduler notes that itself.
    void look_at(std::size_t index);
    // The serial work at the end of each window; returns whether the next window has enough work
    // to share between host threads (always, once the job is over).
    bool end_window();
    void decide(const WindowResult& result);
    // Speculative windows (docs/timing.md): the host threads run the running PEs ahead of
    // `start` as far as the bound lets them, which each run lowers to lookahead cycles after the
    // point where it stopped before something it may not do ahead of time; the serial work then
    // keeps what no message can have reached and makes the bound the next window's end.
    void begin_speculative_window(netsim::Cycle start, const WindowResult& result);
    void speculate(std::size_t index);
    bool end_speculative_window();
    // The job's end after failures: the lowest-numbered failed PE's status or report.
    void end_with_lowest_failure(const WindowResult& result);
    void print(const std::vector<TimedLine>& lines) const;

    std::vector<TimedPe*> pes_;
    MessageExchange& exchange_;
    unsigned threads_;
    bool print_;
    AttachedDebugger* debugger_;
    netsim::Cycle lookahead_;
    netsim::Cycle window_end_ = 0;
    netsim::Cycle forgotten_ = 0; // the network model's history before this cycle is gone
    // How long, in simulated time, the other PEs may run on after a PE failed.
    static constexpr netsim::Cycle kFailureGraceCycles = 1'000'000;
    std::optional<netsim::Cycle> first_failure_window_;
    // Written by the thread that ends a window, read by all.
    std::atomic<bool> finished_{false};
    WindowReport report_;
    WindowResult window_;
    CycleJobResult result_;
    std::vector<std::optional<PeFailure>> failures_; // per entry of pes_, this window
    std::vector<std::size_t> failed_;                // entries of pes_ with a failure, in order
    // Per entry of pes_, as look_at last read them: a window's end and the next window's choice
    // of PEs to run read these rather than every PE's own data, which thousands of PEs spread
    // over more memory than the host's caches hold (docs/timing.md#many-pes).
    std::vector<PeWindowState> states_;
    std::vector<std::uint64_t> retired_;
    std::vector<std::uint8_t> ran_;         // ran (or ran ahead) since the last window's end
    std::vector<netsim::Arrival> arrivals_; // what the exchange put into which entry's inbox
    std::vector<const PeGroup*> groups_;    // the PEs' groups, each once (their stop signals)
    std::uint64_t instructions_ = 0;        // retired by this host's PEs before the window
    // Speculative windows: whether to try them, how far a run goes, how many windows to wait
    // before trying again after one that gained nothing, and the order in which PEs run (the
    // ones that stopped earliest last time first, so that the bound tightens early).
    bool speculate_;
    netsim::Cycle quantum_ = 0;
    std::uint64_t speculation_pause_ = 0;
    std::uint64_t windows_until_speculation_ = 0;
    std::vector<std::size_t> speculation_order_;
    bool speculative_phase_ = false; // the window's work is speculative runs
    netsim::Cycle speculative_start_ = 0;
    netsim::Cycle speculative_first_bound_ = 0; // the bound before any run lowered it
    std::atomic<netsim::Cycle> speculative_bound_{0};
    std::vector<netsim::Cycle> speculative_given_; // per PE: the bound its run had, or kNever
};

} // namespace xbemu
