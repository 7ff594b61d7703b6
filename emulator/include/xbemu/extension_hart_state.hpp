#pragma once
// The state an ISA extension owns in each hart (its registers, its reservations): the hart
// makes one for each enabled extension whose descriptor names an ExtensionHartStateType
// (Extension::hart_state, opaque to the decoder), and the rest of xbemu reaches it only through
// this interface: the debugger's register rows, checkpoints, the start-up state at program load.
// Execute functions reach their own extension's state without a virtual call or a load: the
// state lives inside the hart, in the storage of the slot its type names, at a fixed offset
// (Hart::extension_state_in).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <string_view>

namespace xbemu {

class CheckpointReader;
class CheckpointWriter;
class ExtensionHartState;
class ProcessingElement;

// A register the debugger shows (gdb's target description): its name and width in bits.
struct ExtensionRegisterRow {
    std::string_view name;
    unsigned bits = 64;
};

// How many extensions with state may be enabled at once, each in a slot of its own, and the
// bytes of each slot (an extension that needs more keeps the rest behind a pointer).
inline constexpr unsigned kExtensionStateSlots = 2;
inline constexpr std::size_t kExtensionStateBytes = 384;
inline constexpr std::size_t kExtensionStateAlignment = 64;

struct ExtensionHartStateType {
    // The hart's slot for the state; enabled extensions may not share one.
    unsigned slot = 0;
    // Constructs the state in the slot's storage (construct_extension_state<State>).
    ExtensionHartState* (*make)(void* storage) = nullptr;
    // The debugger's rows, in the order ExtensionHartState::read_register numbers them; static,
    // so that the target description needs no hart.
    std::span<const ExtensionRegisterRow> debug_registers = {};
};

class ExtensionHartState {
public:
    ExtensionHartState() = default;
    ExtensionHartState(const ExtensionHartState&) = delete;
    ExtensionHartState& operator=(const ExtensionHartState&) = delete;
    virtual ~ExtensionHartState() = default;

    // The registers of ExtensionHartStateType::debug_registers, by row.
    virtual std::uint64_t read_register(std::size_t row) const = 0;
    virtual void write_register(std::size_t row, std::uint64_t value) = 0;

    // The state at a checkpoint, in a layout of the extension's own (the file's format version
    // covers it).
    virtual void save_checkpoint(CheckpointWriter& out) const = 0;
    virtual void restore_checkpoint(CheckpointReader& in) = 0;

    // The state a program starts with, once it is loaded into `pe`.
    virtual void start(const ProcessingElement& pe) = 0;

    // A register file the hart's generic code must see (the commit log's e registers, the
    // polling detector, the cycle mode's speculation, translated code), RegisterClass::Extended
    // in the decoder's operand formats: 32 words inside the state itself (translated code
    // addresses them at their distance from the hart), or nullptr when the extension has none.
    virtual std::uint64_t* extended_registers() { return nullptr; }
};

template <typename State> ExtensionHartState* construct_extension_state(void* storage) {
    static_assert(sizeof(State) <= kExtensionStateBytes &&
                      alignof(State) <= kExtensionStateAlignment,
                  "an extension's hart state must fit its slot");
    return new (storage) State();
}

// Ends a state in its slot; the memory is the hart's.
struct ExtensionHartStateEnd {
    void operator()(ExtensionHartState* state) const { state->~ExtensionHartState(); }
};

} // namespace xbemu
