#include "xbemu/transport/mpi_job.hpp"

#include "in_process/fast_forward_switch.hpp"
#include "in_process/functional_pool.hpp"
#include "messages/message_fabric.hpp"
#include "mpi/mpi_checkpoint.hpp"
#include "mpi/mpi_exchange.hpp"
#include "mpi/mpi_fast_forward.hpp"
#include "mpi/mpi_idle_watch.hpp"
#include "mpi/mpi_message_network.hpp"
#include "mpi/mpi_node.hpp"
#include "mpi/mpi_node_ram.hpp"
#include "mpi/mpi_node_shared_memory.hpp"
#include "mpi/mpi_one_sided_channel.hpp"
#include "mpi/mpi_profile.hpp"
#include "mpi/mpi_ram_write_reports.hpp"
#include "mpi/mpi_reporting_peer_memory.hpp"
#include "mpi/mpi_session.hpp"
#include "mpi/mpi_setup_agreement.hpp"
#include "mpi/mpi_setup_wait.hpp"
#include "mpi/mpi_statistics.hpp"
#include "mpi/mpi_trace.hpp"
#include "shared/pes_end_newest_first.hpp"
#include "xbemu/commit_log_selection.hpp"
#include "xbemu/guest_ram.hpp"
#include "xbemu/job_interruption.hpp"
#include "xbemu/job_statistics.hpp"
#include "xbemu/pe_group.hpp"
#include "xbemu/processing_element.hpp"
#include "xbemu/program_layout.hpp"
#include "xbemu/timing/cycle_scheduler.hpp"
#include "xbemu/transport/peer_memory.hpp"
#include "xbemu/zeroed_memory.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fmt/format.h>
#include <functional>
#include <memory>
#include <mpi.h>
#include <mutex>
#include <optional>
#include <string>
#include <sys/ioctl.h>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

