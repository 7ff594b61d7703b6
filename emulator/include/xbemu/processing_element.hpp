#pragma once
// A processing element: guest RAM, the devices on its bus, its harts, host services, and its
// view of the other PEs (OLB, remote memory). The multi-PE layers (in
// one process, or one PE per MPI rank) build on this object.

#include "xbemu/clint.hpp"
#include "xbemu/cycle_trace.hpp"
#include "xbemu/decoder/decode_table.hpp"
#include "xbemu/decoder/privileged_spec.hpp"
#include "xbemu/elf_image.hpp"
#include "xbemu/guest_measurement.hpp"
#include "xbemu/guest_ram.hpp"
#include "xbemu/hart.hpp"
#include "xbemu/htif.hpp"
#include "xbemu/job_statistics.hpp"
#include "xbemu/machine_config.hpp"
#include "xbemu/memory_access_observer.hpp"
#include "xbemu/message_port.hpp"
#include "xbemu/mmio_device.hpp"
#include "xbemu/olb/olb.hpp"
#include "xbemu/pe_group.hpp"
#include "xbemu/pe_state_summary.hpp"
#include "xbemu/program_layout.hpp"
#include "xbemu/remote_memory.hpp"
#include "xbemu/remote_memory_access_port.hpp"
#include "xbemu/semihosting.hpp"
#include "xbemu/timed_line_output.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

namespace xbemu {

class CheckpointReader;
class CheckpointWriter;

class LoadError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Where the symmetric region lies (e12/e13 at start-up): the upper half of RAM less its last
// MiB, at the same addresses on every PE.
struct SymmetricRegion {
    std::uint64_t base;
    std::uint64_t size;
};
SymmetricRegion symmetric_region(std::uint64_t ram_size);

class ProcessingElement {
public:
    // `ram_backing`: memory for the guest RAM owned by the caller (an MPI shared window), or
    // nullptr for RAM of its own.
    ProcessingElement(const MachineConfig& config, const DecodeTable& decode_table, PeGroup& group,
                      unsigned id, RemoteMemory& remote_memory, std::byte* ram_backing = nullptr);
    ~ProcessingElement();
    ProcessingElement(const ProcessingElement&) = delete;
    ProcessingElement& operator=(const ProcessingElement&) = delete;

    // Copies the image into RAM and points every hart at its entry. Throws LoadError for
    // segments, or a stack top the link script names, outside RAM. The PEs of a job share one
    // `layout` of the image (a PE's own copy of every symbol is most of an idle PE's heap); a PE
    // given none makes its own.
    void load(const ElfImage& image, std::shared_ptr<const ProgramLayout> layout = nullptr);

    // Functional mode: runs until the guest stops; returns its exit status, or nothing when
    // the group was told to stop or the PE reached the point where --fast-forward switches
    // (reached_switch()). Throws GuestFatalError.
    std::optional<int> run();
    // The functional mode on a pool of host threads: runs at most `instructions` of the run above
    // (Preempted), or until the PE waits for others (Parked: the pool runs it again after
    // `resume_after`, or sooner after the PEs that can run) or ends (Finished, with run()'s
    // result). FoundDeadlock: the PE found every PE waiting and stopped the group; the next
    // run_slice, once the other PEs have ended, throws the deadlock report. `looked_only`
    // (Parked): the PE parked in the wait it was in when the slice began; `wakes_on_ram_write`
    // (Parked): only another PE's write into its RAM can end its wait (Hart::wakes_on_ram_write),
    // which the hart reports where Hart::report_ram_writes says.
    struct RunSlice {
        enum class End : std::uint8_t { Finished, Parked, Preempted, FoundDeadlock };
        End end;
        std::optional<int> status;
        std::chrono::steady_clock::duration resume_after;
        bool looked_only;
        bool wakes_on_ram_write = false;
    };
    RunSlice run_slice(std::uint64_t instructions);

