#include "xbemu/transport/in_process_job.hpp"

#include "cycle_scheduler.hpp"
#include "in_process_exchange.hpp"
#include "xbemu/pe_group.hpp"
#include "xbemu/processing_element.hpp"
#include "xbemu/transport/peer_memory.hpp"

#include <chrono>
#include <mutex>
#include <thread>

namespace xbemu {

namespace {

struct PeRun {
    std::optional<int> status;
    double seconds = 0;
};

JobOutcome run_cycle_mode(const MachineConfig& config,
                          const std::vector<std::unique_ptr<ProcessingElement>>& pes,
                          AttachedDebugger* debugger) {
    std::vector<ProcessingElement*> local;
    for (const auto& pe : pes) {
        local.push_back(pe.get());
    }
    InProcessExchange exchange(netsim::make_network(config.machine.network, config.pe_count),
                               local);
    const unsigned threads =
        config.host_threads != 0 ? config.host_threads : std::thread::hardware_concurrency();
    CycleScheduler scheduler(local, exchange, threads, true, debugger);
    const auto start = std::chrono::steady_clock::now();
    const CycleJobResult result = scheduler.run();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    JobOutcome outcome;
    outcome.status = result.status;
    outcome.failure = result.failure;
    for (const auto& pe : pes) {
        outcome.statistics.push_back(pe->statistics(seconds));
        if (const CycleTrace* trace = pe->trace()) {
            outcome.trace.insert(outcome.trace.end(), trace->events().begin(),
                                 trace->events().end());
            outcome.trace_truncated = outcome.trace_truncated || trace->truncated();
        }
    }
    outcome.network = exchange.network_statistics();
    std::fflush(stdout);
    if (debugger != nullptr) {
        debugger->job_finished(outcome.status, outcome.failure);
    }
    return outcome;
}

} // namespace

JobOutcome run_in_process_job(const MachineConfig& config, const DecodeTable& table,
                              const ElfImage& image, AttachedDebugger* debugger) {
    const unsigned count = config.pe_count;
    PeGroup group(count, true);
    PeerMemory peers(count, config.memory_size);
    std::vector<std::unique_ptr<ProcessingElement>> pes;
    for (unsigned id = 0; id < count; ++id) {
        pes.push_back(std::make_unique<ProcessingElement>(config, table, group, id, peers));
        peers.map(id, pes.back()->ram().host());
        pes.back()->load(image);
    }

    if (debugger != nullptr) {
        std::vector<ProcessingElement*> attached;
        for (const auto& pe : pes) {
            attached.push_back(pe.get());
        }
        debugger->attach(attached);
    }
    if (config.timing == TimingMode::Cycle) {
        return run_cycle_mode(config, pes, debugger);
    }

    std::vector<PeRun> runs(count);
    std::mutex failure_mutex;
    std::optional<std::string> failure;
    const auto run_pe = [&](unsigned id) {
        const auto start = std::chrono::steady_clock::now();
        try {
            runs[id].status = pes[id]->run();
            // As mpirun does when a rank fails (the others may be waiting for this PE), and when
            // the guest asked to end the whole job.
            if (runs[id].status.value_or(0) != 0 || pes[id]->job_exit_requested()) {
                group.request_stop();
            }
        } catch (const std::exception& error) {
            const std::lock_guard lock(failure_mutex);
            if (!failure) {
                failure = error.what();
            }
            group.request_stop();
        }
        runs[id].seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    if (count == 1) {
        run_pe(0);
    } else {
        std::vector<std::thread> threads;
        for (unsigned id = 0; id < count; ++id) {
            threads.emplace_back(run_pe, id);
        }
        for (std::thread& thread : threads) {
            thread.join();
        }
    }

    JobOutcome outcome;
    outcome.failure = failure;
    for (unsigned id = 0; id < count; ++id) {
        if (outcome.status == 0 && runs[id].status && *runs[id].status != 0) {
            outcome.status = *runs[id].status;
        }
        outcome.statistics.push_back(pes[id]->statistics(runs[id].seconds));
    }
    std::fflush(stdout);
    if (debugger != nullptr) {
        debugger->job_finished(outcome.status, outcome.failure);
    }
    return outcome;
}

} // namespace xbemu
