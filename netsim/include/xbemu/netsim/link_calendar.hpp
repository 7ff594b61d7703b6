#pragma once
// The cycles in which one link (or port) carries a flit: at most one flit per cycle. Messages
// are routed in the order they were injected, so a flit takes the first free cycle at or after
// it reaches the link; a later flit may use a gap an earlier one left.

#include "xbemu/netsim/cycle.hpp"

#include <cstdint>
#include <vector>

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
    // The word holding `cycle`'s bit, growing the window of words to reach it.
    std::uint64_t& word_for(Cycle cycle);

    // The ring's i-th word from first_. The ring's size is always a power of two: a mask, where
    // a division would take a good part of a flit's routing.
    std::size_t slot(std::size_t i) const { return (first_ + i) & (words_.size() - 1); }

    // A ring of words: bit b of word (first_ + i) mod size holds cycle base_ + 64 i + b; its
    // size is a power of two.
    Cycle base_ = 0;
    std::vector<std::uint64_t> words_;
    std::size_t first_ = 0;
    std::size_t count_ = 0; // words in use
    std::uint64_t flits_ = 0;
};

} // namespace xbemu::netsim