    // ---- --fast-forward (MachineConfig::fast_forward) -------------------------------------
    // The functional run stopped after xbemu_roi_begin() (whose measurement waits for the
    // switch) or after the fast-forward's instructions.
    bool reached_switch() const { return reached_switch_; }
    // Goes on in the cycle mode: the hart's clock and counts, and the statistics (the
    // extensions', hints taken so far), start from 0 here. Then the timing layer attaches its ports
    // (TimedPe), and begin_cycle_mode_measurement takes the xbemu_roi_begin() the PE stopped at.
    void enter_cycle_mode();
    void begin_cycle_mode_measurement();
    // --checkpoint, --restore (pe_checkpoint.cpp), at the switch, before enter_cycle_mode: the
    // PE's end and deferred xbemu_roi_begin(), its hart, its RAM's touched pages, its semihosting
    // files and its unfinished output line. Restored into a PE that has loaded the same program
    // and not run.
    void save_checkpoint(CheckpointWriter& out) const;
    void restore_checkpoint(CheckpointReader& in);

    // ---- what the layers above ask of a PE ----------------------------------------------------
    // A debugger changed this PE's memory or registers while the job was paused (the cycle mode,
    // at the end of a window): a polling loop, which sleeps until a message, must look again.
    void wake_for_debugger() { debugger_wake_ = true; }
    bool woken_by_debugger() const { return debugger_wake_; }
    void clear_debugger_wake() { debugger_wake_ = false; }
    // The cycle mode: the PE's run has ended (it exited or was stopped); it still serves other
    // PEs' accesses to its memory.
    void end_run() { run_ended_ = true; }
    bool run_ended() const { return run_ended_; }
    // Exit status once the guest exited (nothing when stopped).
    std::optional<int> exit_status() const { return exit_status_; }
    // What --trace records of this PE, or nullptr without --trace.
    CycleTrace* trace() { return trace_.get(); }
    const CycleTrace* trace() const { return trace_.get(); }
    // The lines this PE printed since the last call, when several PEs share the job's output
    // in the cycle mode (see TimedLineOutput); with `finish`, an unterminated last line too.
    void drain_output(std::vector<TimedLine>& lines, bool finish) {
        if (timed_output_) {
            timed_output_->drain(lines, finish);
        }
    }

    unsigned id() const { return id_; }
    unsigned pe_count() const { return remote_memory_.pe_count(); }
    const MachineConfig& config() const { return config_; }
    const DecodeTable& decode_table() const { return decode_table_; }
    // The loaded program's privileged spec version, which names CSRs in disassembly.
    PrivilegedSpec privileged_spec() const { return privileged_spec_; }
    // The loaded program's start-up code and stack, for reports of a stuck or overflowing one.
    const ProgramLayout& layout() const { return *layout_; }
    GuestRam& ram() { return ram_; }
    const GuestRam& ram() const { return ram_; }
    Hart& hart(unsigned index) { return *harts_.at(index); }
    const Hart& hart(unsigned index) const { return *harts_.at(index); }
    std::size_t hart_count() const { return harts_.size(); }
    Semihosting& semihosting() { return *semihosting_; }
    Htif* htif() { return htif_ ? &*htif_ : nullptr; }
    MmioDevice* device_at(std::uint64_t address, unsigned size);
    PeGroup& group() { return group_; }
    Olb& olb() { return olb_; }
    RemoteMemory& remote_memory() { return remote_memory_; }
    // Where remote instructions issue their accesses: the transport's RemoteMemory in the
    // functional mode, the network interface the timing layer attaches in the cycle mode.
    RemoteAccessPort& remote_access() { return *remote_access_; }
    void attach_remote_access_port(RemoteAccessPort& port) { remote_access_ = &port; }
    // The live counts of an enabled extension, in `slot` (its ExtensionStatisticsType's), as
    // its execute functions know them (`Statistics`): at a fixed offset in the PE, no check.
    template <typename Statistics> Statistics& extension_statistics_in(unsigned slot) {
        return *std::launder(reinterpret_cast<Statistics*>(statistics_storage_[slot].bytes));
    }
    // PIMP: this PE's message FIFOs, which the job runner attaches when the ISA has PIMP: a port
    // of its transport's fabric in the functional mode, of the network interface in the cycle
    // mode.
    // Throws std::invalid_argument for a network grid PIMP's CSR 0xC72 cannot describe.
    void attach_message_port(MessagePort& port);
    MessagePort& message_port() { return *message_port_; }
    const MessagePort* message_port_if_any() const { return message_port_; }
    std::FILE* output() const { return output_; }

