#pragma once
// The messages on their way to one PE, taken in (due, source, sequence) order.

#include "xbemu/netsim/message.hpp"

#include <algorithm>
#include <vector>

namespace xbemu::netsim {

class Inbox {
public:
    bool empty() const { return heap_.empty(); }
    std::size_t size() const { return heap_.size(); }
    Cycle next_due() const { return heap_.empty() ? kNever : heap_.front().due; }
    const Message& front() const { return heap_.front(); }

    void push(const Message& message) {
        heap_.push_back(message);
        std::push_heap(heap_.begin(), heap_.end(), later);
    }
    Message pop() {
        std::pop_heap(heap_.begin(), heap_.end(), later);
        Message message = heap_.back();
        heap_.pop_back();
        return message;
    }

private:
    static bool later(const Message& a, const Message& b) { return delivered_before(b, a); }

    std::vector<Message> heap_;
};

} // namespace xbemu::netsim
