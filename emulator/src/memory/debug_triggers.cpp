#include "xbemu/debug_triggers.hpp"

namespace xbemu {

namespace {

constexpr unsigned kTypeShift = 60;
constexpr std::uint64_t kTypeAddressMatch = 6; // mcontrol6
constexpr std::uint64_t kTypeDisabled = 15;
constexpr std::uint64_t kDebugMode = 1ULL << 59; // dmode: the trigger belongs to a debugger
constexpr std::uint64_t kHit = 1ULL << 22;       // hit0
constexpr unsigned kMatchShift = 7;
constexpr std::uint64_t kMatchMask = 15ULL << kMatchShift;
constexpr std::uint64_t kMachine = 1ULL << 6;
constexpr std::uint64_t kUser = 1ULL << 3;
constexpr std::uint64_t kAccessBits = 7; // execute, store, load

// The match conditions implemented: equal, NAPOT, greater or equal, less than.
constexpr std::uint64_t kMatchEqual = 0;
constexpr std::uint64_t kMatchNapot = 1;
constexpr std::uint64_t kMatchGreaterOrEqual = 2;
constexpr std::uint64_t kMatchLess = 3;

// tinfo: the types supported, and version 1 (Sdtrig 1.0) in bits 31:24.
constexpr std::uint64_t kInfo =
    (1ULL << kTypeAddressMatch) | (1ULL << kTypeDisabled) | (1ULL << 24);

constexpr std::uint64_t kControlMte = 1ULL << 3;
constexpr std::uint64_t kControlMpte = 1ULL << 7;

std::uint64_t type_of(std::uint64_t data1) {
    return data1 >> kTypeShift;
}

} // namespace

void DebugTriggers::write_select(std::uint64_t value) {
    // WARL: an index past the last trigger leaves tselect unchanged, which is how software
    // counts the triggers.
    if (value < kTriggers) {
        select_ = value;
    }
}

std::uint64_t DebugTriggers::read_data1() const {
    return triggers_[select_].data1;
}

std::uint64_t DebugTriggers::legal_data1(std::uint64_t value) {
    if (type_of(value) != kTypeAddressMatch) {
        return kDisabled;
    }
    // Only address matches (select 0) of any access size that raise a breakpoint exception
    // (action 0), unchained, in M or U mode; dmode is written only by a debugger.
    std::uint64_t legal =
        (kTypeAddressMatch << kTypeShift) | (value & (kHit | kMachine | kUser | kAccessBits));
    const std::uint64_t match = (value & kMatchMask) >> kMatchShift;
    if (match <= kMatchLess) {
        legal |= match << kMatchShift;
    }
    return legal;
}

void DebugTriggers::write_data1(std::uint64_t value) {
    Trigger& trigger = triggers_[select_];
    if ((trigger.data1 & kDebugMode) == 0) {
        trigger.data1 = legal_data1(value);
    }
}

std::uint64_t DebugTriggers::read_data2() const {
    return triggers_[select_].data2;
}

void DebugTriggers::write_data2(std::uint64_t value) {
    Trigger& trigger = triggers_[select_];
    if ((trigger.data1 & kDebugMode) == 0) {
        trigger.data2 = value;
    }
}

std::uint64_t DebugTriggers::read_info() {
    return kInfo;
}

void DebugTriggers::write_control(std::uint64_t value) {
    control_ = value & (kControlMte | kControlMpte);
}

void DebugTriggers::trap_entered() {
    control_ = (control_ & kControlMte) != 0 ? kControlMpte : 0;
}

void DebugTriggers::trap_returned() {
    control_ = (control_ & kControlMpte) != 0 ? (kControlMte | kControlMpte) : 0;
}

bool DebugTriggers::armed(const Trigger& trigger, MemoryAccess access, bool machine_mode) const {
    const std::uint64_t data1 = trigger.data1;
    if (type_of(data1) != kTypeAddressMatch || (data1 & static_cast<std::uint64_t>(access)) == 0) {
        return false;
    }
    // Debugger triggers fire in every mode; the guest's M-mode triggers only while tcontrol.mte
    // is set, so that the handler of a breakpoint does not fire it again.
    if ((data1 & kDebugMode) != 0) {
        return true;
    }
    return machine_mode ? (data1 & kMachine) != 0 && (control_ & kControlMte) != 0
                        : (data1 & kUser) != 0;
}

bool DebugTriggers::matches(const Trigger& trigger, MemoryAccess access, std::uint64_t address,
                            std::uint64_t size, bool machine_mode) const {
    if (!armed(trigger, access, machine_mode)) {
        return false;
    }
    const std::uint64_t compare = trigger.data2;
    const std::uint64_t last = address + (size - 1);
    switch ((trigger.data1 & kMatchMask) >> kMatchShift) {
    case kMatchEqual:
        return compare >= address && compare <= last;
    case kMatchNapot: {
        // The trailing ones of tdata2 and the zero above them are "don't care" bits.
        const std::uint64_t ignored = compare ^ (compare + 1);
        const std::uint64_t base = compare & ~ignored;
        return address <= base + ignored && last >= base;
    }
    case kMatchGreaterOrEqual:
        return address >= compare;
    case kMatchLess:
        return address < compare;
    default:
        return false;
    }
}

bool DebugTriggers::watches(MemoryAccess access, bool machine_mode) const {
    for (const Trigger& trigger : triggers_) {
        if (armed(trigger, access, machine_mode)) {
            return true;
        }
    }
    return false;
}

std::optional<unsigned> DebugTriggers::find(MemoryAccess access, std::uint64_t address,
                                            std::uint64_t size, bool machine_mode) const {
    for (unsigned index = 0; index < kTriggers; ++index) {
        if (matches(triggers_[index], access, address, size, machine_mode)) {
            return index;
        }
    }
    return std::nullopt;
}

std::optional<unsigned> DebugTriggers::fire(MemoryAccess access, std::uint64_t address,
                                            std::uint64_t size, bool machine_mode) {
    const std::optional<unsigned> index = find(access, address, size, machine_mode);
    if (index) {
        triggers_[*index].data1 |= kHit;
    }
    return index;
}

std::optional<unsigned> DebugTriggers::set_host_match(MemoryAccess access, std::uint64_t address,
                                                      std::uint64_t size) {
    std::uint64_t match = kMatchEqual;
    std::uint64_t compare = address;
    if (size > 1) {
        // The smallest aligned block of 2^bits bytes that holds [address, address + size):
        // tdata2 is its base with bits - 1 trailing ones.
        unsigned bits = 1;
        while (bits < 63 && ((address & ~((1ULL << bits) - 1)) + (1ULL << bits) - address < size)) {
            ++bits;
        }
        match = kMatchNapot;
        compare = (address & ~((1ULL << bits) - 1)) | ((1ULL << (bits - 1)) - 1);
    }
    for (unsigned index = 0; index < kTriggers; ++index) {
        Trigger& trigger = triggers_[index];
        if (type_of(trigger.data1) == kTypeDisabled) {
            trigger.data1 = (kTypeAddressMatch << kTypeShift) | kDebugMode | kMachine | kUser |
                            (match << kMatchShift) | static_cast<std::uint64_t>(access);
            trigger.data2 = compare;
            return index;
        }
    }
    return std::nullopt;
}

bool DebugTriggers::host_owned(unsigned index) const {
    return index < kTriggers && (triggers_[index].data1 & kDebugMode) != 0;
}

void DebugTriggers::clear_host_match(unsigned index) {
    if (index < kTriggers && (triggers_[index].data1 & kDebugMode) != 0) {
        triggers_[index] = Trigger{};
    }
}

} // namespace xbemu
