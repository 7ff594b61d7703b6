#pragma once
// What xBGAS counts in each PE: its remote loads, stores and atomics and their bytes, by target
// PE (RemoteTraffic), in the PE's statistics slot kXbgasStatisticsSlot, where the execute
// functions count at a fixed offset (xbgas_traffic); reported as the lines
// "  PE 0 -> PE 1: remote loads ..." of --stats, the "remote" list of each PE in --stats-json,
// and one line of sums over a job too large to list its PEs.

#include "xbemu/extension_statistics.hpp"
#include "xbemu/olb/remote_traffic.hpp"
#include "xbemu/processing_element.hpp"

namespace xbemu {

inline constexpr unsigned kXbgasStatisticsSlot = 0;

class XbgasStatistics final : public ExtensionStatistics {
public:
    explicit XbgasStatistics(unsigned pe_count) : traffic(pe_count) {}

    RemoteTraffic traffic;

    std::unique_ptr<ExtensionStatistics> clone() const override;
    void combine(const ExtensionStatistics& other,
                 std::uint64_t (*op)(std::uint64_t, std::uint64_t)) override;
    std::string text(unsigned pe, bool cycle_mode) const override;
    void add_json(nlohmann::json& pe, bool cycle_mode) const override;
    void pack(std::vector<std::uint64_t>& words) const override;
    const std::uint64_t* unpack(const std::uint64_t* words) override;
};

// The remote traffic of a PE with xBGAS enabled (for its execute functions: no check).
inline RemoteTraffic& xbgas_traffic(ProcessingElement& pe) {
    return pe.extension_statistics_in<XbgasStatistics>(kXbgasStatisticsSlot).traffic;
}

const ExtensionStatisticsType& xbgas_statistics_type();

} // namespace xbemu
