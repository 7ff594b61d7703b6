#pragma once
// An ISA extension as the decoder sees it: a named instruction table.

#include "xbemu/decoder/instruction_descriptor.hpp"

#include <span>
#include <string_view>

namespace xbemu {

struct Extension {
    // Lower-case name as written in an ISA string: "i", "m", "zicsr", "xbgas"...
    std::string_view name;
    std::span<const InstructionDescriptor> instructions;
    // Bit the extension sets in misa (0-25 for letters A-Z), or -1 for none.
    int misa_bit = -1;
};

} // namespace xbemu
