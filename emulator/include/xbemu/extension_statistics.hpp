#pragma once
// What an ISA extension counts in each PE, and how its counts are reported: the extension's
// descriptor names an ExtensionStatisticsType (Extension::statistics, opaque to the decoder); the
// PE keeps the live counts of each enabled extension in the type's slot, where the extension's
// execute functions count at a fixed offset from the PE
// (ProcessingElement::extension_statistics_in); and the core and the transports print, subtract
// (regions of interest), sum and gather the counts through this interface without knowing what
// they count.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <new>
#include <nlohmann/json_fwd.hpp>
#include <span>
#include <string>
#include <string_view>
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
    // nothing. `cycle_mode`: the counts are of the cycle timing mode, which may report more.
    virtual std::string text(unsigned pe, bool cycle_mode) const = 0;
    // --stats-json: the keys the extension adds to the PE's object.
    virtual void add_json(nlohmann::json& pe, bool cycle_mode) const = 0;
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

// How many enabled extensions may count at once, each in a PE slot of its own, and the bytes of
// each slot.
inline constexpr unsigned kExtensionStatisticsSlots = 2;
inline constexpr std::size_t kExtensionStatisticsBytes = 128;
inline constexpr std::size_t kExtensionStatisticsAlignment = 64;

struct ExtensionStatisticsType {
    // The PE's slot for the live counts; enabled extensions may not share one.
    unsigned slot = 0;
    // Zero counts of a PE in a job of `pe_count` PEs, in the slot's storage
    // (construct_extension_statistics<Statistics>) and on their own
    // (make_extension_statistics<Statistics>).
    ExtensionStatistics* (*construct)(void* storage, unsigned pe_count) = nullptr;
    std::unique_ptr<ExtensionStatistics> (*make)(unsigned pe_count) = nullptr;
    // --stats above the PEs its text lists one by one (job_statistics_summary.hpp): the lines
    // ("    <figure>: ...", count_spread_line) that take the place of the PEs' lines, or nothing.
    std::string (*summarize)(std::span<const PeExtensionStatistics> pes, bool cycle_mode) = nullptr;
    // Whether the PEs of an ISA without the extension report it: by default they do, with zero
    // counts, so that what --stats-json holds does not depend on --isa (xBGAS's "remote": []);
    // PIMP's "pimp" object appears only where the ISA has PIMP.
    bool only_when_enabled = false;
    // Where the extension's lines come among the extensions' in --stats, lowest first (equal
    // ones in the order the build knows the extensions): the order the text has always had.
    int report_order = 0;
};

// A count's line in the summary of a job too large to list its PEs, as the core's counts have
// theirs: "    <name>: least 3 (PE 5), mean 4.5, most 9 (PE 0), all PEs 4608".
std::string
count_spread_line(std::string_view name, std::span<const PeExtensionStatistics> pes,
                  const std::function<std::uint64_t(const ExtensionStatistics&)>& count);

template <typename Statistics>
ExtensionStatistics* construct_extension_statistics(void* storage, unsigned pe_count) {
    static_assert(sizeof(Statistics) <= kExtensionStatisticsBytes &&
                      alignof(Statistics) <= kExtensionStatisticsAlignment,
                  "an extension's statistics must fit their slot");
    return new (storage) Statistics(pe_count);
}
template <typename Statistics>
std::unique_ptr<ExtensionStatistics> make_extension_statistics(unsigned pe_count) {
    return std::make_unique<Statistics>(pe_count);
}

// Ends counts in their slot; the memory is the PE's.
struct ExtensionStatisticsEnd {
    void operator()(ExtensionStatistics* statistics) const { statistics->~ExtensionStatistics(); }
};

// Every reported extension's counts of one PE, in their report order (report_order, then the
// order they were added in); a value (copies copy the counts), as PeStatistics is.
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

    void add(const ExtensionStatisticsType& type, std::unique_ptr<ExtensionStatistics> counters);
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
