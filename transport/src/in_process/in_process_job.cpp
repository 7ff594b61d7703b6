#include "xbemu/transport/in_process_job.hpp"

#include "in_process/fast_forward_switch.hpp"
#include "in_process/functional_pool.hpp"
#include "in_process/in_process_exchange.hpp"
#include "in_process/job_checkpoint.hpp"
#include "messages/message_fabric.hpp"
#include "shared/pes_end_newest_first.hpp"
#include "xbemu/job_interruption.hpp"
#include "xbemu/job_statistics.hpp"
#include "xbemu/pe_group.hpp"
#include "xbemu/processing_element.hpp"
#include "xbemu/program_layout.hpp"
#include "xbemu/timing/cycle_scheduler.hpp"
#include "xbemu/transport/peer_memory.hpp"
#include "xbemu/zeroed_memory.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fmt/format.h>
#include <memory>
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
    CycleScheduler scheduler(local, exchange, threads, true, debugger);
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

// Runs the PEs on a pool of --host-threads threads; `run_pe(id)` runs a slice of PE `id`.
// Returns the pool's host CPU seconds.
template <typename RunPe>
double run_on_pool(const MachineConfig& config,
                   std::vector<std::unique_ptr<ProcessingElement>>& pes, RunPe& run_pe,
                   PeGroup& group) {
    using End = ProcessingElement::RunSlice::End;
    using Slice = FunctionalPool::Slice;
    const unsigned threads =
        config.host_threads != 0 ? config.host_threads : std::thread::hardware_concurrency();
    const auto count = static_cast<unsigned>(pes.size());
    FunctionalPool pool(count, threads);
    for (unsigned id = 0; id < count; ++id) {
        const FunctionalPool::RamWrites writes = pool.ram_writes(id);
        pes[id]->hart(0).report_ram_writes(writes.word, writes.bit, writes.reports);
    }
    bool failure_awaited = false;
    pool.run(
        [&](unsigned id) {
            const ProcessingElement::RunSlice slice = run_pe(id);
            switch (slice.end) {
            case End::Finished:
                break;
            case End::Parked:
                return Slice{Slice::End::Parked, slice.resume_after, slice.looked_only,
                             slice.wakes_on_ram_write};
            case End::Preempted:
                return Slice{Slice::End::Preempted};
            case End::FoundDeadlock:
                return Slice{Slice::End::EndsLast};
            }
            return Slice{Slice::End::Ended};
        },
        [&group] { return group.stop_requested(); },
        [&] {
            // A failed PE's end, as a thread of its own would have awaited it.
            if (!failure_awaited && group.lowest_failure_status()) {
                failure_awaited = true;
                group.await_end_after_failure();
            }
        });
    for (const auto& pe : pes) {
        pe->hart(0).report_ram_writes(nullptr, 0, nullptr);
    }
    return pool.cpu_seconds();
}

} // namespace

