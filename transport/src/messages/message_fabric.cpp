#include "messages/message_fabric.hpp"

#include "shared/futex.hpp"
#include "xbemu/netsim/grid.hpp"
#include "xbemu/pe_state_summary.hpp"

#include <algorithm>
#include <atomic>
#include <fmt/format.h>
#include <mutex>
#include <stdexcept>
#include <vector>

namespace xbemu {

namespace {

constexpr std::size_t kLine = 64;

std::size_t round_up(std::size_t bytes) {
    return (bytes + kLine - 1) / kLine * kLine;
}

struct FabricEntry {
    std::uint64_t node;
    std::uint64_t payload;
};

// Plain words: the region may be shared between processes, and is zero at the start. Words
// read without the lock go through std::atomic_ref.
struct alignas(kLine) EndpointControl {
    std::uint32_t status;   // MessagePort status bits
    std::uint32_t changes;  // futex word: bumped on every change of the PE's FIFOs
    std::uint32_t sleepers; // threads sleeping on `changes`
    std::uint32_t sleeping_on;
    std::uint64_t sleeping_pc;
    std::uint32_t finished;
    std::uint32_t drain_requested;
    std::uint32_t send_head;
    std::uint32_t send_count;
    std::uint32_t arrival_head;
    std::uint32_t arrival_count;
};

struct alignas(kLine) RegionHeader {
    ProcessSharedMutex lock;
};

std::size_t arrival_capacity(const MessageFabricShape& shape) {
    // A sender never has more of its messages unreceived at one PE than it holds credits.
    return static_cast<std::size_t>(shape.pe_count) * shape.receive_depth;
}

std::size_t endpoint_bytes(const MessageFabricShape& shape) {
    return sizeof(EndpointControl) + round_up(sizeof(FabricEntry) * shape.send_depth) +
           round_up(sizeof(FabricEntry) * arrival_capacity(shape)) +
           round_up(sizeof(std::uint32_t) * shape.pe_count);
}

template <typename T> T load(const T& word) {
    return std::atomic_ref<T>(const_cast<T&>(word)).load(std::memory_order_acquire);
}
template <typename T> void store(T& word, T value) {
    std::atomic_ref<T>(word).store(value, std::memory_order_release);
}

bool ready(MessageWait what, std::uint32_t status) {
    return what == MessageWait::Message ? (status & MessagePort::kReceiveFifoNotEmpty) != 0
                                        : (status & MessagePort::kSendFifoFull) == 0;
}

} // namespace

std::optional<MessageFabricShape>
message_fabric_shape(const MachineConfig& config, const DecodeTable& table, unsigned pe_count) {
    if (!uses_message_passing(table)) {
        return std::nullopt;
    }
    const netsim::Grid grid(config.machine.network, pe_count);
    static_cast<void>(grid);
    return MessageFabricShape{pe_count, static_cast<unsigned>(config.machine.pimp_send_fifo),
                              static_cast<unsigned>(config.machine.pimp_receive_fifo)};
}

struct MessageFabric::Endpoint {
    EndpointControl* control;
    FabricEntry* send;
    FabricEntry* arrivals;
    std::uint32_t* outstanding; // per destination: sent there, not yet received
};

class MessageFabric::Port final : public FunctionalMessagePort {
public:
    Port(MessageFabric& fabric, unsigned local)
        : FunctionalMessagePort(&fabric.endpoints_[local].control->status), fabric_(fabric),
          local_(local) {}

