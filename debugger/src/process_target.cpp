#include "process_target.hpp"

#include "extension_debug_support.hpp"
#include "riscv_registers.hpp"
#include "xbemu/job_statistics.hpp"
#include "xbemu/processing_element.hpp"

#include <algorithm>
#include <cstring>
#include <fmt/format.h>

namespace xbemu::gdb {

namespace {

constexpr unsigned kRegisters = 32;
constexpr std::uint64_t kNanBox = 0xffffffff00000000ULL;

bool in(unsigned number, unsigned first, unsigned count) {
    return number >= first && number - first < count;
}

std::optional<std::uint8_t> watched_access(StopPointKind kind) {
    switch (kind) {
    case StopPointKind::Hardware:
        return static_cast<std::uint8_t>(MemoryAccess::Execute);
    case StopPointKind::WriteWatch:
        return static_cast<std::uint8_t>(MemoryAccess::Write);
    case StopPointKind::ReadWatch:
        return static_cast<std::uint8_t>(MemoryAccess::Read);
    case StopPointKind::AccessWatch:
        return static_cast<std::uint8_t>(static_cast<unsigned>(MemoryAccess::Read) |
                                         static_cast<unsigned>(MemoryAccess::Write));
    case StopPointKind::Software:
        break;
    }
    return std::nullopt;
}

std::string_view trim(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
        text.remove_prefix(1);
    }
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\n')) {
        text.remove_suffix(1);
    }
    return text;
}

// The hart state that holds register `number` (numbered as riscv_register_layout numbers the
// states' rows), with `number` turned into its row; nullptr when no state holds it.
ExtensionHartState* extension_register(const Hart& hart, unsigned& number) {
    if (number < kFirstExtendedRegister) {
        return nullptr;
    }
    unsigned first = kFirstExtendedRegister;
    for (const Hart::OwnedExtensionState& owned : hart.extension_states()) {
        const auto rows =
            static_cast<unsigned>(owned.extension->hart_state->debug_registers.size());
        if (in(number, first, rows)) {
            number -= first;
            return owned.state.get();
        }
        first += rows;
    }
    return nullptr;
}

} // namespace

ProcessTarget::ProcessTarget(std::vector<ProcessingElement*> pes, RegisterLayout layout,
                             std::vector<std::string_view> extensions, StopPoints& stop_points,
                             const RunControl& control)
    : pes_(std::move(pes)), layout_(std::move(layout)), extensions_(std::move(extensions)),
      stop_points_(stop_points), control_(control),
      double_precision_(std::find(extensions_.begin(), extensions_.end(), "d") !=
                        extensions_.end()) {}

std::vector<unsigned> ProcessTarget::threads() const {
    std::vector<unsigned> threads;
    for (std::size_t index = 0; index < pes_.size(); ++index) {
        if (control_.alive(index)) {
            threads.push_back(pes_[index]->id() + 1);
        }
    }
    return threads;
}

std::string ProcessTarget::thread_description(unsigned thread) const {
    return fmt::format("PE {}", thread - 1);
}

ProcessingElement* ProcessTarget::pe_of(unsigned thread) const {
    const auto found = std::find_if(pes_.begin(), pes_.end(), [thread](ProcessingElement* pe) {
        return pe->id() + 1 == thread;
    });
    return found == pes_.end() ? nullptr : *found;
}

std::optional<std::uint64_t> ProcessTarget::read_register(unsigned thread, unsigned number) {
    ProcessingElement* pe = pe_of(thread);
    if (pe == nullptr) {
        return std::nullopt;
    }
    Hart& hart = pe->hart(0);
    if (number < kRegisters) {
        return hart.x[number];
    }
    if (number == kPcRegister) {
        return hart.pc();
    }
    if (in(number, kFirstFloatRegister, kRegisters)) {
        const std::uint64_t value = hart.f[number - kFirstFloatRegister];
        return double_precision_ ? value : value & 0xffffffffULL;
    }
    if (in(number, kFirstCsrRegister, kPrivilegeRegister - kFirstCsrRegister)) {
        return hart.debugger_read_csr(number - kFirstCsrRegister);
    }
    if (number == kPrivilegeRegister) {
        return static_cast<std::uint64_t>(hart.privilege());
    }
    if (ExtensionHartState* state = extension_register(hart, number)) {
        return state->read_register(number);
    }
    return std::nullopt;
}

