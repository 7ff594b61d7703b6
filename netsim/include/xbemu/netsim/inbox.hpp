#pragma once
// The messages on their way to one PE, taken in (due, source, sequence) order.

#include "xbemu/netsim/message.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace xbemu::netsim {

// A message delivered into the inbox of `owner` (whatever number its reader gave the inbox).
struct Arrival {
    std::uint32_t owner = 0;
    Cycle due = 0;
};

class Inbox {
public:
    bool empty() const { return heap_.empty(); }
    std::size_t size() const { return heap_.size(); }
    Cycle next_due() const { return heap_.empty() ? kNever : heap_.front().due; }
    const Message& front() const { return heap_.front(); }

    // A message from the network; noted in the arrivals list, if any (report_arrivals_to).
    void push(const Message& message) {
        push_unreported(message);
        if (arrivals_ != nullptr) {
            arrivals_->push_back({owner_, message.due});
        }
    }
    // A message the PE sends itself while it runs: whoever runs the PE looks at it afterwards
    // anyway, and the arrivals list is not the running thread's to write.
    void push_unreported(const Message& message) {
        heap_.push_back(message);
        std::push_heap(heap_.begin(), heap_.end(), later);
    }
    Message pop() {
        std::pop_heap(heap_.begin(), heap_.end(), later);
        Message message = heap_.back();
        heap_.pop_back();
        return message;
    }

    // push() notes each message in `arrivals`: a job of many PEs learns, after the network
    // delivered a window's messages, which PEs received one and when it is due, without
    // touching the others.
    void report_arrivals_to(std::vector<Arrival>* arrivals, std::uint32_t owner) {
        arrivals_ = arrivals;
        owner_ = owner;
    }

private:
    static bool later(const Message& a, const Message& b) { return delivered_before(b, a); }

    std::vector<Message> heap_;
    std::vector<Arrival>* arrivals_ = nullptr;
    std::uint32_t owner_ = 0;
};

} // namespace xbemu::netsim
