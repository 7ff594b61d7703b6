// libFuzzer harness of machine description files (--machine): any text must either be refused
// with one line naming the file, or give a machine whose own description (the format xbemu
// prints) reads back to the same machine, and whose network xbemu builds and routes messages
// through (or refuses in one line) without a crash, a hang or an unaffordable allocation.

#include "xbemu/machine_description.hpp"
#include "xbemu/netsim/network.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace {

constexpr std::string_view kOrigin = "fuzz.json";

void check_refusal(const xbemu::MachineDescriptionError& error) {
    const std::string_view message = error.what();
    if (!message.starts_with("machine description fuzz.json: ") ||
        message.find('\n') != std::string_view::npos) {
        std::abort();
    }
}

// A few messages between far-apart PEs, some injected together so that they contend for links;
// the network must deliver each after it left and no sooner than its smallest latency.
void route_messages(const xbemu::netsim::NetworkConfig& config, unsigned pe_count) {
    std::unique_ptr<xbemu::netsim::Network> network;
    try {
        network = xbemu::netsim::make_network(config, pe_count);
    } catch (const std::invalid_argument& error) {
        if (std::string_view(error.what()).find('\n') != std::string_view::npos) {
            std::abort();
        }
        return;
    }
    const xbemu::netsim::Cycle smallest = network->min_latency();
    std::uint64_t sequence = 0;
    for (const xbemu::netsim::Cycle injected : {0U, 0U, 5U, 1000U}) {
        for (const auto& [source, destination] :
             {std::pair{0U, pe_count - 1}, std::pair{pe_count - 1, 0U}, std::pair{0U, 1U}}) {
            xbemu::netsim::Message message;
            message.injected = injected;
            message.source = source;
            message.destination = destination;
            message.sequence = sequence++;
            message.kind = xbemu::netsim::MessageKind::WriteRequest;
            message.size = 8;
            network->route(message);
            if (message.due < message.injected + smallest) {
                std::abort();
            }
        }
        network->forget_before(injected);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    xbemu::MachineDescription machine;
    try {
        machine = xbemu::parse_machine_description(text, std::string(kOrigin));
    } catch (const xbemu::MachineDescriptionError& error) {
        check_refusal(error);
        return 0;
    }
    const std::string described = xbemu::machine_description_json(machine);
    try {
        const xbemu::MachineDescription again =
            xbemu::parse_machine_description(described, std::string(kOrigin));
        if (xbemu::machine_description_json(again) != described) {
            std::abort();
        }
    } catch (const xbemu::MachineDescriptionError&) {
        // A machine xbemu accepted must be describable in its own format.
        std::abort();
    }
    for (const unsigned pe_count : {2U, 17U}) {
        route_messages(machine.network, pe_count);
    }
    return 0;
}
