// libFuzzer harness of the ELF reader and loader: any bytes given as a program must either be
// refused with one line (ElfError, LoadError) or load into a PE's RAM, never crash or leak.

#include "xbemu/base_extensions.hpp"
#include "xbemu/decoder/decode_table.hpp"
#include "xbemu/decoder/extension_registry.hpp"
#include "xbemu/elf_image.hpp"
#include "xbemu/pe_group.hpp"
#include "xbemu/processing_element.hpp"
#include "xbemu/transport/peer_memory.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string_view>

namespace {

using namespace xbemu;

// A one-PE machine with a small RAM, built once: loading does not depend on earlier loads.
struct Machine {
    Machine() : table(resolve_rv64gc()), group(1, true), peers(1, config().memory_size) {
        pe.emplace(config(), table, group, 0, peers);
        peers.map(0, pe->ram().host());
    }

    static const MachineConfig& config() {
        static const MachineConfig machine = [] {
            MachineConfig value;
            value.memory_size = 16ULL << 20;
            value.program = "fuzz.elf";
            return value;
        }();
        return machine;
    }

    static std::vector<const Extension*> resolve_rv64gc() {
        static ExtensionRegistry registry;
        register_base_extensions(registry);
        return registry.resolve("rv64gc");
    }

    DecodeTable table;
    PeGroup group;
    PeerMemory peers;
    std::optional<ProcessingElement> pe;
};

void require_one_line(std::string_view message) {
    if (message.empty() || message.find('\n') != std::string_view::npos) {
        std::abort();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static Machine machine;
    ElfImage image;
    try {
        image = parse_elf_image(std::as_bytes(std::span(data, size)), "fuzz.elf");
    } catch (const ElfError& error) {
        require_one_line(error.what());
        return 0;
    }
    for (const ElfSegment& segment : image.segments) {
        if (segment.data.size() > segment.memory_size) {
            std::abort();
        }
    }
    try {
        machine.pe->load(image);
    } catch (const LoadError& error) {
        require_one_line(error.what());
    }
    return 0;
}
