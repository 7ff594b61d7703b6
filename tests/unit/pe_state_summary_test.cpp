#include "xbemu/pe_state_summary.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>

using namespace xbemu;

namespace {

PeState waits_at(unsigned pe, unsigned pc) {
    return {pe, "waits", "wait", fmt::format("for a message in the loop at pc 0x{:x}", pc)};
}

} // namespace

TEST_CASE("PEs in the same state are counted together, their numbers as ranges") {
    std::vector<PeState> states;
    for (unsigned pe = 1; pe < 1024; ++pe) {
        states.push_back(waits_at(pe, 0x80001234));
    }
    states.push_back({0, "has", "have", "exited with status 0"});
    CHECK(summarize_pe_states(states) ==
          "PE 0 has exited with status 0, 1023 PEs wait for a message in the loop at pc "
          "0x80001234 (PEs 1-1023)");
}

TEST_CASE("a PE alone in its state is named as it was before grouping") {
    CHECK(summarize_pe_states({waits_at(2, 0x10),
                               waits_at(0, 0x10),
                               {1, "waits", "wait", "for room in its send FIFO"}}) ==
          "2 PEs wait for a message in the loop at pc 0x10 (PEs 0, 2), PE 1 waits for room in "
          "its send FIFO");
}

TEST_CASE("the ranges and the states listed are capped") {
    std::vector<PeState> scattered;
    for (unsigned pe = 0; pe < 40; pe += 2) {
        scattered.push_back(waits_at(pe, 0x10));
    }
    CHECK(summarize_pe_states(scattered) ==
          "20 PEs wait for a message in the loop at pc 0x10 (PEs 0, 2, 4, 6, 8, 10, 12, 14 and 12 "
          "more)");
    std::vector<PeState> distinct;
    for (unsigned pe = 0; pe < 1024; ++pe) {
        distinct.push_back(waits_at(pe, 0x1000 + 4 * pe));
    }
    const std::string text = summarize_pe_states(distinct);
    CHECK(text.size() < 600);
    CHECK(text.ends_with(", PE 7 waits for a message in the loop at pc 0x101c, and 1016 more PEs "
                         "in 1016 other states"));
}

TEST_CASE("loops are counted by the function they are in, with the pcs seen there") {
    ProgramLayout layout;
    layout.symbols = {{"main", 0x80000000, 0x80000010}, {"wait", 0x80000010, 0x80000040}};
    std::vector<LoopWait> waits;
    for (unsigned pe = 1; pe < 64; ++pe) {
        waits.push_back({pe, "waits", "wait", "", 0x80000010 + 4 * (pe % 3)});
    }
    waits.push_back({64, "waits", "wait", "for a message ", 0x80000014});
    waits.push_back({65, "polls", "poll", "memory ", 0x90000000});
    std::vector<PeState> states = name_loop_waits(waits, layout);
    states.push_back({0, "has", "have", "exited with status 0"});
    CHECK(summarize_pe_states(states) ==
          "PE 0 has exited with status 0, 63 PEs wait in the loop in wait at pc "
          "0x80000010-0x80000018 (PEs 1-63), PE 64 waits for a message in the loop in wait at pc "
          "0x80000014, PE 65 polls memory in the loop at pc 0x90000000");
}
