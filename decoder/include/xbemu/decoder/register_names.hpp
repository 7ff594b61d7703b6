#pragma once
#include "xbemu/decoder/privileged_spec.hpp"

#include <cstdint>
#include <string_view>

namespace xbemu {

// ABI names (zero, ra, sp, ..., t6) and (ft0, ..., ft11) as objdump prints them.
std::string_view integer_register_name(unsigned index);
std::string_view float_register_name(unsigned index);
// The CSR's name as objdump prints it for the given privileged spec (binutils 2.40's
// declarations, aliases included); empty for numbers without one.
std::string_view csr_name(std::uint32_t number, PrivilegedSpec spec = kNewestPrivilegedSpec);

} // namespace xbemu
