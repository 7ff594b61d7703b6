#include "xbemu/processing_element.hpp"

#include "xbemu/commit_log_selection.hpp"
#include "xbemu/decoder/extension_registry.hpp"
#include "xbemu/job_profile.hpp"
#include "xbemu/line_output.hpp"
#include "xbemu/pe_state_summary.hpp"
#include "xbemu/test_finisher.hpp"
#include "xbemu/uart16550.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <fmt/format.h>
#include <limits>

namespace xbemu {

namespace {

std::string command_line(const MachineConfig& config) {
    // The guest's arguments alone, joined by spaces, as QEMU's -semihosting-config arg=...
    // gives them: picolibc's semihosting crt0 (Debian's 1.8) puts its own placeholder in argv[0]
    // and the command line's words after it, so `xbemu prog.elf 5` reaches main with argc 2
    // and argv[1] "5".
    return fmt::format("{}", fmt::join(config.arguments, " "));
}

SemihostingConfig semihosting_config(const MachineConfig& config, std::FILE* output) {
    SemihostingConfig semihosting;
    semihosting.output = output;
    semihosting.root = config.file_system_root;
    semihosting.command_line = command_line(config);
    semihosting.allow_system = config.allow_system;
    semihosting.tick_frequency = 1'000'000'000; // the nominal 1 GHz clock of Hart::cycles()
    semihosting.clock_from_ticks = config.timing == TimingMode::Cycle;
    return semihosting;
}

double thread_cpu_seconds() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

double steady_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// Why a segment is outside RAM. RAM always starts at kRamBase, so no -m reaches one below it:
// that is a program linked for another machine, most often a Linux user program
// (riscv64-linux-gnu-gcc links at 0x10000).
std::string outside_ram_hint(std::uint64_t address) {
    if (address < kRamBase) {
        return fmt::format("RAM starts at 0x{:x} whatever -m says: link the program there, as "
                           "picolibc's and xbemu's link scripts do; Linux user programs, such as "
                           "riscv64-linux-gnu-gcc builds, are not supported",
                           kRamBase);
    }
    return "RAM size is set by -m";
}

// The layout of a PE that has loaded no program: no symbols.
const std::shared_ptr<const ProgramLayout>& no_program_layout() {
    static const auto empty = std::make_shared<const ProgramLayout>();
    return empty;
}

} // namespace

SymmetricRegion symmetric_region(std::uint64_t ram_size) {
    constexpr std::uint64_t kReservedTop = 1ULL << 20;
    const std::uint64_t half = ram_size / 2;
    return {kRamBase + half, half > kReservedTop ? half - kReservedTop : 0};
}

ProcessingElement::ProcessingElement(const MachineConfig& config, const DecodeTable& decode_table,
                                     PeGroup& group, unsigned id, RemoteMemory& remote_memory,
                                     std::byte* ram_backing)
    : config_(config), decode_table_(decode_table), group_(group), id_(id),
      remote_memory_(remote_memory),
      ram_(ram_backing != nullptr ? GuestRam(config.memory_size, ram_backing)
                                  : GuestRam(config.memory_size)),
      olb_(remote_memory.pe_count(), id, config.olb_table), measurement_(config.stats_roi) {
    layout_ = no_program_layout();
    start_extension_statistics();
    // Several PEs print whole lines, as under mpirun, rather than interleaved characters; in the
    // cycle mode the job prints them in simulated-time order.
    if (config.timing == TimingMode::Cycle && remote_memory.pe_count() > 1) {
        timed_output_ = std::make_unique<TimedLineOutput>(
            id, config.tag_output, [this] { return harts_.front()->cycles(); });
        output_ = timed_output_->stream();
        // Until a fast-forwarded PE enters the cycle mode, it prints as in the functional mode.
        timed_output_->print_at_once(config.fast_forward.has_value());
    } else if (config.tag_output || remote_memory.pe_count() > 1) {
        output_ = open_line_output(id, config.tag_output);
        if (output_ == nullptr) {
            throw std::runtime_error("cannot create the PE's output stream");
        }
    }
    semihosting_ = std::make_unique<Semihosting>(semihosting_config(config, output_));
    const bool cycle_mode = config.timing == TimingMode::Cycle;
    // A fast-forwarded PE is the cycle mode's but for its hart, which starts functional.
    const bool cycle_hart = cycle_mode && !config.fast_forward;
    harts_.push_back(std::make_unique<Hart>(*this, 0, cycle_hart ? &config_.machine : nullptr));
    if (cycle_mode && config_.trace_events_per_pe != 0) {
        trace_ = std::make_unique<CycleTrace>(id_, config_.trace_events_per_pe);
    }
    if (cycle_hart) {
        harts_.front()->set_instruction_limit(config.max_instructions != 0
                                                  ? config.max_instructions
                                                  : std::numeric_limits<std::uint64_t>::max());
    } else {
        functional_remote_access_ = std::make_unique<RemoteMemoryAccessPort>(remote_memory_);
        remote_access_ = functional_remote_access_.get();
    }
    harts_.front()->set_commit_log(commit_log_of(config, id));
    if (config.profile != nullptr) {
        harts_.front()->set_profile(&config.profile->of(id));
    }
    if (config.memory_observer) {
        memory_observer_ = config.memory_observer();
        harts_.front()->set_memory_observer(memory_observer_.get());
    }
    group_.add_hart(*harts_.front());
    std::vector<Hart*> harts;
    for (const auto& hart : harts_) {
        harts.push_back(hart.get());
    }
    devices_.push_back(std::make_unique<Clint>(std::move(harts)));
    devices_.push_back(std::make_unique<Uart16550>(output_));
    devices_.push_back(
        std::make_unique<TestFinisher>([this](int status) { request_exit(status); }));
}

void ProcessingElement::end_profile() {
    if (config_.profile != nullptr) {
        const Hart& hart = *harts_.front();
        config_.profile->of(id_).at_boundary(hart.instructions_retired(), hart.cycles(),
                                             hart.stall_cycles(), measurement_.counting());
    }
}

ProcessingElement::~ProcessingElement() {
    end_profile();
    if (memory_observer_) {
        // One write, so that the reports of PEs under mpirun stay whole.
        const std::string report =
            memory_observer_->report(pe_count() > 1 ? fmt::format("[PE {}] ", id_) : "");
        std::fflush(stdout);
        std::fputs(report.c_str(), stderr);
    }
    if (output_ != stdout && !timed_output_) {
        std::fclose(output_);
    }
}

void ProcessingElement::check_stack(const ElfImage& image) const {
    // The stack tops that start-up code takes from its link script: picolibc's, newlib's and
    // that of xbemu's bare-metal tests. A push below a top outside RAM faults, and so does the
    // trap handler that reuses it.
    for (const char* symbol : {"__stack", "__stack_top", "_stack_top"}) {
        const auto found = image.symbols.find(symbol);
        if (found == image.symbols.end()) {
            continue;
        }
        const std::uint64_t top = found->second;
        if (!ram_.contains(top - 1, 1)) {
            constexpr std::uint64_t kMebibyte = 1ULL << 20;
            const std::uint64_t needed = top > ram_.base() ? top - ram_.base() : 0;
            throw LoadError(fmt::format(
                "{}: the stack ({} = 0x{:x}) lies outside guest RAM [0x{:x}, 0x{:x}){}",
                config_.program.string(), symbol, top, ram_.base(), ram_.base() + ram_.size(),
                needed != 0 ? fmt::format(": give xbemu -m {}M or more",
                                          (needed + kMebibyte - 1) / kMebibyte)
                            : std::string()));
        }
    }
}

void ProcessingElement::load(const ElfImage& image, std::shared_ptr<const ProgramLayout> layout) {
    for (const ElfSegment& segment : image.segments) {
        if (!ram_.contains(segment.address, segment.memory_size)) {
            throw LoadError(fmt::format(
                "{}: segment [0x{:x}, 0x{:x}) lies outside guest RAM [0x{:x}, 0x{:x}) ({})",
                config_.program.string(), segment.address, segment.address + segment.memory_size,
                ram_.base(), ram_.base() + ram_.size(), outside_ram_hint(segment.address)));
        }
        ram_.write(segment.address, segment.data);
    }
    group_.shared_code().set_program(image);
    check_stack(image);
    privileged_spec_ = image.privileged_spec;
    layout_ =
        layout ? std::move(layout) : std::make_shared<const ProgramLayout>(program_layout(image));
    if (image.tohost) {
        if (!ram_.contains(*image.tohost, 8)) {
            throw LoadError(fmt::format("{}: symbol tohost (0x{:x}) is outside guest RAM",
                                        config_.program.string(), *image.tohost));
        }
        htif_.emplace(*image.tohost, image.fromhost, output_, stderr, stdin);
        ram_.page_flags()[(*image.tohost - kRamBase) >> kPageShift] |= kPageWatchedByHost;
        ram_.page_flags()[(*image.tohost + 7 - kRamBase) >> kPageShift] |= kPageWatchedByHost;
    }
    // SYS_HEAPINFO: the heap starts after the image; the stack is the top MiB of RAM.
    SemihostingConfig semihosting = semihosting_config(config_, output_);
    constexpr std::uint64_t kStackSize = 1ULL << 20;
    const std::uint64_t ram_end = ram_.base() + ram_.size();
    semihosting.heap_base = (image.highest_address() + 15) & ~15ULL;
    semihosting.stack_base = ram_end;
    semihosting.stack_limit = ram_end - std::min(kStackSize, ram_.size() / 2);
    semihosting.heap_limit = std::max(semihosting.heap_base, semihosting.stack_limit);
    semihosting_ = std::make_unique<Semihosting>(std::move(semihosting));
    for (const auto& hart : harts_) {
        hart->set_pc(image.entry);
        for (const Hart::OwnedExtensionState& owned : hart->extension_states()) {
            owned.state->start(*this);
        }
    }
}

MmioDevice* ProcessingElement::device_at(std::uint64_t address, unsigned size) {
    for (const auto& device : devices_) {
        const std::uint64_t offset = address - device->base();
        if (offset < device->size() && size <= device->size() - offset) {
            return device.get();
        }
    }
    return nullptr;
}

void ProcessingElement::request_exit(int status) {
    if (!exit_status_) {
        exit_status_ = status;
    }
    for (const auto& hart : harts_) {
        hart->request_event_check();
    }
}

void ProcessingElement::request_job_exit(int status) {
    if (!exit_status_) {
        job_exit_requested_ = true;
    }
    request_exit(status);
}

std::uint64_t ProcessingElement::instruction_limit() const {
    return config_.max_instructions != 0 ? config_.max_instructions
                                         : std::numeric_limits<std::uint64_t>::max();
}

StopReason ProcessingElement::run_hart(std::uint64_t instret_limit, double (*seconds)()) {
    const double cpu_start = seconds();
    try {
        const StopReason reason = harts_.front()->run(instret_limit);
        cpu_seconds_ += seconds() - cpu_start;
        return reason;
    } catch (...) {
        cpu_seconds_ += seconds() - cpu_start;
        group_.pe_finished();
        throw;
    }
}

std::optional<int> ProcessingElement::finish_run(StopReason reason) {
    const Hart& hart = *harts_.front();
    // --fast-forward: the PE reached its switch point, or it waited (most likely for a PE that
    // had reached its own) and switches where it waited.
    reached_switch_ =
        (reason == StopReason::InstructionLimit &&
         (roi_begin_deferred_ || hart.instructions_retired() < instruction_limit())) ||
        (reason == StopReason::Stopped && group_.stopping_for_switch());
    if (reached_switch_) {
        group_.pe_reached_switch();
    }
    group_.record_end({id_, exit_status_, hart.pc()});
    group_.pe_finished();
    if (reached_switch_) {
        return std::nullopt;
    }
    if (reason == StopReason::InstructionLimit) {
        throw GuestFatalError(fmt::format(
            "{}: instruction limit reached: {} instructions retired (--max-instructions) "
            "with pc at 0x{:016x}",
            hart.name(), hart.instructions_retired(), hart.pc()));
    }
    if (reason == StopReason::Stopped) {
        return std::nullopt;
    }
    return *exit_status_;
}

void ProcessingElement::take_measurement() {
    Hart& hart = *harts_.front();
    if (config_.fast_forward && config_.fast_forward->to_roi && !hart.cycle_mode() &&
        measurement_.pending() == MeasurementHint::RoiBegin) {
        // The dispatch loop stops before the next instruction; the cycle mode takes the hint.
        roi_begin_deferred_ = true;
        hart.set_instruction_limit(hart.instructions_retired());
        return;
    }
    if (config_.fast_forward && config_.fast_forward->to_checkpoint && !hart.cycle_mode() &&
        measurement_.pending() == MeasurementHint::Checkpoint) {
        // The dispatch loop stops before the next instruction: the switch, and the checkpoint.
        hart.set_instruction_limit(hart.instructions_retired());
    }
    measurement_.apply(counters());
}

void ProcessingElement::attach_message_port(MessagePort& port) {
    // The grid is the job's: its first PE checks it, once.
    if (id_ == 0) {
        check_message_grid(config_.machine.network, pe_count());
    }
    message_port_ = &port;
}

void ProcessingElement::enter_cycle_mode() {
    Hart& hart = *harts_.front();
    hart.enter_cycle_mode(config_.machine);
    hart.set_instruction_limit(instruction_limit());
    start_extension_statistics();
    if (timed_output_) {
        timed_output_->print_at_once(false);
    }
    measurement_ = GuestMeasurement(config_.stats_roi);
    reached_switch_ = false;
}

void ProcessingElement::begin_cycle_mode_measurement() {
    if (roi_begin_deferred_) {
        roi_begin_deferred_ = false;
        measurement_.request(MeasurementHint::RoiBegin);
        measurement_.apply(counters());
    }
}

std::optional<int> ProcessingElement::run() {
    std::uint64_t limit = instruction_limit();
    if (config_.fast_forward && config_.fast_forward->instructions != 0) {
        limit = std::min(limit, config_.fast_forward->instructions);
    }
    return finish_run(run_hart(limit, thread_cpu_seconds));
}

ProcessingElement::RunSlice ProcessingElement::run_slice(std::uint64_t instructions) {
    Hart& hart = *harts_.front();
    if (hart.found_deadlock()) {
        try {
            report_deadlock(hart);
        } catch (...) {
            group_.pe_finished();
            throw;
        }
    }
    const std::uint64_t limit = instruction_limit();
    const std::uint64_t retired = hart.instructions_retired();
    const std::uint64_t bound = retired + std::min(instructions, limit - std::min(limit, retired));
    hart.park_when_waiting();
    hart.forget_ram_writes();
    const bool was_waiting = hart.waiting();
    const std::uint64_t waits_begun = hart.waits_begun();
    // The thread's CPU clock is a system call, as long as a short slice itself: the time a
    // slice held its thread stands for its CPU time.
    const StopReason reason = run_hart(bound, steady_seconds);
    if (hart.found_deadlock()) {
        return {RunSlice::End::FoundDeadlock, std::nullopt, {}, false};
    }
    if (reason == StopReason::Parked) {
        const bool looked_only = was_waiting && hart.waiting() && hart.waits_begun() == waits_begun;
        return {RunSlice::End::Parked, std::nullopt, hart.park_time(), looked_only,
                hart.wakes_on_ram_write()};
    }
    if (reason == StopReason::InstructionLimit && bound < limit) {
        return {RunSlice::End::Preempted, std::nullopt, {}, false};
    }
    return {RunSlice::End::Finished, finish_run(reason), {}, false};
}

std::vector<PeState> ProcessingElement::describe_ends(const std::vector<PeEnd>& ends) const {
    std::vector<LoopWait> waits;
    for (const PeEnd& end : ends) {
        if (!end.exit_status) {
            waits.push_back({end.pe, "waits", "wait", "", end.pc});
        }
    }
    std::vector<PeState> states = name_loop_waits(waits, *layout_);
    for (const PeEnd& end : ends) {
        if (end.exit_status) {
            states.push_back(
                {end.pe, "has", "have", fmt::format("exited with status {}", *end.exit_status)});
        }
    }
    return states;
}

std::string ProcessingElement::startup_loop_hint(std::uint64_t pc) const {
    const CodeRange* startup = layout_->startup_function_at(pc);
    if (startup == nullptr) {
        return {};
    }
    return fmt::format("the loop at pc 0x{:016x} is in the start-up code ({}), where the program "
                       "goes for ever once main returns: it was most likely linked without "
                       "picolibc's --crt0=semihost, whose start-up code ends the run with main's "
                       "status",
                       pc, startup->name);
}

void ProcessingElement::report_deadlock(const Hart& hart) const {
    // The two ways a lone program most often gets here are mistakes of its own, not waits.
    if (const std::string hint = startup_loop_hint(hart.pc()); !hint.empty()) {
        throw DeadlockError(fmt::format("{}: the program is stuck: {}", hart.name(), hint));
    }
    if (pe_count() == 1) {
        throw DeadlockError(fmt::format(
            "{}: deadlock: the program loops at pc 0x{:016x}{} without changing anything, and in "
            "a job of one PE nothing can end the loop: there is no other PE, and no timer "
            "interrupt is armed",
            hart.name(), hart.pc(), layout_->name_of_pc(hart.pc())));
    }
    // The other PEs of this process poll too, or have ended: stopped, each says where it was
    // (ProcessingElement::run), so that the report counts the PEs in each loop, as the cycle
    // mode's does, in one line however many PEs there are.
    group_.request_stop();
    const std::size_t others = group_.local_pes() - 1;
    std::vector<PeEnd> ends = group_.await_ends(others, PeGroup::kEndsTimeout);
    const std::size_t silent = others - std::min(others, ends.size());
    ends.push_back({id_, std::nullopt, hart.pc()});
    std::string text = summarize_pe_states(describe_ends(ends));
    if (silent != 0) {
        text += fmt::format(" ({} more did not stop within {} ms to say where they were)", silent,
                            PeGroup::kEndsTimeout.count());
    }
    if (others + 1 < pe_count()) {
        text += fmt::format(" (the other {} PEs run in other processes)", pe_count() - others - 1);
    }
    throw DeadlockError(
        fmt::format("{}: deadlock: every PE has been waiting for {} ms without progress: {}",
                    hart.name(), PeGroup::kDeadlockTimeout.count(), text));
}

PeStatistics ProcessingElement::statistics(double seconds) const {
    PeStatistics statistics = counters();
    statistics.seconds = seconds;
    statistics.guest_ram_resident_bytes = ram_.resident_bytes();
    statistics.process_peak_bytes = process_peak_memory_bytes();
    statistics.cpu_seconds = cpu_seconds_;
    statistics.translation = harts_.front()->translation_statistics();
    return measurement_.report(statistics);
}

PeStatistics ProcessingElement::counters() const {
    PeStatistics statistics;
    statistics.pe = id_;
    statistics.instructions = instructions_retired();
    statistics.extensions = extension_statistics();
    if (harts_.front()->cycle_mode()) {
        statistics.cycle_mode = true;
        statistics.cycles = harts_.front()->cycle();
        statistics.stalls = harts_.front()->stall_cycles();
        if (const MemoryTiming* memory = harts_.front()->memory_timing()) {
            statistics.memory = memory->statistics();
        }
    }
    return statistics;
}

void ProcessingElement::start_extension_statistics() {
    for (auto& slot : statistics_slots_) {
        slot.reset();
    }
    for (const Extension* extension : decode_table_.extensions()) {
        const ExtensionStatisticsType* type = extension->statistics;
        if (type == nullptr) {
            continue;
        }
        if (type->slot >= kExtensionStatisticsSlots || statistics_slots_[type->slot]) {
            throw std::logic_error(
                fmt::format("extension {} takes statistics slot {}, which is out of range or taken",
                            extension->name, type->slot));
        }
        statistics_slots_[type->slot].reset(
            type->construct(statistics_storage_[type->slot].bytes, pe_count()));
    }
}

ExtensionStatisticsList ProcessingElement::extension_statistics() const {
    std::vector<const Extension*> known;
    if (config_.known_extensions != nullptr) {
        for (const std::string_view name : config_.known_extensions->names()) {
            known.push_back(config_.known_extensions->find(name));
        }
    } else {
        known.assign(decode_table_.extensions().begin(), decode_table_.extensions().end());
    }
    ExtensionStatisticsList list;
    for (const Extension* extension : known) {
        const ExtensionStatisticsType* type = extension->statistics;
        if (type == nullptr) {
            continue;
        }
        const bool enabled = std::any_of(
            decode_table_.extensions().begin(), decode_table_.extensions().end(),
            [type](const Extension* enabled_one) { return enabled_one->statistics == type; });
        if (!enabled && type->only_when_enabled) {
            continue;
        }
        list.add(*type, enabled ? statistics_slots_[type->slot]->clone() : type->make(pe_count()));
    }
    return list;
}

std::uint64_t ProcessingElement::instructions_retired() const {
    std::uint64_t total = 0;
    for (const auto& hart : harts_) {
        total += hart->instructions_retired();
    }
    return total;
}

} // namespace xbemu