bool ProcessTarget::write_register(unsigned thread, unsigned number, std::uint64_t value) {
    ProcessingElement* pe = pe_of(thread);
    if (pe == nullptr || layout_.find(number) == nullptr) {
        return false;
    }
    Hart& hart = pe->hart(0);
    pe->wake_for_debugger();
    if (number < kRegisters) {
        if (number != 0) { // x0 stays zero, as writes to it do on the hart
            hart.x[number] = value;
        }
        return true;
    }
    if (number == kPcRegister) {
        hart.set_pc(value);
        return true;
    }
    if (in(number, kFirstFloatRegister, kRegisters)) {
        hart.f[number - kFirstFloatRegister] = double_precision_ ? value : kNanBox | value;
        return true;
    }
    if (in(number, kFirstCsrRegister, kPrivilegeRegister - kFirstCsrRegister)) {
        return hart.debugger_write_csr(number - kFirstCsrRegister, value);
    }
    if (number == kPrivilegeRegister) {
        // The mode changes only through traps and mret; writing the same value is accepted (G).
        return value == static_cast<std::uint64_t>(hart.privilege());
    }
    if (ExtensionHartState* state = extension_register(hart, number)) {
        state->write_register(number, value);
        return true;
    }
    return false;
}

std::size_t ProcessTarget::read_memory(unsigned thread, std::uint64_t address,
                                       std::span<std::uint8_t> destination) {
    ProcessingElement* pe = pe_of(thread);
    if (pe == nullptr || !pe->ram().contains(address, 1)) {
        return 0;
    }
    const GuestRam& ram = pe->ram();
    const std::uint64_t available = ram.base() + ram.size() - address;
    const auto count =
        static_cast<std::size_t>(std::min<std::uint64_t>(destination.size(), available));
    std::memcpy(destination.data(), ram.host() + (address - kRamBase), count);
    return count;
}

bool ProcessTarget::write_memory(unsigned thread, std::uint64_t address,
                                 std::span<const std::uint8_t> data) {
    ProcessingElement* pe = pe_of(thread);
    if (pe == nullptr || !pe->ram().contains(address, data.size())) {
        return false;
    }
    GuestRam& ram = pe->ram();
    std::memcpy(ram.host() + (address - kRamBase), data.data(), data.size());
    pe->wake_for_debugger();
    const std::uint8_t* flags = ram.page_flags();
    for (std::uint64_t page = (address - kRamBase) >> kPageShift;
         page <= (address + data.size() - 1 - kRamBase) >> kPageShift; ++page) {
        if ((flags[page] & kPageHoldsDecodedCode) != 0) {
            pe->hart(0).discard_decoded_code();
            break;
        }
    }
    return true;
}

void ProcessTarget::discard_decoded_code() {
    for (ProcessingElement* pe : pes_) {
        pe->hart(0).discard_decoded_code();
    }
}

void ProcessTarget::update_watched_pages() {
    for (ProcessingElement* pe : pes_) {
        for (const std::uint64_t page : watched_pages_) {
            pe->ram().page_flags()[page] &= static_cast<std::uint8_t>(~kPageWatchedByDebugger);
        }
    }
    watched_pages_.clear();
    if (pes_.empty()) {
        return;
    }
    const GuestRam& ram = pes_.front()->ram();
    for (const TriggeredStopPoint& point : stop_points_.triggered()) {
        if (!is_watchpoint(point) || !watches_writes(point)) {
            continue;
        }
        const std::uint64_t first = std::max(point.address, ram.base());
        const std::uint64_t end = std::min(point.address + point.length, ram.base() + ram.size());
        for (std::uint64_t address = first; address < end;
             address = ((address >> kPageShift) + 1) << kPageShift) {
            watched_pages_.push_back((address - kRamBase) >> kPageShift);
        }
    }
    for (ProcessingElement* pe : pes_) {
        for (const std::uint64_t page : watched_pages_) {
            pe->ram().page_flags()[page] |= kPageWatchedByDebugger;
        }
    }
}

