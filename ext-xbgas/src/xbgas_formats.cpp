#include "xbgas_formats.hpp"

#include "xbemu/decoder/register_names.hpp"

#include <fmt/format.h>
#include <iterator>

namespace xbemu::xbgas_formats {

namespace {

std::string_view x(unsigned index) {
    return integer_register_name(index);
}
std::string e(unsigned index) {
    return fmt::format("e{}", index & 31U);
}

template <typename... Args>
void append(std::string& out, fmt::format_string<Args...> format, Args&&... args) {
    fmt::format_to(std::back_inserter(out), format, std::forward<Args>(args)...);
}

using extraction::i_type;
using extraction::r_type;
using extraction::s_type;

void print_extended_load(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}({})", e(fields::rd(i)), fields::imm_i(i), x(fields::rs1(i)));
}
void print_extended_store(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{}({})", e(fields::rs2(i)), fields::imm_s(i), x(fields::rs1(i)));
}
void print_raw_load(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{},{}", x(fields::rd(i)), x(fields::rs1(i)), e(fields::rs2(i)));
}
void print_raw_load_extended(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{},{}", e(fields::rd(i)), x(fields::rs1(i)), e(fields::rs2(i)));
}
void print_raw_store(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{},{}", x(fields::rs1(i)), x(fields::rs2(i)), e(fields::rd(i)));
}
void print_raw_store_extended(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{},{}", e(fields::rs1(i)), x(fields::rs2(i)), e(fields::rd(i)));
}
void print_integer_from_extended(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{},{}", x(fields::rd(i)), e(fields::rs1(i)), fields::imm_i(i));
}
void print_extended_from_integer(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{},{}", e(fields::rd(i)), x(fields::rs1(i)), fields::imm_i(i));
}
void print_extended_from_extended(std::string& out, std::uint32_t i, const DisassemblyContext&) {
    append(out, "{},{},{}", e(fields::rd(i)), e(fields::rs1(i)), fields::imm_i(i));
}
void print_move_integer_from_extended(std::string& out, std::uint32_t i,
                                      const DisassemblyContext&) {
    append(out, "{},{}", x(fields::rd(i)), e(fields::rs1(i)));
}
void print_move_extended_from_integer(std::string& out, std::uint32_t i,
                                      const DisassemblyContext&) {
    append(out, "{},{}", e(fields::rd(i)), x(fields::rs1(i)));
}
void print_move_extended_from_extended(std::string& out, std::uint32_t i,
                                       const DisassemblyContext&) {
    append(out, "{},{}", e(fields::rd(i)), e(fields::rs1(i)));
}

} // namespace

using enum RegisterClass;
// The raw stores name their object ID register in the rd field: a source, so no sink mapping.
const OperandFormat extended_load{"xbgas_extended_load", Extended, i_type, nullptr,
                                  print_extended_load,   {Integer}};
const OperandFormat extended_store{
    "xbgas_extended_store", None, s_type, nullptr, print_extended_store, {Integer, Extended}};
const OperandFormat raw_load{"xbgas_raw_load", Integer,        r_type,
                             nullptr,          print_raw_load, {Integer, Extended}};
const OperandFormat raw_load_extended{
    "xbgas_raw_load_extended", Extended,           r_type, nullptr,
    print_raw_load_extended,   {Integer, Extended}};
const OperandFormat raw_store{"xbgas_raw_store", None, r_type, nullptr, print_raw_store,
                              {Integer, Integer}};
const OperandFormat raw_store_extended{
    "xbgas_raw_store_extended", None, r_type, nullptr, print_raw_store_extended,
    {Extended, Integer}};
const OperandFormat integer_from_extended{"xbgas_integer_from_extended", Integer,   i_type, nullptr,
                                          print_integer_from_extended,   {Extended}};
const OperandFormat extended_from_integer{"xbgas_extended_from_integer", Extended, i_type, nullptr,
                                          print_extended_from_integer,   {Integer}};
const OperandFormat extended_from_extended{
    "xbgas_extended_from_extended", Extended,  i_type, nullptr,
    print_extended_from_extended,   {Extended}};
const OperandFormat move_integer_from_extended{
    "xbgas_move_integer_from_extended", Integer,   i_type, nullptr,
    print_move_integer_from_extended,   {Extended}};
const OperandFormat move_extended_from_integer{
    "xbgas_move_extended_from_integer", Extended, i_type, nullptr,
    print_move_extended_from_integer,   {Integer}};
const OperandFormat move_extended_from_extended{
    "xbgas_move_extended_from_extended", Extended,  i_type, nullptr,
    print_move_extended_from_extended,   {Extended}};

} // namespace xbemu::xbgas_formats
