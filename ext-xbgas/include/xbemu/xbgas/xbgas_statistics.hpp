#pragma once
// What xBGAS counts in each PE: its remote loads, stores and atomics and their bytes, by target
// PE (RemoteTraffic). Each hart counts in its XbgasHartState; the PE's statistics sum them,
// and report them as the lines "  PE 0 -> PE 1: remote loads ..." of --stats, the "remote" list
// of each PE in --stats-json, and one line of sums over a job too large to list its PEs.

#include "xbemu/extension_statistics.hpp"
#include "xbemu/olb/remote_traffic.hpp"

namespace xbemu {

class XbgasStatistics final : public ExtensionStatistics {
public:
    explicit XbgasStatistics(unsigned pe_count) : traffic(pe_count) {}

    RemoteTraffic traffic;

    std::unique_ptr<ExtensionStatistics> clone() const override;
    void combine(const ExtensionStatistics& other,
                 std::uint64_t (*op)(std::uint64_t, std::uint64_t)) override;
    std::string text(unsigned pe) const override;
    void add_json(nlohmann::json& pe) const override;
    void pack(std::vector<std::uint64_t>& words) const override;
    const std::uint64_t* unpack(const std::uint64_t* words) override;
};

const ExtensionStatisticsType& xbgas_statistics_type();

} // namespace xbemu
