#include "xbemu/extension_statistics.hpp"

#include <stdexcept>

namespace xbemu {

ExtensionStatisticsList& ExtensionStatisticsList::operator=(const ExtensionStatisticsList& other) {
    if (this != &other) {
        std::vector<Entry> entries;
        entries.reserve(other.entries_.size());
        for (const Entry& entry : other.entries_) {
            entries.push_back({entry.type, entry.counters->clone()});
        }
        entries_ = std::move(entries);
    }
    return *this;
}

void ExtensionStatisticsList::combine(const ExtensionStatisticsList& other,
                                      std::uint64_t (*op)(std::uint64_t, std::uint64_t)) {
    if (other.entries_.size() != entries_.size()) {
        throw std::logic_error("combining the statistics of different extensions");
    }
    for (std::size_t index = 0; index < entries_.size(); ++index) {
        if (entries_[index].type != other.entries_[index].type) {
            throw std::logic_error("combining the statistics of different extensions");
        }
        entries_[index].counters->combine(*other.entries_[index].counters, op);
    }
}

ExtensionStatisticsList ExtensionStatisticsList::zeroed(unsigned pe_count) const {
    ExtensionStatisticsList list;
    for (const Entry& entry : entries_) {
        list.add(*entry.type, entry.type->make(pe_count));
    }
    return list;
}

} // namespace xbemu
