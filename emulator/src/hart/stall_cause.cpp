#include "xbemu/stall_cause.hpp"

namespace xbemu {

std::string_view stall_cause_name(StallCause cause) {
    static constexpr std::array<std::string_view, kStallCauseCount> kNames = {
        "load_use", "branch",      "multiply_divide", "floating_point",    "memory",
        "other",    "remote_load", "remote_atomic",   "store_buffer_full", "fence",
        "trap",     "sleep",       "debugger",
    };
    return kNames[static_cast<std::size_t>(cause)];
}

} // namespace xbemu