    // Set by guest-visible ways of stopping (semihosting exit, HTIF, test finisher); the first
    // request wins.
    void request_exit(int status);
    bool exit_requested() const { return exit_status_.has_value(); }
    // The guest asked to end the whole job with `status` (semihosting kSemihostingExitJob):
    // this PE exits with it, and the job runner then stops every other PE.
    void request_job_exit(int status);
    bool job_exit_requested() const { return job_exit_requested_; }
    // The functional mode's deadlock, found by `hart` while polling: one line that counts the
    // PEs waiting at each loop (see summarize_pe_states); stops every PE of the group.
    [[noreturn]] void report_deadlock(const Hart& hart) const;
    // Why a PE that loops at `pc` for ever is most likely stuck in its start-up code after main
    // returned, or empty when the pc is not there; for both timing modes' deadlock reports.
    std::string startup_loop_hint(std::uint64_t pc) const;
    std::uint64_t instructions_retired() const;
    // What --stats reports about this PE after a run of `seconds`.
    PeStatistics statistics(double seconds) const;
    // The guest's measurement hints: an execute function requests, the hart then calls
    // take_measurement at the end of the hint's block.
    GuestMeasurement& measurement() { return measurement_; }
    void take_measurement();
    // --profile: gives the PE's profile what its last instruction took, and any wait after it
    // (again when the PE is destroyed, which then adds nothing).
    void end_profile();

private:
    void check_stack(const ElfImage& image) const;
    // --max-instructions, or no limit.
    std::uint64_t instruction_limit() const;
    // Runs the hart up to `instret_limit` instructions in total, counting its CPU time by
    // `seconds`.
    StopReason run_hart(std::uint64_t instret_limit, double (*seconds)());
    // After the run ended with `reason`: what run() returns or throws.
    std::optional<int> finish_run(StopReason reason);
    // What the PEs of a deadlock report were doing when they ended, for summarize_pe_states.
    std::vector<PeState> describe_ends(const std::vector<PeEnd>& ends) const;
    // The PE's counters now (instructions, cycles, stalls, caches, the extensions').
    PeStatistics counters() const;
    // What each extension the build knows counted in this PE (MachineConfig::known_extensions,
    // or without it the enabled ones): zero for one the ISA leaves out, so that what
    // --stats-json holds does not depend on --isa, unless its type reports it only when enabled.
    ExtensionStatisticsList extension_statistics() const;
    // Zero counts in the slot of each enabled extension that counts, for a job of `pe_count()`.
    void start_extension_statistics();
    // First, so that the first slot's counts lie at the PE's own address: the execute functions
    // that count there need no address of their own.
    struct alignas(kExtensionStatisticsAlignment) ExtensionStatisticsStorage {
        std::byte bytes[kExtensionStatisticsBytes];
    };
    std::array<ExtensionStatisticsStorage, kExtensionStatisticsSlots> statistics_storage_;
    MachineConfig config_;
    const DecodeTable& decode_table_;
    PeGroup& group_;
    unsigned id_;
    RemoteMemory& remote_memory_;
    GuestRam ram_;
    std::FILE* output_ = stdout;
    std::unique_ptr<TimedLineOutput> timed_output_;
    Olb olb_;
    std::array<std::unique_ptr<ExtensionStatistics, ExtensionStatisticsEnd>,
               kExtensionStatisticsSlots>
        statistics_slots_;
    // MachineConfig::memory_observer's, watching the hart; it reports when the PE is destroyed.
    // Declared before the harts, which hold it.
    std::unique_ptr<MemoryAccessObserver> memory_observer_;
    std::vector<std::unique_ptr<Hart>> harts_;
    std::vector<std::unique_ptr<MmioDevice>> devices_;
    std::unique_ptr<Semihosting> semihosting_;
    std::optional<Htif> htif_;
    PrivilegedSpec privileged_spec_ = kNewestPrivilegedSpec;
    std::shared_ptr<const ProgramLayout> layout_;
    std::optional<int> exit_status_;
    std::unique_ptr<RemoteMemoryAccessPort> functional_remote_access_;
    RemoteAccessPort* remote_access_ = nullptr;
    MessagePort* message_port_ = nullptr;
    std::unique_ptr<CycleTrace> trace_;
    bool debugger_wake_ = false;
    bool run_ended_ = false;
    bool job_exit_requested_ = false;
    bool reached_switch_ = false;
    bool roi_begin_deferred_ = false;
    double cpu_seconds_ = 0;
    GuestMeasurement measurement_;
};

} // namespace xbemu
