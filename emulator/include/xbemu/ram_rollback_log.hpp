#pragma once
// What a speculative run of a PE stored into its RAM, page by page, so that the run can be undone
// (the cycle mode's speculative windows, docs/timing.md). A page is saved before the first store
// into it: stores find the page flag kPageUnsavedForRollback set on every page that has not been
// saved since the log was last armed, and call save(). Arming re-sets the flag only on the pages
// that lost it since, so a run costs what it stores, not the size of the RAM.

#include "xbemu/guest_ram.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace xbemu {

class RamRollbackLog {
public:
    explicit RamRollbackLog(GuestRam& ram) : ram_(ram) {}

    // From here on, stores save what they overwrite, until commit() or roll_back().
    void arm();
    // A store is about to write page `page` (its index in the RAM), whose flag is set.
    void save(std::uint64_t page);
    // Keeps what was stored since arm().
    void commit();
    // Puts back every page saved since arm().
    void roll_back();

private:
    GuestRam& ram_;
    bool armed_once_ = false;
    bool saving_ = false;
    // Pages whose flag a store cleared: they get it back at the next arm().
    std::vector<std::uint64_t> cleared_;
    // The pages saved since arm(), and their contents then, kPageSize bytes each.
    std::vector<std::uint64_t> saved_;
    std::vector<std::byte> contents_;
};

} // namespace xbemu
