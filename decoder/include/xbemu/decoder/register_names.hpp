#pragma once
#include <cstdint>
#include <string_view>

namespace xbemu {

// ABI names (zero, ra, sp, ..., t6) and (ft0, ..., ft11) as objdump prints them.
std::string_view integer_register_name(unsigned index);
std::string_view float_register_name(unsigned index);
// Standard CSR names; empty for numbers without one.
std::string_view csr_name(std::uint32_t number);

} // namespace xbemu