    void send(unsigned destination, std::uint64_t payload) override {
        fabric_.send(local_, destination, payload);
    }
    PortMessage head() const override { return fabric_.head(local_); }
    PortMessage receive() override { return fabric_.receive(local_); }
    MessagePortSnapshot snapshot() const override { return fabric_.snapshot(local_); }
    void sleep(MessageWait what, std::chrono::milliseconds timeout) override {
        fabric_.sleep(local_, what, timeout);
    }
    void set_sleeping(MessageWait what, std::uint64_t pc) override {
        fabric_.set_sleeping(local_, what, pc);
    }
    std::string describe_waits(const ProgramLayout& layout) const override {
        return fabric_.describe_waits(layout);
    }

private:
    MessageFabric& fabric_;
    unsigned local_;
};

std::size_t MessageFabric::region_bytes(const MessageFabricShape& shape, std::size_t local_pes) {
    return sizeof(RegionHeader) + local_pes * endpoint_bytes(shape);
}

MessageFabric::MessageFabric(const MessageFabricShape& shape, std::byte* region,
                             std::vector<unsigned> local, const std::vector<unsigned>& owned,
                             RemoteMessageLink* link)
    : shape_(shape), lock_(&reinterpret_cast<RegionHeader*>(region)->lock),
      local_of_(shape.pe_count, -1), local_(std::move(local)), owned_(local_.size(), false),
      link_(link) {
    std::byte* next = region + sizeof(RegionHeader);
    for (std::size_t index = 0; index < local_.size(); ++index) {
        Endpoint endpoint{};
        endpoint.control = reinterpret_cast<EndpointControl*>(next);
        next += sizeof(EndpointControl);
        endpoint.send = reinterpret_cast<FabricEntry*>(next);
        next += round_up(sizeof(FabricEntry) * shape.send_depth);
        endpoint.arrivals = reinterpret_cast<FabricEntry*>(next);
        next += round_up(sizeof(FabricEntry) * arrival_capacity(shape));
        endpoint.outstanding = reinterpret_cast<std::uint32_t*>(next);
        next += round_up(sizeof(std::uint32_t) * shape.pe_count);
        endpoints_.push_back(endpoint);
        local_of_.at(local_[index]) = static_cast<int>(index);
    }
    ports_.resize(local_.size());
    for (const unsigned pe : owned) {
        const auto index = static_cast<std::size_t>(local_of_.at(pe));
        owned_[index] = true;
        ports_[index] = std::make_unique<Port>(*this, static_cast<unsigned>(index));
    }
}

MessageFabric::~MessageFabric() = default;

MessageFabric::Endpoint& MessageFabric::endpoint_of(unsigned pe) {
    return endpoints_[static_cast<std::size_t>(local_of_.at(pe))];
}

FunctionalMessagePort& MessageFabric::port(unsigned pe) {
    return *ports_.at(static_cast<std::size_t>(local_of_.at(pe)));
}

void MessageFabric::mark_finished(unsigned pe) {
    store(endpoint_of(pe).control->finished, 1U);
}

void MessageFabric::publish(Endpoint& endpoint) {
    EndpointControl& control = *endpoint.control;
    const std::uint32_t status =
        (control.send_count == shape_.send_depth ? MessagePort::kSendFifoFull : 0U) |
        (control.arrival_count != 0 ? MessagePort::kReceiveFifoNotEmpty : 0U);
    store(control.status, status);
    // Sequentially consistent with the sleeper's side: either this sees the sleeper, or the
    // sleeper sees the new count before it sleeps.
    std::atomic_ref<std::uint32_t>(control.changes).fetch_add(1, std::memory_order_seq_cst);
    if (std::atomic_ref<std::uint32_t>(control.sleepers).load(std::memory_order_seq_cst) != 0) {
        futex_wake_all(&control.changes);
    }
}

void MessageFabric::push_arrival(Endpoint& endpoint, unsigned source, std::uint64_t payload) {
    EndpointControl& control = *endpoint.control;
    const std::size_t capacity = arrival_capacity(shape_);
    if (control.arrival_count == capacity) {
        throw std::logic_error("a PIMP message arrived beyond its sender's credits");
    }
    endpoint.arrivals[(control.arrival_head + control.arrival_count) % capacity] = {source,
                                                                                    payload};
    ++control.arrival_count;
    publish(endpoint);
}

bool MessageFabric::drain(unsigned local) {
    Endpoint& endpoint = endpoints_[local];
    EndpointControl& control = *endpoint.control;
    bool moved = false;
    while (control.send_count != 0) {
        const FabricEntry head = endpoint.send[control.send_head];
        const auto destination = static_cast<unsigned>(head.node);
        if (endpoint.outstanding[destination] == shape_.receive_depth) {
            break;
        }
        const int destination_local = local_of_[destination];
        // The link keeps the order of one sender's words only when they all leave from the
        // sender's own process.
        if (destination_local < 0 && !owned_[local]) {
            store(control.drain_requested, 1U);
            break;
        }
        ++endpoint.outstanding[destination];
        control.send_head = (control.send_head + 1) % shape_.send_depth;
        --control.send_count;
        moved = true;
        if (destination_local >= 0) {
            push_arrival(endpoints_[static_cast<std::size_t>(destination_local)], local_[local],
                         head.payload);
        } else {
            link_->send_word(local_[local], destination, head.payload);
        }
    }
    if (moved) {
        publish(endpoint);
    }
    return moved;
}

void MessageFabric::flush_link() {
    if (link_ != nullptr) {
        link_->flush();
    }
}

void MessageFabric::send(unsigned local, unsigned destination, std::uint64_t payload) {
    {
        const std::lock_guard guard(*lock_);
        Endpoint& endpoint = endpoints_[local];
        EndpointControl& control = *endpoint.control;
        endpoint.send[(control.send_head + control.send_count) % shape_.send_depth] = {destination,
                                                                                       payload};
        ++control.send_count;
        if (!drain(local)) {
            publish(endpoint);
        }
    }
    flush_link();
}

PortMessage MessageFabric::head(unsigned local) {
    const std::lock_guard guard(*lock_);
    const Endpoint& endpoint = endpoints_[local];
    const FabricEntry& entry = endpoint.arrivals[endpoint.control->arrival_head];
    return {static_cast<std::uint32_t>(entry.node), entry.payload};
}

PortMessage MessageFabric::receive(unsigned local) {
    FabricEntry entry{};
    {
        const std::lock_guard guard(*lock_);
        Endpoint& endpoint = endpoints_[local];
        EndpointControl& control = *endpoint.control;
        entry = endpoint.arrivals[control.arrival_head];
        control.arrival_head =
            static_cast<std::uint32_t>((control.arrival_head + 1) % arrival_capacity(shape_));
        --control.arrival_count;
        publish(endpoint);
        const auto source = static_cast<unsigned>(entry.node);
        const int source_local = local_of_[source];
        if (source_local >= 0) {
            Endpoint& sender = endpoints_[static_cast<std::size_t>(source_local)];
            --sender.outstanding[local_[local]];
            drain(static_cast<unsigned>(source_local));
        } else {
            link_->send_credit(local_[local], source);
        }
    }
    flush_link();
    return {static_cast<std::uint32_t>(entry.node), entry.payload};
}

void MessageFabric::deliver_remote_word(unsigned source, unsigned destination,
                                        std::uint64_t payload) {
    const std::lock_guard guard(*lock_);
    push_arrival(endpoint_of(destination), source, payload);
}

void MessageFabric::deliver_remote_credit(unsigned receiver, unsigned sender) {
    {
        const std::lock_guard guard(*lock_);
        --endpoint_of(sender).outstanding[receiver];
        drain(static_cast<unsigned>(local_of_.at(sender)));
    }
    flush_link();
}

void MessageFabric::drain_if_requested(unsigned pe) {
    EndpointControl& control = *endpoint_of(pe).control;
    if (load(control.drain_requested) == 0) {
        return;
    }
    {
        const std::lock_guard guard(*lock_);
        store(control.drain_requested, 0U);
        drain(static_cast<unsigned>(local_of_.at(pe)));
    }
    flush_link();
}

MessagePortSnapshot MessageFabric::snapshot(unsigned local) {
    const std::lock_guard guard(*lock_);
    const Endpoint& endpoint = endpoints_[local];
    const EndpointControl& control = *endpoint.control;
    MessagePortSnapshot snapshot;
    for (std::uint32_t index = 0; index < control.send_count; ++index) {
        const FabricEntry& entry = endpoint.send[(control.send_head + index) % shape_.send_depth];
        snapshot.send.push_back({static_cast<std::uint32_t>(entry.node), entry.payload});
    }
    for (std::uint32_t index = 0; index < control.arrival_count; ++index) {
        const FabricEntry& entry =
            endpoint.arrivals[(control.arrival_head + index) % arrival_capacity(shape_)];
        (index < shape_.receive_depth ? snapshot.receive : snapshot.arrived)
            .push_back({static_cast<std::uint32_t>(entry.node), entry.payload});
    }
    for (unsigned destination = 0; destination < shape_.pe_count; ++destination) {
        if (endpoint.outstanding[destination] != 0) {
            snapshot.credits.push_back(
                {destination, shape_.receive_depth - endpoint.outstanding[destination]});
        }
    }
    return snapshot;
}

void MessageFabric::sleep(unsigned local, MessageWait what, std::chrono::milliseconds timeout) {
    EndpointControl& control = *endpoints_[local].control;
    std::atomic_ref<std::uint32_t> changes(control.changes);
    std::atomic_ref<std::uint32_t> sleepers(control.sleepers);
    const std::uint32_t seen = changes.load(std::memory_order_seq_cst);
    sleepers.fetch_add(1, std::memory_order_seq_cst);
    if (!ready(what, load(control.status))) {
        futex_wait(&control.changes, seen, timeout);
    }
    sleepers.fetch_sub(1, std::memory_order_seq_cst);
}

void MessageFabric::set_sleeping(unsigned local, MessageWait what, std::uint64_t pc) {
    EndpointControl& control = *endpoints_[local].control;
    store(control.sleeping_pc, pc);
    store(control.sleeping_on, static_cast<std::uint32_t>(what));
}

std::string MessageFabric::describe_waits(const ProgramLayout& layout) const {
    std::vector<PeState> states;
    std::vector<LoopWait> loops;
    for (std::size_t index = 0; index < local_.size(); ++index) {
        const EndpointControl& control = *endpoints_[index].control;
        const auto what = static_cast<MessageWait>(load(control.sleeping_on));
        const unsigned pe = local_[index];
        if (what == MessageWait::Message) {
            loops.push_back({pe, "waits", "wait", "for a message ", load(control.sleeping_pc)});
        } else if (what == MessageWait::SendRoom) {
            loops.push_back(
                {pe, "waits", "wait", "for room in its send FIFO ", load(control.sleeping_pc)});
        } else if (load(control.finished) != 0) {
            states.push_back({pe, "has", "have", "ended"});
        } else {
            states.push_back({pe, "polls", "poll", "memory"});
        }
    }
    for (PeState& state : name_loop_waits(loops, layout)) {
        states.push_back(std::move(state));
    }
    std::string text = summarize_pe_states(std::move(states));
    if (local_.size() < shape_.pe_count) {
        text += fmt::format(" (the other {} PEs run in other processes)",
                            shape_.pe_count - local_.size());
    }
    return text;
}

} // namespace xbemu