StopPointResult ProcessTarget::insert_stop_point(StopPointKind kind, std::uint64_t address,
                                                 std::uint64_t length) {
    if (kind == StopPointKind::Software) {
        if (!stop_points_.breakpoint_at(address)) {
            stop_points_.add_breakpoint(address);
            discard_decoded_code();
        }
        return StopPointResult::Done;
    }
    const std::uint8_t access = *watched_access(kind);
    // A hardware breakpoint's length is the instruction's size; it matches the address alone.
    const std::uint64_t size = kind == StopPointKind::Hardware ? 1 : length;
    if (size == 0) {
        return StopPointResult::Failed;
    }
    if (stop_points_.find_triggered(access, address, size) != nullptr) {
        return StopPointResult::Done;
    }
    TriggeredStopPoint point{access, address, size, {}};
    for (ProcessingElement* pe : pes_) {
        const auto trigger =
            pe->hart(0).set_debugger_trigger(static_cast<MemoryAccess>(access), address, size);
        if (!trigger) {
            // Every trigger of this PE is taken (by the guest or other stop points).
            for (std::size_t index = 0; index < point.triggers.size(); ++index) {
                pes_[index]->hart(0).clear_debugger_trigger(point.triggers[index]);
            }
            return StopPointResult::Failed;
        }
        point.triggers.push_back(*trigger);
    }
    stop_points_.add_triggered(std::move(point));
    update_watched_pages();
    return StopPointResult::Done;
}

StopPointResult ProcessTarget::remove_stop_point(StopPointKind kind, std::uint64_t address,
                                                 std::uint64_t length) {
    if (kind == StopPointKind::Software) {
        if (stop_points_.remove_breakpoint(address)) {
            discard_decoded_code();
        }
        return StopPointResult::Done;
    }
    const std::uint8_t access = *watched_access(kind);
    const std::uint64_t size = kind == StopPointKind::Hardware ? 1 : length;
    const TriggeredStopPoint* point = stop_points_.find_triggered(access, address, size);
    if (point == nullptr) {
        return StopPointResult::Done;
    }
    for (std::size_t index = 0; index < pes_.size(); ++index) {
        pes_[index]->hart(0).clear_debugger_trigger(point->triggers[index]);
    }
    stop_points_.remove_triggered(point);
    update_watched_pages();
    return StopPointResult::Done;
}

void ProcessTarget::clear_stop_points() {
    for (const TriggeredStopPoint& point : stop_points_.triggered()) {
        for (std::size_t index = 0; index < pes_.size(); ++index) {
            pes_[index]->hart(0).clear_debugger_trigger(point.triggers[index]);
        }
    }
    stop_points_.clear();
    update_watched_pages();
    discard_decoded_code();
}

std::string ProcessTarget::statistics() const {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    std::vector<PeStatistics> statistics;
    for (ProcessingElement* pe : pes_) {
        statistics.push_back(pe->statistics(seconds));
    }
    return format_statistics(statistics, nullptr);
}

std::string ProcessTarget::monitor(unsigned thread, std::string_view command) {
    command = trim(command);
    std::vector<const MonitorCommand*> commands;
    for (const ExtensionDebugSupport& support : extension_debug_support()) {
        if (std::find(extensions_.begin(), extensions_.end(), support.extension) !=
            extensions_.end()) {
            for (const MonitorCommand& entry : support.monitor_commands) {
                commands.push_back(&entry);
            }
        }
    }
    if (command.empty() || command == "help") {
        std::string text =
            "xbemu monitor commands:\n"
            "  help   this list\n"
            "  stats  instructions, cycles and remote traffic of this process's PEs\n";
        for (const MonitorCommand* entry : commands) {
            text += fmt::format("  {:<6} {}\n", entry->name, entry->help);
        }
        return text;
    }
    if (command == "stats") {
        return statistics();
    }
    for (const MonitorCommand* entry : commands) {
        if (command == entry->name) {
            ProcessingElement* pe = pe_of(thread);
            return pe != nullptr ? entry->run(*pe) : "no thread selected\n";
        }
    }
    return fmt::format("unknown monitor command '{}' (monitor help lists them)\n", command);
}

} // namespace xbemu::gdb
