#include "xbemu/netsim/link_calendar.hpp"

#include <algorithm>
#include <bit>

namespace xbemu::netsim {

bool LinkCalendar::is_free(Cycle cycle) const {
    if (cycle < base_ || count_ == 0) {
        return true;
    }
    const Cycle index = (cycle - base_) / kBits;
    if (index >= count_) {
        return true;
    }
    return ((words_[slot(index)] >> ((cycle - base_) % kBits)) & 1U) == 0;
}

std::uint64_t& LinkCalendar::word_for(Cycle cycle) {
    if (count_ == 0) {
        base_ = cycle - cycle % kBits;
        first_ = 0;
    }
    while (cycle < base_) {
        // Earlier than anything kept: prepend (only before forget_before has been called).
        if (count_ == words_.size()) {
            words_.resize(std::max<std::size_t>(4, words_.size() * 2));
            std::rotate(words_.begin(), words_.begin() + static_cast<std::ptrdiff_t>(first_),
                        words_.begin() + static_cast<std::ptrdiff_t>(count_));
            first_ = 0;
        }
        first_ = (first_ + words_.size() - 1) & (words_.size() - 1);
        words_[first_] = 0;
        ++count_;
        base_ -= kBits;
    }
    const Cycle index = (cycle - base_) / kBits;
    if (index >= words_.size()) {
        // Grow to a power of two that holds the index, unrolling the ring.
        std::vector<std::uint64_t> grown(std::bit_ceil(static_cast<std::size_t>(index) + 1), 0);
        for (std::size_t i = 0; i < count_; ++i) {
            grown[i] = words_[slot(i)];
        }
        words_ = std::move(grown);
        first_ = 0;
    }
    while (count_ <= index) {
        words_[slot(count_)] = 0;
        ++count_;
    }
    return words_[slot(index)];
}

void LinkCalendar::reserve(Cycle cycle) {
    std::uint64_t& word = word_for(cycle);
    word |= 1ULL << ((cycle - base_) % kBits);
    ++flits_;
}

Cycle LinkCalendar::reserve_first_free(Cycle earliest) {
    for (Cycle cycle = earliest;;) {
        std::uint64_t& word = word_for(cycle);
        const unsigned bit = (cycle - base_) % kBits;
        const std::uint64_t free = ~word >> bit;
        if (free != 0) {
            const Cycle found = cycle + static_cast<unsigned>(std::countr_zero(free));
            word |= 1ULL << ((found - base_) % kBits);
            ++flits_;
            return found;
        }
        cycle += kBits - bit;
    }
}

void LinkCalendar::forget_before(Cycle cycle) {
    while (count_ != 0 && base_ + kBits <= cycle) {
        first_ = (first_ + 1) & (words_.size() - 1);
        --count_;
        base_ += kBits;
    }
    if (count_ == 0) {
        base_ = cycle - cycle % kBits;
    }
}

} // namespace xbemu::netsim
