#pragma once
// An ISA extension as the decoder sees it: a named instruction table, and what else of the
// machine the extension defines (read-only CSRs, exception causes of its own).

#include "xbemu/decoder/instruction_descriptor.hpp"

#include <cstdint>
#include <span>
#include <string_view>

namespace xbemu {

// The per-hart state of an extension (its registers, reservations...): defined by the emulator
// core (extension_hart_state.hpp), opaque here like Hart.
struct ExtensionHartStateType;
// What the extension counts in each PE and how it reports it: defined by the emulator core
// (extension_statistics.hpp), opaque here.
struct ExtensionStatisticsType;

// A read-only CSR of an extension: the hart reads it through `read` (opaque here, like the
// execute functions); the privilege and read-only rules follow from the number, as for every CSR.
struct ExtensionCsr {
    std::uint32_t number;
    std::uint64_t (*read)(Hart& hart);
};

// An mcause value the extension raises, for reports of traps no handler takes.
struct ExtensionCause {
    std::uint64_t cause;
    std::string_view description;
};

struct Extension {
    // Lower-case name as written in an ISA string: "i", "m", "zicsr", "xbgas"...
    std::string_view name;
    std::span<const InstructionDescriptor> instructions;
    // Bit the extension sets in misa (0-25 for letters A-Z), or -1 for none.
    int misa_bit = -1;
    std::span<const ExtensionCsr> csrs = {};
    std::span<const ExtensionCause> causes = {};
    // What each hart holds for the extension, or nullptr when it holds nothing.
    const ExtensionHartStateType* hart_state = nullptr;
    // Its statistics, or nullptr when it counts nothing.
    const ExtensionStatisticsType* statistics = nullptr;
};

} // namespace xbemu
