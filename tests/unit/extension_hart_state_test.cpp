// An extension's per-hart state: the hart makes it from the extension's descriptor, keeps it in
// its slot, publishes its extended registers, and saves it in checkpoints.

#include "xbemu/base_extensions.hpp"
#include "xbemu/checkpoint_stream.hpp"
#include "xbemu/decoder/decode_table.hpp"
#include "xbemu/decoder/extension_registry.hpp"
#include "xbemu/pe_group.hpp"
#include "xbemu/processing_element.hpp"
#include "xbemu/transport/peer_memory.hpp"
#include "xbemu/xbgas/xbgas_extension.hpp"
#include "xbemu/xbgas/xbgas_hart_state.hpp"

#include <doctest/doctest.h>
#include <string>

using namespace xbemu;

namespace {

constexpr std::uint64_t kMemory = 4ULL << 20;
constexpr unsigned kPes = 3;

// One PE (id 1 of 3) of the given ISA, interpreted, with a RAM of its own.
struct OnePe {
    explicit OnePe(const std::string& isa)
        : table(resolve(isa)), group(1, false), peers(kPes, kMemory),
          pe(config(isa), table, group, 1, peers) {}

    static std::vector<const Extension*> resolve(const std::string& isa) {
        ExtensionRegistry registry;
        register_base_extensions(registry);
        registry.add(extension_xbgas());
        return registry.resolve(isa);
    }
    static MachineConfig config(const std::string& isa) {
        MachineConfig config;
        config.isa = isa;
        config.memory_size = kMemory;
        config.pe_count = kPes;
        config.engine = EngineKind::Interpreter;
        return config;
    }

    DecodeTable table;
    PeGroup group;
    PeerMemory peers;
    ProcessingElement pe;
};

} // namespace

TEST_CASE("a hart with xBGAS holds its state in xBGAS's slot; a hart without holds none") {
    OnePe with("rv64gc_xbgas");
    Hart& hart = with.pe.hart(0);
    REQUIRE(hart.extension_states().size() == 1);
    CHECK(hart.extension_states().front().extension->name == "xbgas");
    CHECK(hart.extension_state(kXbgasStateSlot) == hart.extension_states().front().state.get());
    XbgasHartState& state = xbgas_state(hart);
    CHECK(static_cast<ExtensionHartState*>(&state) == hart.extension_state(kXbgasStateSlot));
    CHECK(hart.extended_registers() == state.e.data());
    CHECK(hart.hot_state().e == state.e.data());

    OnePe without("rv64gc");
    CHECK(without.pe.hart(0).extension_states().empty());
    CHECK(without.pe.hart(0).extension_state(kXbgasStateSlot) == nullptr);
    CHECK(without.pe.hart(0).extended_registers() == nullptr);
}

TEST_CASE("xBGAS's start-up state: PE id, PE count, the symmetric region") {
    OnePe one("rv64gc_xbgas");
    XbgasHartState& state = xbgas_state(one.pe.hart(0));
    state.start(one.pe);
    const SymmetricRegion region = symmetric_region(kMemory);
    CHECK(state.e[10] == 1);
    CHECK(state.e[11] == kPes);
    CHECK(state.e[12] == region.size);
    CHECK(state.e[13] == region.base);
}

TEST_CASE("xBGAS's debugger rows are e0-e31, 64 bits wide, read and written by row") {
    const ExtensionHartStateType& type = xbgas_hart_state_type();
    CHECK(extension_xbgas().hart_state == &type);
    REQUIRE(type.debug_registers.size() == 32);
    CHECK(type.debug_registers[0].name == "e0");
    CHECK(type.debug_registers[31].name == "e31");
    CHECK(type.debug_registers[17].bits == 64U);
    OnePe one("rv64gc_xbgas");
    ExtensionHartState& state = *one.pe.hart(0).extension_state(kXbgasStateSlot);
    state.write_register(17, 0x1234);
    CHECK(xbgas_state(one.pe.hart(0)).e[17] == 0x1234);
    CHECK(state.read_register(17) == 0x1234);
}

TEST_CASE("a hart's checkpoint carries xBGAS's e registers and remote reservation") {
    OnePe original("rv64gc_xbgas");
    XbgasHartState& saved = xbgas_state(original.pe.hart(0));
    for (std::size_t index = 0; index < saved.e.size(); ++index) {
        saved.e[index] = 0x100 + index;
    }
    saved.reservation = {true, 2, kRamBase + 0x40, 0xfeed};
    CheckpointWriter out;
    original.pe.hart(0).save_checkpoint(out);

    OnePe restored("rv64gc_xbgas");
    CheckpointReader in(out.data());
    restored.pe.hart(0).restore_checkpoint(in);
    CHECK(in.at_end());
    const XbgasHartState& state = xbgas_state(restored.pe.hart(0));
    CHECK(state.e == saved.e);
    CHECK(state.reservation.valid);
    CHECK(state.reservation.pe == 2);
    CHECK(state.reservation.address == kRamBase + 0x40);
    CHECK(state.reservation.value == 0xfeed);

    // Without xBGAS the hart's section is that much shorter.
    OnePe plain("rv64gc");
    CheckpointWriter plain_out;
    plain.pe.hart(0).save_checkpoint(plain_out);
    CHECK(out.data().size() - plain_out.data().size() == 32 * 8 + 1 + 4 + 8 + 8);
}
