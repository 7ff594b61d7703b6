#include "xbemu/extension_statistics.hpp"

#include <algorithm>
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

void ExtensionStatisticsList::add(const ExtensionStatisticsType& type,
                                  std::unique_ptr<ExtensionStatistics> counters) {
    const auto after = std::find_if(entries_.begin(), entries_.end(), [&type](const Entry& entry) {
        return entry.type->report_order > type.report_order;
    });
    entries_.insert(after, {&type, std::move(counters)});
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
