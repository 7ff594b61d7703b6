#pragma once
// ISA strings ("rv64gc", "rv64imac", "rv64gc_xbgas_xpimp") to the list of extension names.

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace xbemu {

class IsaStringError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

// Expands an ISA string into extension names, lower case, each once, in a canonical order.
// "g" means "imafd_zicsr_zifencei"; like Spike and QEMU, "i" brings Zicsr and Zifencei; "c"
// means Zca plus Zcd when D is present; "d" requires "f"; "pimp" (after an underscore) is
// "xpimp". Only RV64 is accepted.
std::vector<std::string> expand_isa_string(std::string_view isa);

} // namespace xbemu
