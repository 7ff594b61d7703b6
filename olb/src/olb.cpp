#include "xbemu/olb/olb.hpp"

#include <fmt/format.h>
#include <stdexcept>

namespace xbemu {

std::string pe_count_text(unsigned pe_count) {
    return pe_count == 1 ? "there is only 1 PE" : fmt::format("there are only {} PEs", pe_count);
}

Olb::Olb(unsigned pe_count, unsigned self, std::shared_ptr<const OlbTable> table)
    : pe_count_(pe_count), self_(self),
      table_(table != nullptr && !table->entries.empty() ? std::move(table) : nullptr) {
    if (table_ != nullptr && table_->highest_pe >= pe_count_) {
        throw std::invalid_argument(fmt::format(
            "{}: object ID 0x{:x} maps to PE {}, but {}", table_->highest_pe_origin,
            table_->highest_pe_object_id, table_->highest_pe, pe_count_text(pe_count_)));
    }
}

const std::map<std::uint64_t, unsigned>& Olb::entries() const {
    static const std::map<std::uint64_t, unsigned> kNone;
    return table_ != nullptr ? table_->entries : kNone;
}

std::optional<unsigned> Olb::translate_with_entries(std::uint64_t object_id) const {
    if (table_ != nullptr) {
        if (const auto it = table_->entries.find(object_id); it != table_->entries.end()) {
            return it->second;
        }
    }
    if (object_id - 1 < pe_count_) {
        return static_cast<unsigned>(object_id - 1);
    }
    return std::nullopt;
}

} // namespace xbemu
