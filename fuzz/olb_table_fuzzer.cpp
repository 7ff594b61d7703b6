// libFuzzer harness of OLB table files (--olb): any text must either be refused with one line
// naming the file and line, or give a table whose entries all name existing PEs.

#include "xbemu/olb/olb_table_file.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string_view>

namespace {

void check_refusal(std::string_view message) {
    if (!message.starts_with("fuzz.olb:") || message.find('\n') != std::string_view::npos) {
        std::abort();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) {
        return 0;
    }
    // The first byte picks the job's size, so that "PE out of range" is reachable both ways.
    const unsigned pe_count = data[0] % 16U + 1U;
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    std::shared_ptr<const xbemu::OlbTable> table;
    try {
        table = std::make_shared<const xbemu::OlbTable>(xbemu::parse_olb_table(text, "fuzz.olb"));
    } catch (const xbemu::OlbTableError& error) {
        check_refusal(error.what());
        return 0;
    }
    std::unique_ptr<xbemu::Olb> olb;
    try {
        olb = std::make_unique<xbemu::Olb>(pe_count, 0, table);
    } catch (const std::invalid_argument& error) {
        check_refusal(error.what());
        return 0;
    }
    // Whatever the table maps, a translation names an existing PE or none.
    for (const std::uint64_t object_id : {0ULL, 1ULL, 2ULL, 16ULL, 17ULL, 0x1000ULL, ~0ULL}) {
        if (const auto pe = olb->translate(object_id); pe && *pe >= pe_count) {
            std::abort();
        }
    }
    for (const auto& [object_id, pe] : table->entries) {
        if (olb->translate(object_id) != pe) {
            std::abort();
        }
    }
    return 0;
}
