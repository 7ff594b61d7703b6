#pragma once
// Object ID -> PE translation for xBGAS.

#include <cstdint>
#include <map>
#include <optional>

namespace xbemu {

class Olb {
public:
    Olb(unsigned pe_count, unsigned self) : pe_count_(pe_count), self_(self) {}

    // Maps `object_id` (not 0, which always means this PE) to `pe`. Throws std::invalid_argument
    // for ID 0 or a PE that does not exist.
    void add(std::uint64_t object_id, unsigned pe);

    // The PE an object ID names, or nothing when the OLB has no entry for it.
    std::optional<unsigned> translate(std::uint64_t object_id) const {
        if (object_id == 0) {
            return self_;
        }
        if (entries_.empty() && object_id - 1 < pe_count_) [[likely]] {
            return static_cast<unsigned>(object_id - 1);
        }
        return translate_with_entries(object_id);
    }

    unsigned pe_count() const { return pe_count_; }
    unsigned self() const { return self_; }
    // The IDs added with add(), beside the default ID p+1 -> PE p.
    const std::map<std::uint64_t, unsigned>& entries() const { return entries_; }

private:
    std::optional<unsigned> translate_with_entries(std::uint64_t object_id) const;

    unsigned pe_count_;
    unsigned self_;
    std::map<std::uint64_t, unsigned> entries_;
};

} // namespace xbemu
