#pragma once
// Object ID -> PE translation for xBGAS.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace xbemu {

// The object IDs an OLB table file (--olb) maps, beside the default ID p+1 -> PE p. Read once
// per process and shared read-only by its PEs: a large table would otherwise cost its memory and
// parsing time once per PE.
struct OlbTable {
    std::map<std::uint64_t, unsigned> entries;
    // The entry that names the highest PE, and where it stands ("file:line"): the table is read
    // before the job's size is known everywhere, so each OLB checks it against its own.
    unsigned highest_pe = 0;
    std::uint64_t highest_pe_object_id = 0;
    std::string highest_pe_origin;
};

class Olb {
public:
    // Throws std::invalid_argument when `table` names a PE that does not exist.
    Olb(unsigned pe_count, unsigned self, std::shared_ptr<const OlbTable> table = nullptr);

    // The PE an object ID names, or nothing when the OLB has no entry for it.
    std::optional<unsigned> translate(std::uint64_t object_id) const {
        if (object_id == 0) {
            return self_;
        }
        if (table_ == nullptr && object_id - 1 < pe_count_) [[likely]] {
            return static_cast<unsigned>(object_id - 1);
        }
        return translate_with_entries(object_id);
    }

    unsigned pe_count() const { return pe_count_; }
    unsigned self() const { return self_; }
    // The IDs the table maps, beside the default ID p+1 -> PE p.
    const std::map<std::uint64_t, unsigned>& entries() const;

private:
    std::optional<unsigned> translate_with_entries(std::uint64_t object_id) const;

    unsigned pe_count_;
    unsigned self_;
    std::shared_ptr<const OlbTable> table_; // null: no table, or an empty one
};

// "there are only 1 PE", "there are only 2 PEs": how a refusal names the job's size.
std::string pe_count_text(unsigned pe_count);

} // namespace xbemu