JobOutcome run_in_process_job(const MachineConfig& config, const DecodeTable& table,
                              const ElfImage& image, AttachedDebugger* debugger) {
    const unsigned count = config.pe_count;
    PeGroup group(count, true);
    PeerMemory peers(count, config.memory_size);
    // PIMP's network in the functional mode (with --fast-forward, its first part): every PE is
    // local.
    // --restore: the PEs are built as fast-forwarded ones, whose harts start functional, and
    // switch to the cycle mode at once, with the state of the checkpoint.
    CheckpointFileReader* restored = config.checkpointing.restored.get();
    MachineConfig pe_config = config;
    if (restored != nullptr) {
        pe_config.fast_forward = MachineConfig::FastForward{};
    }
    const bool functional_first =
        config.timing == TimingMode::Functional || config.fast_forward || restored != nullptr;
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
    // The PEs' guest RAM in one mapping: one each would give a job of 65,536 PEs more mappings
    // than Linux lets a process have (vm.max_map_count, 65,530 by default).
    std::optional<ZeroedMemory> ram;
    if (count > 1) {
        ram.emplace(config.memory_size * count);
    }
    std::vector<std::unique_ptr<ProcessingElement>> pes;
    const PesEndNewestFirst pes_end{pes};
    std::vector<std::unique_ptr<TimedPe>> timed;
    const auto layout = std::make_shared<const ProgramLayout>(program_layout(image));
    for (unsigned id = 0; id < count; ++id) {
        stop_start_up_if_interrupted();
        pes.push_back(std::make_unique<ProcessingElement>(
            pe_config, table, group, id, peers,
            ram ? ram->data() + config.memory_size * id : nullptr));
        if (!functional_first) {
            timed.push_back(std::make_unique<TimedPe>(*pes.back()));
        }
        peers.map(id, pes.back()->ram().host(), &pes.back()->hart(0));
        pes.back()->load(image, layout);
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
    if (restored != nullptr) {
        std::vector<MessagePortSnapshot> fifos;
        try {
            fifos = restore_job_checkpoint(*restored, pes);
        } catch (const CheckpointError& error) {
            // The layers' own errors ("is corrupt") do not name the file.
            if (!std::string_view(error.what()).starts_with("is ")) {
                throw;
            }
            throw CheckpointError(fmt::format("checkpoint {} {}",
                                              config.checkpointing.restore.string(), error.what()));
        }
        return run_cycle_mode(config, pes, switch_to_cycle_mode(pes, group, fifos), debugger);
    }

    std::vector<PeRun> runs(count);
    // One PE runs on this thread; a debugger stops each PE in a thread of its own. Many PEs,
    // or any number with --host-threads, run on a pool of host threads; up to
    // FunctionalPool::kThreadPerPeUpTo PEs still have a thread each, whose waits end sooner
    // (docs/waiting.md).
    // --fast-forward's functional part keeps a thread per PE: its --host-threads are the cycle
    // mode's, and its switch points are stops of whole runs, not of slices.
    const bool pooled = count > 1 && debugger == nullptr && !config.fast_forward &&
                        (config.host_threads != 0 || count > FunctionalPool::kThreadPerPeUpTo);
    const auto job_start = std::chrono::steady_clock::now();
    // Runs PE `id` (on the pool: a slice of its run, which says whether the run has ended).
    const auto run_pe = [&](unsigned id) {
        ProcessingElement::RunSlice slice{
            ProcessingElement::RunSlice::End::Finished, {}, {}, false};
        // A PE's failure stops the others once they have all ended or wait (they may be
        // waiting for this PE), and the lowest-numbered failed PE decides the status: the
        // same status whichever host thread gets there first. On the pool, the thread that
        // runs it waits for that (supervise below).
        const auto end_after_failure = [&](int status) {
            group.record_failure(id, status);
            if (!pooled) {
                group.await_end_after_failure();
            }
        };
        try {
            if (pooled) {
                slice = pes[id]->run_slice(FunctionalPool::kSliceInstructions);
                if (slice.end != ProcessingElement::RunSlice::End::Finished) {
                    return slice;
                }
                runs[id].status = slice.status;
            } else {
                runs[id].status = pes[id]->run();
            }
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
            std::chrono::duration<double>(std::chrono::steady_clock::now() - job_start).count();
        // A slice that threw has ended the PE's run too.
        slice.end = ProcessingElement::RunSlice::End::Finished;
        return slice;
    };
    double pool_cpu_seconds = 0;
    if (pooled) {
        pool_cpu_seconds = run_on_pool(config, pes, run_pe, group);
    } else if (count == 1) {
        run_pe(0);
    } else {
        std::vector<std::thread> threads;
        for (unsigned id = 0; id < count; ++id) {
            threads.emplace_back([&run_pe, id] { run_pe(id); });
        }
        for (std::thread& thread : threads) {
            thread.join();
        }
    }

    JobOutcome outcome;
    decide_outcome(runs, outcome);
    if (config.fast_forward &&
        fast_forward_switches(config, pes, group, outcome.status, outcome.failure.has_value())) {
        const std::vector<MessagePortSnapshot> fifos =
            fifos_at_switch(fabric ? &*fabric : nullptr, count);
        if (!config.checkpointing.write.empty()) {
            write_job_checkpoint(config, pes, fifos);
        }
        if (!config.checkpointing.exit_after_write) {
            return run_cycle_mode(config, pes, switch_to_cycle_mode(pes, group, fifos), debugger);
        }
    }
    for (unsigned id = 0; id < count; ++id) {
        outcome.statistics.push_back(pes[id]->statistics(runs[id].seconds));
    }
    if (pooled) {
        share_pool_cpu_seconds(outcome.statistics, pool_cpu_seconds);
    }
    std::fflush(stdout);
    if (debugger != nullptr) {
        debugger->job_finished(outcome.status, outcome.failure);
    }
    return outcome;
}

} // namespace xbemu
