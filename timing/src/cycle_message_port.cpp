#include "xbemu/timing/cycle_message_port.hpp"

#include "xbemu/hart.hpp"
#include "xbemu/timing/network_interface.hpp"

#include <algorithm>

namespace xbemu {

CycleMessagePort::CycleMessagePort(NetworkInterface& network, unsigned pe,
                                   const MachineDescription& machine)
    : MessagePort(&status_word_), network_(network), pe_(pe), send_depth_(machine.pimp_send_fifo),
      receive_depth_(machine.pimp_receive_fifo), peers_(machine.pimp_receive_fifo) {}

std::vector<CycleMessagePort::PeerStates::Entry>::const_iterator
CycleMessagePort::PeerStates::find(unsigned peer) const {
    return std::lower_bound(
        entries_.begin(), entries_.end(), peer,
        [](const Entry& candidate, unsigned key) { return candidate.peer < key; });
}

CycleMessagePort::PeerState& CycleMessagePort::PeerStates::operator[](unsigned peer) {
    const auto entry = entries_.begin() + (find(peer) - entries_.cbegin());
    if (entry != entries_.end() && entry->peer == peer) {
        return entry->state;
    }
    return entries_.insert(entry, {peer, {initial_credits_, 0, 0}})->state;
}

CycleMessagePort::PeerState CycleMessagePort::PeerStates::at(unsigned peer) const {
    const auto entry = find(peer);
    if (entry != entries_.end() && entry->peer == peer) {
        return entry->state;
    }
    return {initial_credits_, 0, 0};
}

void CycleMessagePort::update() {
    while (scheduled_ != 0 && send_fifo_.front().departure <= now_) {
        send_fifo_.pop_front();
        --scheduled_;
    }
    set_status((send_fifo_.size() >= send_depth_ ? kSendFifoFull : 0U) |
               (arrivals_.empty() ? 0U : kReceiveFifoNotEmpty));
}

void CycleMessagePort::align_to(Hart& hart, const DecodedInstruction& op) {
    hart.sync_cycle(op);
    advance_to(hart.cycle());
}

netsim::Cycle CycleMessagePort::end_wait(Hart& hart) {
    return hart.cycle() - wait_state().since;
}

void CycleMessagePort::advance_to(netsim::Cycle now) {
    now_ = std::max(now_, now);
    update();
}

netsim::Cycle CycleMessagePort::next_departure_after(netsim::Cycle cycle) const {
    const auto scheduled = send_fifo_.begin() + static_cast<std::ptrdiff_t>(scheduled_);
    const auto next = std::find_if(send_fifo_.begin(), scheduled, [cycle](const Outgoing& word) {
        return word.departure > cycle;
    });
    return next != scheduled ? next->departure : netsim::kNever;
}

void CycleMessagePort::schedule_departures(netsim::Cycle from) {
    for (; scheduled_ < send_fifo_.size(); ++scheduled_) {
        Outgoing& word = send_fifo_[scheduled_];
        PeerState& destination = peers_[word.destination];
        if (destination.credits == 0) {
            return;
        }
        --destination.credits;
        word.departure = departed_ ? std::max(from, last_departure_ + 1) : from;
        last_departure_ = word.departure;
        departed_ = true;
        netsim::Message message;
        message.kind = netsim::MessageKind::Word;
        message.source = pe_;
        message.destination = word.destination;
        message.injected = word.departure;
        message.address = destination.next_index++;
        message.value = word.payload;
        network_.send(message);
    }
}

void CycleMessagePort::send(unsigned destination, std::uint64_t payload) {
    send_fifo_.push_back({destination, payload, netsim::kNever});
    schedule_departures(now_);
    update();
}

PortMessage CycleMessagePort::receive() {
    const PortMessage message = arrivals_.front();
    arrivals_.pop_front();
    netsim::Message credit;
    credit.kind = netsim::MessageKind::Credit;
    credit.source = pe_;
    credit.destination = message.node;
    credit.injected = now_;
    network_.send(credit);
    update();
    return message;
}

void CycleMessagePort::take_word(const netsim::Message& word) {
    now_ = std::max(now_, word.due);
    const unsigned source = word.source;
    std::uint64_t& next_arrival = peers_[source].next_arrival;
    if (word.address != next_arrival) {
        early_.emplace(std::pair{source, word.address}, word.value);
        return;
    }
    arrivals_.push_back({source, word.value});
    ++next_arrival;
    for (auto next = early_.find({source, next_arrival}); next != early_.end();
         next = early_.find({source, next_arrival})) {
        arrivals_.push_back({source, next->second});
        ++next_arrival;
        early_.erase(next);
    }
    update();
}

void CycleMessagePort::take_credit(const netsim::Message& credit) {
    now_ = std::max(now_, credit.due);
    ++peers_[credit.source].credits;
    schedule_departures(now_);
    update();
}

void CycleMessagePort::carry_over(const MessagePortSnapshot& fifos) {
    for (const PortMessage& word : fifos.send) {
        send_fifo_.push_back({word.node, word.payload, netsim::kNever});
    }
    arrivals_.assign(fifos.receive.begin(), fifos.receive.end());
    arrivals_.insert(arrivals_.end(), fifos.arrived.begin(), fifos.arrived.end());
    for (const PeerCredits& peer : fifos.credits) {
        peers_[peer.node].credits = peer.credits;
    }
    schedule_departures(now_);
    update();
}

MessagePortSnapshot CycleMessagePort::snapshot() const {
    MessagePortSnapshot snapshot;
    for (const Outgoing& word : send_fifo_) {
        snapshot.send.push_back({word.destination, word.payload});
    }
    for (std::size_t index = 0; index < arrivals_.size(); ++index) {
        (index < receive_depth_ ? snapshot.receive : snapshot.arrived).push_back(arrivals_[index]);
    }
    for (const auto& [peer, state] : peers_) {
        if (state.credits != receive_depth_) {
            snapshot.credits.push_back({peer, state.credits});
        }
    }
    return snapshot;
}

} // namespace xbemu
