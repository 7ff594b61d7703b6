#include "xbemu/decoder/disassembler.hpp"

#include "xbemu/decoder/operand_format.hpp"

#include <fmt/format.h>

namespace xbemu {

namespace {

// Atomic instructions carry their ordering bits in the mnemonic.
std::string_view ordering_suffix(const InstructionDescriptor& descriptor,
                                 std::uint32_t instruction) {
    if (descriptor.format != &formats::amo && descriptor.format != &formats::load_reserved) {
        return {};
    }
    static constexpr std::string_view suffixes[] = {"", ".rl", ".aq", ".aqrl"};
    return suffixes[fields::bits(instruction, 26, 25)];
}

} // namespace

std::string DisassemblyContext::target_text(std::uint64_t address) const {
    std::string text = fmt::format("{:x}", address);
    if (name_target) {
        text += name_target(address);
    }
    return text;
}

std::string disassemble(const InstructionDescriptor* descriptor, std::uint32_t instruction,
                        std::uint64_t pc, PrivilegedSpec spec) {
    return disassemble(descriptor, instruction, DisassemblyContext{pc, spec, {}});
}

std::string disassemble(const InstructionDescriptor* descriptor, std::uint32_t instruction,
                        const DisassemblyContext& context) {
    if (descriptor == nullptr) {
        return "unknown";
    }
    std::string text(descriptor->mnemonic);
    text += ordering_suffix(*descriptor, instruction);
    std::string operands;
    descriptor->format->print(operands, instruction, context);
    if (!operands.empty()) {
        text.resize(std::max<std::size_t>(text.size() + 1, 8), ' ');
        text += operands;
    }
    return text;
}

std::string disassemble(const DecodeTable& table, std::uint32_t instruction, std::uint64_t pc,
                        PrivilegedSpec spec) {
    return disassemble(table.find(instruction), instruction, pc, spec);
}

} // namespace xbemu
