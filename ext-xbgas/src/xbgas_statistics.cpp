#include "xbemu/xbgas/xbgas_statistics.hpp"

#include <fmt/format.h>
#include <functional>
#include <nlohmann/json.hpp>

namespace xbemu {

std::unique_ptr<ExtensionStatistics> XbgasStatistics::clone() const {
    auto copy = std::make_unique<XbgasStatistics>(0);
    copy->traffic = traffic;
    return copy;
}

void XbgasStatistics::combine(const ExtensionStatistics& other,
                              std::uint64_t (*op)(std::uint64_t, std::uint64_t)) {
    traffic.combine(static_cast<const XbgasStatistics&>(other).traffic, op);
}

std::string XbgasStatistics::text(unsigned pe, bool /*cycle_mode*/) const {
    std::string text;
    for (const auto& [target, t] : traffic.reached()) {
        text += fmt::format("  PE {} -> PE {}: remote loads {}, stores {}, atomics {}, bytes {}\n",
                            pe, target, t.loads, t.stores, t.atomics, t.bytes);
    }
    return text;
}

void XbgasStatistics::add_json(nlohmann::json& pe, bool /*cycle_mode*/) const {
    // Only the targets of some remote operation, as in the text: a job's every pair of PEs,
    // or a 1-PE job's PE and itself, would otherwise fill the file with zeros.
    nlohmann::json remote = nlohmann::json::array();
    for (const auto& [target, t] : traffic.reached()) {
        remote.push_back({{"target", target},
                          {"loads", t.loads},
                          {"stores", t.stores},
                          {"atomics", t.atomics},
                          {"bytes", t.bytes}});
    }
    pe["remote"] = std::move(remote);
}

// The targets reached (so that a job of many PEs does not move PEs² words): their count, then
// for each the target, loads, stores, atomics and bytes.
void XbgasStatistics::pack(std::vector<std::uint64_t>& words) const {
    const std::vector<TargetTraffic> reached = traffic.reached();
    words.push_back(reached.size());
    for (const auto& [target, t] : reached) {
        words.insert(words.end(), {target, t.loads, t.stores, t.atomics, t.bytes});
    }
}

const std::uint64_t* XbgasStatistics::unpack(const std::uint64_t* words) {
    const std::uint64_t targets = *words++;
    for (std::uint64_t entry = 0; entry < targets; ++entry, words += 5) {
        traffic.add(static_cast<unsigned>(words[0]), {words[1], words[2], words[3], words[4]});
    }
    return words;
}

namespace {

// One line for the job: the pairs of PEs with remote operations, the sums, and the pair that
// moved the most bytes.
std::string summarize(std::span<const PeExtensionStatistics> pes, bool /*cycle_mode*/) {
    RemoteTrafficCounters all;
    std::uint64_t pairs = 0;
    TargetTraffic busiest;
    unsigned busiest_source = 0;
    for (const PeExtensionStatistics& pe : pes) {
        const auto& counts = static_cast<const XbgasStatistics&>(pe.statistics);
        for (const TargetTraffic& entry : counts.traffic.reached()) {
            all.combine(entry.counters, std::plus<>());
            ++pairs;
            if (entry.counters.bytes > busiest.counters.bytes) {
                busiest = entry;
                busiest_source = pe.pe;
            }
        }
    }
    if (pairs == 0) {
        return {};
    }
    return fmt::format("    remote traffic: {} pairs of PEs, loads {}, stores {}, atomics {}, "
                       "bytes {}; the most bytes PE {} -> PE {} ({})\n",
                       pairs, all.loads, all.stores, all.atomics, all.bytes, busiest_source,
                       busiest.target, busiest.counters.bytes);
}

} // namespace

const ExtensionStatisticsType& xbgas_statistics_type() {
    static const ExtensionStatisticsType type{
        .slot = kXbgasStatisticsSlot,
        .construct = construct_extension_statistics<XbgasStatistics>,
        .make = make_extension_statistics<XbgasStatistics>,
        .summarize = summarize,
        // After PIMP's messages (0), where --stats has always had the remote traffic.
        .report_order = 1,
    };
    return type;
}

} // namespace xbemu
