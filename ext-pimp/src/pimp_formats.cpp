#include "pimp_formats.hpp"

#include "xbemu/decoder/register_names.hpp"

#include <fmt/format.h>
#include <iterator>

namespace xbemu::pimp_formats {

namespace {

FormatOperands branch_operands(std::uint32_t instruction) {
    FormatOperands operands;
    operands.imm = fields::imm_b(instruction);
    return operands;
}

void print_send(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    fmt::format_to(std::back_inserter(out), "{},{}", integer_register_name(fields::rs1(i)),
                   integer_register_name(fields::rs2(i)));
}
void print_receive(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    out += integer_register_name(fields::rd(i));
}
void print_branch(std::string& out, std::uint32_t i, const DisassemblyContext& context) {
    out += context.target_text(
        context.pc + static_cast<std::uint64_t>(static_cast<std::int64_t>(fields::imm_b(i))));
}

} // namespace

using enum RegisterClass;
const OperandFormat send{"pimp_send", None,       extraction::r_type,
                         nullptr,     print_send, {Integer, Integer}};
const OperandFormat receive{"pimp_receive", Integer, extraction::r_type, nullptr, print_receive};
const OperandFormat branch{"pimp_branch", None, branch_operands, nullptr, print_branch};

} // namespace xbemu::pimp_formats
