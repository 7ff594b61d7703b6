#include "xbemu/olb/olb.hpp"

#include <fmt/format.h>
#include <stdexcept>

namespace xbemu {

void Olb::add(std::uint64_t object_id, unsigned pe) {
    if (object_id == 0) {
        throw std::invalid_argument("object ID 0 always names the local PE and cannot be mapped");
    }
    if (pe >= pe_count_) {
        throw std::invalid_argument(fmt::format(
            "object ID 0x{:x} maps to PE {}, but there are only {} PEs", object_id, pe, pe_count_));
    }
    entries_[object_id] = pe;
}

std::optional<unsigned> Olb::translate_with_entries(std::uint64_t object_id) const {
    if (const auto it = entries_.find(object_id); it != entries_.end()) {
        return it->second;
    }
    if (object_id - 1 < pe_count_) {
        return static_cast<unsigned>(object_id - 1);
    }
    return std::nullopt;
}

} // namespace xbemu
