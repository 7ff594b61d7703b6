#include "xbemu/transport/in_process_job.hpp"

#include "in_process/fast_forward_switch.hpp"
#include "in_process/in_process_exchange.hpp"
#include "messages/message_fabric.hpp"
#include "shared/zeroed_memory.hpp"
#include "xbemu/job_interruption.hpp"
#include "xbemu/pe_group.hpp"
#include "xbemu/processing_element.hpp"
#include "xbemu/timing/cycle_scheduler.hpp"
#include "xbemu/transport/peer_memory.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <numeric>
#include <thread>

namespace xbemu {

namespace {

// What xbemu exits with when it had to stop a PE (a trap without handler, a deadlock...).
constexpr int kGuestFailureStatus = 1;

struct PeRun {
    std::optional<int> status; // nothing when the PE was stopped or failed
    std::optional<std::string> failure;
    bool ends_job = false; // the guest asked to end the whole job (shmem_global_exit)
    double seconds = 0;
};

// The job's end: a PE that asked to end the whole job decides it, or else the lowest-numbered
// PE that failed (exited non-zero, or failed). The other PEs' failures are reported after its,
// by their first line only when a report with its details (registers) came before: PEs that
// all fail alike would repeat them.
void decide_outcome(const std::vector<PeRun>& runs, JobOutcome& outcome) {
    auto decider =
        std::find_if(runs.begin(), runs.end(), [](const PeRun& run) { return run.ends_job; });
    if (decider == runs.end()) {
        decider = std::find_if(runs.begin(), runs.end(), [](const PeRun& run) {
            return run.failure || run.status.value_or(0) != 0;
        });
    }
    if (decider == runs.end()) {
        return;
    }
    outcome.status = decider->status.value_or(0);
    outcome.failure = decider->failure;
    bool detailed = outcome.failure.has_value();
    for (auto run = runs.begin(); run != runs.end(); ++run) {
        if (run == decider || !run->failure) {
            continue;
        }
        const std::string text =
            detailed ? run->failure->substr(0, run->failure->find('\n')) : *run->failure;
        detailed = true;
        if (outcome.failure) {
            *outcome.failure += "\nxbemu: " + text;
        } else {
            std::fprintf(stderr, "xbemu: %s\n", text.c_str());
        }
    }
}

JobOutcome run_cycle_mode(const MachineConfig& config,
                          const std::vector<std::unique_ptr<ProcessingElement>>& pes,
                          const std::vector<std::unique_ptr<TimedPe>>& timed,
                          AttachedDebugger* debugger) {
    std::vector<TimedPe*> local;
    std::vector<netsim::Inbox*> inboxes;
    for (const auto& pe : timed) {
        local.push_back(pe.get());
        inboxes.push_back(&pe->network().inbox());
    }
    InProcessExchange exchange(netsim::make_network(config.machine.network, config.pe_count),
                               std::move(inboxes));
    const unsigned threads =
        config.host_threads != 0 ? config.host_threads : std::thread::hardware_concurrency();
    CycleScheduler scheduler(local, exchange, threads, true, debugger, true);
    const auto start = std::chrono::steady_clock::now();
    const CycleJobResult result = scheduler.run();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    JobOutcome outcome;
    outcome.status = result.status;
    outcome.failure = result.failure;
    for (const auto& timed_pe : timed) {
        outcome.statistics.push_back(timed_pe->statistics(seconds));
    }
    for (const auto& pe : pes) {
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
    // PIMP's network in the functional mode (with --fast-forward, its first part): every PE is
    // local.
    const bool functional_first = config.timing == TimingMode::Functional || config.fast_forward;
    std::optional<ZeroedMemory> fabric_memory;
    std::optional<MessageFabric> fabric;
    if (functional_first) {
        if (const auto shape = message_fabric_shape(config, table, count)) {
            std::vector<unsigned> all(count);
            std::iota(all.begin(), all.end(), 0U);
            fabric_memory.emplace(MessageFabric::region_bytes(*shape, count));
            fabric.emplace(*shape, fabric_memory->data(), all, all, nullptr);
        }
    }
    std::vector<std::unique_ptr<ProcessingElement>> pes;
    std::vector<std::unique_ptr<TimedPe>> timed;
    for (unsigned id = 0; id < count; ++id) {
        pes.push_back(std::make_unique<ProcessingElement>(config, table, group, id, peers));
        if (!functional_first) {
            timed.push_back(std::make_unique<TimedPe>(*pes.back()));
        }
        peers.map(id, pes.back()->ram().host(), &pes.back()->hart(0));
        pes.back()->load(image);
        if (fabric) {
            pes.back()->attach_message_port(fabric->port(id));
        }
    }

    if (debugger != nullptr) {
        std::vector<ProcessingElement*> attached;
        for (const auto& pe : pes) {
            attached.push_back(pe.get());
        }
        debugger->attach(attached);
    }
    const StopOnInterruption interruption(group);
    if (!functional_first) {
        return run_cycle_mode(config, pes, timed, debugger);
    }

    std::vector<PeRun> runs(count);
    const auto run_pe = [&](unsigned id) {
        const auto start = std::chrono::steady_clock::now();
        // A PE's failure stops the others once they have all ended or wait (they may be
        // waiting for this PE), and the lowest-numbered failed PE decides the status: the
        // same status whichever host thread gets there first.
        const auto end_after_failure = [&](int status) {
            group.record_failure(id, status);
            group.await_end_after_failure();
        };
        try {
            runs[id].status = pes[id]->run();
            if (pes[id]->job_exit_requested()) {
                runs[id].ends_job = true;
                group.request_stop();
            } else if (runs[id].status.value_or(0) != 0) {
                end_after_failure(*runs[id].status);
            }
        } catch (const DeadlockError& error) {
            runs[id].failure = error.what();
            group.request_stop();
        } catch (const std::exception& error) {
            runs[id].failure = error.what();
            end_after_failure(kGuestFailureStatus);
        }
        if (fabric) {
            fabric->mark_finished(id);
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
    decide_outcome(runs, outcome);
    if (config.fast_forward &&
        fast_forward_switches(config, pes, group, outcome.status, outcome.failure.has_value())) {
        return run_cycle_mode(
            config, pes, switch_to_cycle_mode(pes, group, fabric ? &*fabric : nullptr), debugger);
    }
    for (unsigned id = 0; id < count; ++id) {
        outcome.statistics.push_back(pes[id]->statistics(runs[id].seconds));
    }
    std::fflush(stdout);
    if (debugger != nullptr) {
        debugger->job_finished(outcome.status, outcome.failure);
    }
    return outcome;
}

} // namespace xbemu
