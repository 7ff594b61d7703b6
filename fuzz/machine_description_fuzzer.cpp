// libFuzzer harness of machine description files (--machine): any text must either be refused
// with one line naming the file, or give a machine whose own description (the format xbemu
// prints) reads back to the same machine.

#include "xbemu/machine_description.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

constexpr std::string_view kOrigin = "fuzz.json";

void check_refusal(const xbemu::MachineDescriptionError& error) {
    const std::string_view message = error.what();
    if (!message.starts_with("machine description fuzz.json: ") ||
        message.find('\n') != std::string_view::npos) {
        std::abort();
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
    return 0;
}
