#include "xbemu/netsim/link_calendar.hpp"

#include <bit>

namespace xbemu::netsim {

bool LinkCalendar::is_free(Cycle cycle) const {
    if (cycle < base_) {
        return true;
    }
    const Cycle index = (cycle - base_) / kBits;
    if (index >= words_.size()) {
        return true;
    }
    return ((words_[index] >> ((cycle - base_) % kBits)) & 1U) == 0;
}

std::uint64_t& LinkCalendar::word_for(Cycle cycle) {
    if (words_.empty()) {
        base_ = cycle - cycle % kBits;
    }
    while (cycle < base_) {
        words_.push_front(0);
        base_ -= kBits;
    }
    const Cycle index = (cycle - base_) / kBits;
    while (words_.size() <= index) {
        words_.push_back(0);
    }
    return words_[index];
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
    while (!words_.empty() && base_ + kBits <= cycle) {
        words_.pop_front();
        base_ += kBits;
    }
    if (words_.empty()) {
        base_ = cycle - cycle % kBits;
    }
}

} // namespace xbemu::netsim
