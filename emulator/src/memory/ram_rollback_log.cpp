#include "xbemu/ram_rollback_log.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>

namespace xbemu {

namespace {

// Other PEs' threads may read the flags at the same time (Hart::ram_written_remotely).
void set_unsaved(std::uint8_t& flags, bool unsaved) {
    std::atomic_ref<std::uint8_t> cell(flags);
    const std::uint8_t value = cell.load(std::memory_order_relaxed);
    cell.store(unsaved ? static_cast<std::uint8_t>(value | kPageUnsavedForRollback)
                       : static_cast<std::uint8_t>(value & ~kPageUnsavedForRollback),
               std::memory_order_relaxed);
}

} // namespace

void RamRollbackLog::arm() {
    std::uint8_t* flags = ram_.page_flags();
    if (!armed_once_) {
        const std::uint64_t pages = (ram_.size() + kPageSize - 1) / kPageSize;
        for (std::uint64_t page = 0; page < pages; ++page) {
            set_unsaved(flags[page], true);
        }
        armed_once_ = true;
    } else {
        for (const std::uint64_t page : cleared_) {
            set_unsaved(flags[page], true);
        }
    }
    cleared_.clear();
    saved_.clear();
    contents_.clear();
    saving_ = true;
}

void RamRollbackLog::save(std::uint64_t page) {
    std::uint8_t& flags = ram_.page_flags()[page];
    if ((flags & kPageUnsavedForRollback) == 0) {
        return;
    }
    set_unsaved(flags, false);
    cleared_.push_back(page);
    if (!saving_) {
        return;
    }
    const std::uint64_t offset = page * kPageSize;
    const std::size_t bytes = std::min<std::uint64_t>(kPageSize, ram_.size() - offset);
    saved_.push_back(page);
    const std::size_t at = contents_.size();
    contents_.insert(contents_.end(), ram_.host() + offset, ram_.host() + offset + bytes);
    // A whole page per entry, so that roll_back finds each at its index (only the RAM's last
    // page can be short).
    contents_.resize(at + kPageSize);
}

void RamRollbackLog::commit() {
    saving_ = false;
    saved_.clear();
    contents_.clear();
}

void RamRollbackLog::roll_back() {
    for (std::size_t index = 0; index < saved_.size(); ++index) {
        const std::uint64_t offset = saved_[index] * kPageSize;
        const std::size_t bytes = std::min<std::uint64_t>(kPageSize, ram_.size() - offset);
        std::memcpy(ram_.host() + offset, contents_.data() + index * kPageSize, bytes);
    }
    commit();
}

} // namespace xbemu
