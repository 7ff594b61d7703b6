#include "xbemu/decoder/instruction_descriptor.hpp"

#include <array>

namespace xbemu {

std::string_view timing_class_name(TimingClass timing) {
    static constexpr std::array<std::string_view, kTimingClassCount> kNames = {
        "alu",
        "load",
        "store",
        "branch",
        "jump",
        "multiply",
        "divide_32",
        "divide_64",
        "atomic",
        "float_add",
        "float_multiply",
        "float_fused",
        "float_divide_single",
        "float_divide_double",
        "float_sqrt_single",
        "float_sqrt_double",
        "float_convert",
        "float_move",
        "csr",
        "fence",
        "system",
        "remote",
        "message",
    };
    return kNames[static_cast<std::size_t>(timing)];
}

} // namespace xbemu
