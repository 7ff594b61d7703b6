#pragma once
// What an ISA extension counts in each PE, and how its counts are reported: the extension
// declares an ExtensionStatisticsType (ExtensionHartStateType::statistics), its harts count in
// their own state (ExtensionHartState::add_statistics), and the core and the transports print,
// subtract (regions of interest), sum and gather them through this interface without knowing
// what they count.

#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <span>
#include <string>
#include <vector>

namespace xbemu {

// One PE's counts of one extension.
class ExtensionStatistics {
public:
    ExtensionStatistics() = default;
    ExtensionStatistics(const ExtensionStatistics&) = delete;
    ExtensionStatistics& operator=(const ExtensionStatistics&) = delete;
    virtual ~ExtensionStatistics() = default;

    virtual std::unique_ptr<ExtensionStatistics> clone() const = 0;
    // Each counter of `other` (the same extension's) combined into these as `op(ours, other's)`:
    // a region's counts are a difference of two snapshots, a sum of regions a sum.
    virtual void combine(const ExtensionStatistics& other,
                         std::uint64_t (*op)(std::uint64_t, std::uint64_t)) = 0;
    // --stats: the lines of PE `pe` (each starting "  PE <pe>" and ending in a newline), or
    // nothing.
    virtual std::string text(unsigned pe) const = 0;
    // --stats-json: the keys the extension adds to the PE's object.
    virtual void add_json(nlohmann::json& pe) const = 0;
    // Under mpirun, to rank 0: the counts as words, and back from where `words` points into
    // counters made by ExtensionStatisticsType::make; unpack returns the word after them.
    virtual void pack(std::vector<std::uint64_t>& words) const = 0;
    virtual const std::uint64_t* unpack(const std::uint64_t* words) = 0;
};

// One PE's counts, with the PE they are of, for ExtensionStatisticsType::summarize.
struct PeExtensionStatistics {
    unsigned pe;
    const ExtensionStatistics& statistics;
};

struct ExtensionStatisticsType {
    // Zero counts of a PE in a job of `pe_count` PEs.
    std::unique_ptr<ExtensionStatistics> (*make)(unsigned pe_count) = nullptr;
    // --stats above the PEs its text lists one by one (job_statistics_summary.hpp): the lines
    // ("    <figure>: ...") that take the place of the PEs' lines, or nothing.
    std::string (*summarize)(std::span<const PeExtensionStatistics> pes) = nullptr;
};

// Every extension's counts of one PE, in the order of the extensions the build knows; a value
// (copies copy the counts), as PeStatistics is.
class ExtensionStatisticsList {
public:
    struct Entry {
        const ExtensionStatisticsType* type;
        std::unique_ptr<ExtensionStatistics> counters;
    };

    ExtensionStatisticsList() = default;
    ExtensionStatisticsList(const ExtensionStatisticsList& other) { *this = other; }
    ExtensionStatisticsList& operator=(const ExtensionStatisticsList& other);
    ExtensionStatisticsList(ExtensionStatisticsList&&) noexcept = default;
    ExtensionStatisticsList& operator=(ExtensionStatisticsList&&) noexcept = default;
    ~ExtensionStatisticsList() = default;

    void add(const ExtensionStatisticsType& type, std::unique_ptr<ExtensionStatistics> counters) {
        entries_.push_back({&type, std::move(counters)});
    }
    std::span<const Entry> entries() const { return entries_; }
    // `other` holds the same extensions' counts (the same PE, or a PE of the same job).
    void combine(const ExtensionStatisticsList& other,
                 std::uint64_t (*op)(std::uint64_t, std::uint64_t));
    // Zero counts of the same extensions, for a PE of a job of `pe_count` PEs.
    ExtensionStatisticsList zeroed(unsigned pe_count) const;

private:
    std::vector<Entry> entries_;
};

} // namespace xbemu
