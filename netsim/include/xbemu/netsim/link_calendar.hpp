#pragma once
// The cycles in which one link (or port) carries a flit: at most one flit per cycle. Messages
// are routed in the order they were injected, so a flit takes the first free cycle at or after
// it reaches the link; a later flit may use a gap an earlier one left.

#include "xbemu/netsim/cycle.hpp"

#include <cstdint>
#include <deque>

namespace xbemu::netsim {

class LinkCalendar {
public:
    bool is_free(Cycle cycle) const;
    void reserve(Cycle cycle);
    // Reserves and returns the first free cycle at or after `earliest`.
    Cycle reserve_first_free(Cycle earliest);
    // Nothing before `cycle` will be asked again: the memory it took may go.
    void forget_before(Cycle cycle);
    std::uint64_t flits() const { return flits_; }

private:
    static constexpr unsigned kBits = 64;
    std::uint64_t& word_for(Cycle cycle);

    Cycle base_ = 0; // cycle of bit 0 of words_.front(), a multiple of kBits
    std::deque<std::uint64_t> words_;
    std::uint64_t flits_ = 0;
};

} // namespace xbemu::netsim