namespace xbemu {

namespace {

// The other ranks' exit status when rank 0 reports a refused set-up: that of a bad command
// line.
constexpr int kSetupFailureStatus = 2;
// What mpirun exits with when a PE cannot continue: xbemu's status for a guest it stopped.
constexpr int kGuestFailureStatus = 1;

// What the ranks compare so that a job whose ranks were given different -n (mpirun's `:` form)
// is refused at start-up rather than run with ranks that disagree on the PE numbering.
RankSetting pes_per_rank_setting(unsigned pes_per_rank) {
    const std::string value = std::to_string(pes_per_rank);
    return {"-n (PEs per rank)", value, value};
}

// As many PEs as -n takes in one process.
constexpr unsigned kMaxJobPes = 65536;

std::optional<std::string> pe_total_error(unsigned total, int ranks, unsigned pes_per_rank) {
    if (total / pes_per_rank == static_cast<unsigned>(ranks) && total <= kMaxJobPes) {
        return std::nullopt;
    }
    return fmt::format("{} ranks of -n {} PEs each make more than the {} PEs a job may have", ranks,
                       pes_per_rank, kMaxJobPes);
}

std::optional<std::string> host_error(const std::function<void(unsigned)>& check_host,
                                      unsigned pes_per_rank) {
    try {
        check_host(pes_per_rank);
    } catch (const std::exception& refusal) {
        return std::string(refusal.what());
    }
    return std::nullopt;
}

std::optional<std::string> transport_error(MpiTransport transport, const MpiNode& node,
                                           bool uses_channel, bool thread_multiple) {
    if (transport == MpiTransport::Shm && node.node_count() > 1) {
        return fmt::format("--transport shm needs every rank on one node, but this job spans {} "
                           "nodes (use --transport auto or rma)",
                           node.node_count());
    }
    if (uses_channel && !thread_multiple) {
        return std::string("one-sided MPI transport needs MPI_THREAD_MULTIPLE, which this MPI "
                           "library does not provide");
    }
    return std::nullopt;
}

// Hydra reads a rank's standard output and error from pipes, and drops what it has not read
// yet when the job aborts: the reason a job stopped went missing in about one run in eight.
// Waits, for a bounded time, until the launcher has read everything written so far.
void wait_until_output_is_read() {
    constexpr auto kPatience = std::chrono::seconds(2);
    constexpr auto kPause = std::chrono::milliseconds(1);
    const auto deadline = std::chrono::steady_clock::now() + kPatience;
    for (const int descriptor : {STDOUT_FILENO, STDERR_FILENO}) {
        int unread = 0;
        // FIONREAD counts the bytes in a pipe from either end; it fails for terminals and
        // sockets, and reports 0 for files, which need no waiting.
        while (ioctl(descriptor, FIONREAD, &unread) == 0 && unread > 0 &&
               std::chrono::steady_clock::now() < deadline) {
            std::this_thread::sleep_for(kPause);
        }
    }
}

// A PE that cannot continue ends the whole job at once: the other PEs may be waiting for it,
// and mpirun stops every rank when one calls MPI_Abort.
[[noreturn]] void abort_job(const char* reason, int status) {
    // The guest's output (tagged streams write into stdout) before the reason.
    std::fflush(nullptr);
    std::fflush(stdout);
    if (reason != nullptr) {
        std::fprintf(stderr, "xbemu: %s\n", reason);
    }
    std::fflush(stderr);
    wait_until_output_is_read();
    MPI_Abort(MPI_COMM_WORLD, status);
    // MPI_Abort does not return; should a library's do so, this rank still must not go on.
    std::abort();
}

// Why this rank's PE failed, before the job ends.
void report_failure(const char* reason) {
    std::fflush(nullptr);
    std::fprintf(stderr, "xbemu: %s\n", reason);
    std::fflush(stderr);
}

// A PE of this rank failed. The other PEs may be waiting for it: once every PE has ended or
// waits (the waiting ones are stopped), all ranks meet in the exchange of exit statuses, and
// the lowest-numbered failed PE decides the job's. When that cannot be seen (ranks on several
// nodes) or a PE still runs after the grace period, mpirun stops the job at once.
void end_after_failure(PeGroup& group, unsigned pe, int status) {
    group.record_failure(pe, status);
    if (!group.await_end_after_failure()) {
        abort_job(nullptr, group.lowest_failure_status().value_or(status));
    }
}

// Before the PEs run; a debugger that cannot listen refuses the set-up on this rank.
void attach_debugger(AttachedDebugger* debugger, const std::vector<ProcessingElement*>& pes) {
    if (debugger != nullptr) {
        debugger->attach(pes);
    }
}

std::vector<ProcessingElement*> raw(const std::vector<std::unique_ptr<ProcessingElement>>& pes) {
    std::vector<ProcessingElement*> pointers;
    for (const auto& pe : pes) {
        pointers.push_back(pe.get());
    }
    return pointers;
}

// The cycle mode on this rank's PEs, from their start or from a fast-forward's switch: PEs reach
// each other only through messages, which every rank exchanges with every other at the end of
// each window, so the transport (shm, rma) makes no difference.
JobOutcome run_cycle_part(const MpiSession& session, const MachineConfig& config,
                          const MpiNode& node,
                          const std::vector<std::unique_ptr<ProcessingElement>>& pes,
                          const std::vector<std::unique_ptr<TimedPe>>& timed,
                          std::unique_ptr<netsim::Network> network, AttachedDebugger* debugger) {
    const int rank = session.rank();
    std::vector<TimedPe*> local;
    std::vector<netsim::Inbox*> inboxes;
    for (const auto& pe : timed) {
        local.push_back(pe.get());
        inboxes.push_back(&pe->network().inbox());
    }
    MpiExchange exchange(std::move(network), pes.front()->id(), inboxes, config.pe_count, node);
    // Ranks usually fill the host's cores already: one thread per rank unless told otherwise.
    const unsigned threads = config.host_threads != 0 ? config.host_threads : 1;
    CycleScheduler scheduler(local, exchange, threads, rank == 0, debugger);
    const auto start = std::chrono::steady_clock::now();
    const CycleJobResult result = scheduler.run();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fflush(stdout);
    JobOutcome outcome;
    // Every rank reached the same result; rank 0 reports it.
    if (rank == 0) {
        outcome.failure = result.failure;
        outcome.network = exchange.network_statistics();
    }
    outcome.status = result.failure && rank != 0 ? kGuestFailureStatus : result.status;
    if (debugger != nullptr) {
        debugger->job_finished(result.status, result.failure);
    }
    std::vector<PeStatistics> statistics;
    for (const auto& pe : timed) {
        statistics.push_back(pe->statistics(seconds));
    }
    outcome.statistics = gather_statistics(statistics);
    gather_profile(raw(pes));
    std::vector<const CycleTrace*> traces;
    for (const auto& pe : pes) {
        if (const CycleTrace* trace = pe->trace()) {
            traces.push_back(trace);
        }
    }
    if (!traces.empty()) {
        gather_trace(traces, outcome.trace, outcome.trace_truncated);
    }
    return outcome;
}

JobOutcome run_cycle_rank(const MpiSession& session, const MachineConfig& config,
                          const DecodeTable& table, const ElfImage& image, unsigned pes_per_rank,
                          AttachedDebugger* debugger) {
    const int rank = session.rank();
    const unsigned first = static_cast<unsigned>(rank) * pes_per_rank;
    PeGroup group(pes_per_rank, false);
    PeerMemory peers(config.pe_count, config.memory_size);
    // --restore: the PEs are built as fast-forwarded ones, whose harts start functional, and
    // switch to the cycle mode at once, with the state of the checkpoint.
    const bool restoring = config.checkpointing.restored != nullptr;
    MachineConfig pe_config = config;
    if (restoring) {
        pe_config.fast_forward = MachineConfig::FastForward{};
    }
    std::vector<std::unique_ptr<ProcessingElement>> pes;
    const PesEndNewestFirst pes_end{pes};
    std::vector<std::unique_ptr<TimedPe>> timed;
    std::unique_ptr<netsim::Network> network;
    std::optional<std::string> error;
    try {
        network = netsim::make_network(config.machine.network, config.pe_count);
        const auto layout = std::make_shared<const ProgramLayout>(program_layout(image));
        for (unsigned index = 0; index < pes_per_rank; ++index) {
            pes.push_back(
                std::make_unique<ProcessingElement>(pe_config, table, group, first + index, peers));
            if (!restoring) {
                timed.push_back(std::make_unique<TimedPe>(*pes.back()));
            }
            peers.map(first + index, pes.back()->ram().host());
            pes.back()->load(image, layout);
        }
        if (restoring) {
            timed = switch_to_cycle_mode(pes, group, restore_rank_part(config, pes));
        }
        attach_debugger(debugger, raw(pes));
    } catch (const std::exception& failure) {
        error = failure.what();
    }
    agree_on_setup(error);
    const MpiNode node;
    const StopOnInterruption interruption(group);
    return run_cycle_part(session, config, node, pes, timed, std::move(network), debugger);
}

// The guest RAM of this rank's PEs, one after the other: in the node's shared memory when the
// rank shares its node, else (with several PEs, which the one-sided window needs in one piece)
// in memory of its own; nullptr when its one PE allocates its RAM itself.
std::byte* rank_ram(const std::optional<MpiNodeRam>& node_ram, std::optional<ZeroedMemory>& own_ram,
                    const MachineConfig& config, unsigned pes_per_rank) {
    if (node_ram) {
        return node_ram->local();
    }
    if (pes_per_rank > 1) {
        return own_ram.emplace(config.memory_size * pes_per_rank).data();
    }
    return nullptr;
}

// The functional mode's PEs of this rank on a pool of --host-threads host threads (default: one
// per core); `run_pe(index)` runs a slice of a PE, and returns nothing once the PE has ended.
// Returns the pool's host CPU seconds.
template <typename RunPe>
double run_rank_on_pool(const MachineConfig& config,
                        const std::vector<std::unique_ptr<ProcessingElement>>& pes, PeGroup& group,
                        const MpiRamWriteReports& reports, RunPe& run_pe) {
    using End = ProcessingElement::RunSlice::End;
    using Slice = FunctionalPool::Slice;
    const unsigned threads =
        config.host_threads != 0 ? config.host_threads : std::thread::hardware_concurrency();
    const auto count = static_cast<unsigned>(pes.size());
    FunctionalPool pool(count, threads, {reports.local_words(), reports.local_count()});
    for (unsigned index = 0; index < count; ++index) {
        const FunctionalPool::RamWrites writes = pool.ram_writes(index);
        pes[index]->hart(0).report_ram_writes(writes.word, writes.bit, writes.reports);
    }
    bool failure_awaited = false;
    pool.run(
        [&](unsigned index) {
            const std::optional<ProcessingElement::RunSlice> slice = run_pe(index);
            if (!slice) {
                return Slice{Slice::End::Ended};
            }
            switch (slice->end) {
            case End::Parked:
                return Slice{Slice::End::Parked, slice->resume_after, slice->looked_only,
                             slice->wakes_on_ram_write};
            case End::Preempted:
                return Slice{Slice::End::Preempted};
            case End::FoundDeadlock:
                return Slice{Slice::End::EndsLast};
            case End::Finished:
                break;
            }
            return Slice{Slice::End::Ended};
        },
        [&group] { return group.stop_requested(); },
        [&] {
            // A failed PE's end, as a thread of its own would have awaited it.
            if (const std::optional<int> status = group.lowest_failure_status();
                status && !failure_awaited) {
                failure_awaited = true;
                if (!group.await_end_after_failure()) {
                    abort_job(nullptr, *status);
                }
            }
        });
    for (const auto& pe : pes) {
        pe->hart(0).report_ram_writes(nullptr, 0, nullptr);
    }
    return pool.cpu_seconds();
}

// What one of this rank's PEs did in the functional mode.
struct LocalRun {
    int status = 0;
    std::optional<std::string> failure;
};

JobOutcome run_rank(const MpiSession& session, MachineConfig config, const DecodeTable& table,
                    const ElfImage& image, MpiTransport transport,
                    std::vector<RankSetting> settings,
                    const std::function<void(unsigned)>& check_host, AttachedDebugger* debugger) {
    const int rank = session.rank();
    const int ranks = session.size();
    // Under mpirun -n is the PEs of each rank: rank r runs PEs r * n to r * n + n - 1.
    const unsigned pes_per_rank = config.pe_count == 0 ? 1 : config.pe_count;
    settings.push_back(pes_per_rank_setting(pes_per_rank));
    agree_on_settings(settings);
    const unsigned first = static_cast<unsigned>(rank) * pes_per_rank;
    config.pe_count = static_cast<unsigned>(ranks) * pes_per_rank;
    agree_on_setup(pe_total_error(config.pe_count, ranks, pes_per_rank));
    agree_on_setup(host_error(check_host, pes_per_rank));
    agree_on_setup(commit_log_pes_error(config));
    agree_on_setup(checkpoint_setup_error(config, rank, ranks, pes_per_rank));
    // --fast-forward's first part is the functional mode's.
    if (config.timing == TimingMode::Cycle && !config.fast_forward) {
        return run_cycle_rank(session, config, table, image, pes_per_rank, debugger);
    }

    const MpiNode node;
    const bool uses_channel = transport == MpiTransport::Rma ||
                              (transport == MpiTransport::Auto && node.node_count() > 1);
    agree_on_setup(transport_error(transport, node, uses_channel, session.thread_multiple()));

    // A rank alone on its node keeps RAM of its own: MPICH takes a one-rank "shared" window
    // from the heap, which need not be zero as fresh guest RAM must be (under ASan it is not).
    const bool shares_node = node.world_ranks().size() > 1;
    std::optional<MpiNodeRam> node_ram;
    if (shares_node) {
        node_ram.emplace(node, config.memory_size * pes_per_rank);
    }
    std::optional<ZeroedMemory> own_ram;
    std::byte* const ram = rank_ram(node_ram, own_ram, config, pes_per_rank);
    PeerMemory peers(config.pe_count, config.memory_size);
    // Under rma every PE of another rank is reached through the channel, as if it were on
    // another node.
    if (shares_node && transport != MpiTransport::Rma) {
        const std::vector<int>& world_ranks = node.world_ranks();
        for (std::size_t node_rank = 0; node_rank < world_ranks.size(); ++node_rank) {
            for (unsigned index = 0; index < pes_per_rank; ++index) {
                peers.map(static_cast<unsigned>(world_ranks[node_rank]) * pes_per_rank + index,
                          node_ram->of(static_cast<int>(node_rank)) + config.memory_size * index);
            }
        }
    }

    // Many PEs, or any number with --host-threads, run on a pool of host threads as in one
    // process: a write into this rank's RAM from another rank wakes the PE it concerns, reported
    // by the writer when it wrote directly (MpiRamWriteReports), by this rank's channel when the
    // write came through it (MpiWriteNotices).
    std::optional<MpiRamWriteReports> write_reports;
    std::optional<MpiReportingPeerMemory> reporting_peers;
    if (pes_per_rank > 1) {
        write_reports.emplace(node, ranks, pes_per_rank);
        reporting_peers.emplace(peers, *write_reports, config.memory_size);
    }
    RemoteMemory& remote_memory =
        reporting_peers ? static_cast<RemoteMemory&>(*reporting_peers) : peers;

    // Deadlock detection counts waiting PEs in memory every rank sees: possible when the job
    // runs on one node.
    std::optional<MpiNodeSharedMemory> shared_counters;
    if (node.node_count() == 1) {
        const PeGroupCounters initial{};
        shared_counters.emplace(node, sizeof(PeGroupCounters), &initial);
    }
    const auto group =
        shared_counters
            ? std::make_unique<PeGroup>(config.pe_count, shared_counters->as<PeGroupCounters>())
            : std::make_unique<PeGroup>(pes_per_rank, false);
    std::vector<std::unique_ptr<ProcessingElement>> pes;
    const PesEndNewestFirst pes_end{pes};
    std::optional<MessageFabricShape> pimp_shape;
    std::optional<std::string> error;
    try {
        const auto layout = std::make_shared<const ProgramLayout>(program_layout(image));
        for (unsigned index = 0; index < pes_per_rank; ++index) {
            pes.push_back(std::make_unique<ProcessingElement>(
                config, table, *group, first + index, remote_memory,
                ram != nullptr ? ram + config.memory_size * index : nullptr));
            peers.map(first + index, pes.back()->ram().host(), &pes.back()->hart(0));
            pes.back()->load(image, layout);
        }
        attach_debugger(debugger, raw(pes));
        pimp_shape = message_fabric_shape(config, table, config.pe_count);
    } catch (const std::exception& failure) {
        error = failure.what();
    }
    agree_on_setup(error);
    // PIMP's network: shared memory with the ranks of this node, MPI messages to the others.
    std::optional<MpiMessageNetwork> messages;
    if (pimp_shape) {
        messages.emplace(*pimp_shape, node, first, pes_per_rank, transport != MpiTransport::Rma,
                         uses_channel);
        for (const auto& pe : pes) {
            pe->attach_message_port(messages->port(pe->id()));
        }
    }

    const bool pooled =
        write_reports && debugger == nullptr && !config.fast_forward &&
        (config.host_threads != 0 || pes_per_rank > FunctionalPool::kThreadPerPeUpTo);
    // Declared after the PEs, so that its window is gone before the RAM it exposes.
    std::optional<MpiOneSidedChannel> channel;
    if (uses_channel) {
        // A write that came through the channel makes the code its PE decoded from that page
        // stale, as a direct write does (Hart::ram_written_remotely), and on the pool wakes the
        // PE (the shared report first: it wakes the pool's threads).
        const auto written_here = [&pes, &write_reports, pooled, first](unsigned index,
                                                                        std::uint32_t page) {
            if (pooled) {
                write_reports->written(first + index);
            }
            pes[index]->hart(0).ram_written_remotely(kRamBase + (std::uint64_t{page} << kPageShift),
                                                     1);
        };
        channel.emplace(ram != nullptr ? ram : pes.front()->ram().host(), config.memory_size,
                        config.pe_count, pes_per_rank, written_here);
    }
    // With any PE behind the channel, every atomic goes through it, so that host atomics on
    // this node and MPI atomics from other nodes never race on one location.
    peers.set_channel(channel ? &*channel : nullptr, uses_channel);

    const StopOnInterruption interruption(*group);
    // Across nodes no counters are shared: rounds of MPI see when every PE waits or has ended,
    // where --fast-forward switches the waiting PEs and the functional mode calls a deadlock (the
    // cycle mode finds its deadlocks in simulated time).
    std::optional<MpiIdleWatch> idle_watch;
    if ((config.fast_forward || config.timing == TimingMode::Functional) && !shared_counters) {
        idle_watch.emplace(*group, config.pe_count, [](const std::string& reason) {
            abort_job(reason.c_str(), kGuestFailureStatus);
        });
    }
    const auto start = std::chrono::steady_clock::now();
    std::vector<LocalRun> runs(pes_per_rank);
    // The first PE of this rank to end the job early, or else the rank's end, tells gdb.
    std::once_flag debugger_told;
    const auto tell_debugger = [&](int status, const std::optional<std::string>& failure) {
        if (debugger != nullptr) {
            std::call_once(debugger_told, [&] { debugger->job_finished(status, failure); });
        }
    };
    // Runs PE `index` to its end, or on the pool a slice of its run: nothing once it has ended.
    const auto run_pe = [&](unsigned index) -> std::optional<ProcessingElement::RunSlice> {
        ProcessingElement& pe = *pes[index];
        LocalRun& run = runs[index];
        try {
            // A PE stopped because another one failed ends without a status of its own.
            if (pooled) {
                const ProcessingElement::RunSlice slice =
                    pe.run_slice(FunctionalPool::kSliceInstructions);
                if (slice.end != ProcessingElement::RunSlice::End::Finished) {
                    return slice;
                }
                run.status = slice.status.value_or(0);
            } else {
                run.status = pe.run().value_or(0);
            }
        } catch (const DeadlockError& failure) {
            tell_debugger(kGuestFailureStatus, failure.what());
            abort_job(failure.what(), kGuestFailureStatus);
        } catch (const std::exception& failure) {
            report_failure(failure.what());
            run.failure = failure.what();
            run.status = kGuestFailureStatus;
        }
        if (messages) {
            messages->mark_finished(pe.id());
        }
        // This PE's end may be all a gdb attached to this rank can still see.
        if (run.status != 0 || pe.job_exit_requested()) {
            tell_debugger(run.status, run.failure);
        }
        // The guest asked to end the whole job: mpirun stops every rank and exits with the
        // status.
        if (pe.job_exit_requested()) {
            peers.complete();
            abort_job(nullptr, run.status);
        }
        if (run.status != 0) {
            peers.complete();
            // On the pool the thread runs the other PEs on; the pool's supervisor waits.
            if (pooled) {
                group->record_failure(pe.id(), run.status);
            } else {
                end_after_failure(*group, pe.id(), run.status);
            }
        }
        return std::nullopt;
    };
    double pool_cpu_seconds = 0;
    if (pooled) {
        pool_cpu_seconds = run_rank_on_pool(config, pes, *group, *write_reports, run_pe);
    } else if (pes_per_rank == 1) {
        run_pe(0);
    } else {
        std::vector<std::thread> threads;
        for (unsigned index = 0; index < pes_per_rank; ++index) {
            threads.emplace_back(run_pe, index);
        }
        for (std::thread& thread : threads) {
            thread.join();
        }
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // Remote stores the guest left posted reach their PEs before any rank can finish.
    peers.complete();
    idle_watch.reset();
    std::fflush(stdout);
    if (config.fast_forward) {
        const auto local_failure =
            std::find_if(runs.begin(), runs.end(), [](const LocalRun& run) { return run.failure; });
        const auto local_status = std::find_if(runs.begin(), runs.end(),
                                               [](const LocalRun& run) { return run.status != 0; });
        const std::optional<std::vector<MessagePortSnapshot>> fifos = agree_on_switch(
            config, pes, *group, local_status != runs.end() ? local_status->status : 0,
            local_failure != runs.end(), messages ? &*messages : nullptr, rank == 0);
        if (fifos && !config.checkpointing.write.empty()) {
            write_rank_checkpoint(config, rank, ranks, pes, *fifos);
        }
        if (fifos && !config.checkpointing.exit_after_write) {
            return run_cycle_part(
                session, config, node, pes, switch_to_cycle_mode(pes, *group, *fifos),
                netsim::make_network(config.machine.network, config.pe_count), debugger);
        }
    }

    // The lowest-numbered PE's failure decides: the first of this rank's, then of the ranks'.
    const auto local_failure =
        std::find_if(runs.begin(), runs.end(), [](const LocalRun& run) { return run.status != 0; });
    const int status = local_failure != runs.end() ? local_failure->status : 0;
    std::vector<int> statuses(static_cast<std::size_t>(ranks));
    // The ranks whose PEs ended first sleep while the others' still run.
    setup_allgather(&status, 1, MPI_INT, statuses.data(), MPI_COMM_WORLD);
    JobOutcome outcome;
    const auto first_failure =
        std::find_if(statuses.begin(), statuses.end(), [](int value) { return value != 0; });
    outcome.status = first_failure != statuses.end() ? *first_failure : 0;
    tell_debugger(outcome.status, std::nullopt);
    std::vector<PeStatistics> statistics;
    for (const auto& pe : pes) {
        statistics.push_back(pe->statistics(seconds));
    }
    if (pooled) {
        share_pool_cpu_seconds(statistics, pool_cpu_seconds);
    }
    outcome.statistics = gather_statistics(statistics);
    gather_profile(raw(pes));
    return outcome;
}

} // namespace

bool launched_by_mpi() {
    // Set for each process by Hydra (MPICH, Intel MPI), Open MPI's mpirun, PMIx launchers and
    // Slurm's srun with PMI.
    constexpr std::array kLauncherVariables = {
        "PMI_RANK", "PMI_SIZE", "PMI_FD", "PMIX_RANK", "MPI_LOCALRANKID", "OMPI_COMM_WORLD_SIZE"};
    return std::any_of(kLauncherVariables.begin(), kLauncherVariables.end(),
                       [](const char* name) { return std::getenv(name) != nullptr; });
}

JobOutcome run_mpi_job(MachineConfig config, const DecodeTable& table, const ElfImage& image,
                       MpiTransport transport, const std::vector<RankSetting>& settings,
                       const std::function<void(unsigned pes)>& check_host,
                       AttachedDebugger* debugger) {
    const MpiSession session;
    try {
        return run_rank(session, std::move(config), table, image, transport, settings, check_host,
                        debugger);
    } catch (const MpiSetupRefused&) {
        if (session.rank() == 0) {
            throw;
        }
        JobOutcome outcome;
        outcome.status = kSetupFailureStatus;
        return outcome;
    }
}

} // namespace xbemu
