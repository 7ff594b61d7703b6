#pragma once
// The decoded blocks the PEs of one process (a PeGroup) share while each runs the program as it
// was loaded: a PE whose executable segments hold the loaded bytes, with no debugger attached
// and fetches unrestricted by PMP and triggers, decodes nothing of its own and looks blocks up
// in one table that every such PE keeps warm in the host's caches. A PE that no longer
// qualifies (it or another PE wrote its code, gdb, PMP, an execute trigger, code run from
// outside the segments) goes back to blocks of its own (BlockCache). See docs/engine.md.

#include "xbemu/zeroed_memory.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace xbemu {

class DecodeTable;
class GuestRam;
struct DecodedBlock;
struct ElfImage;

// The blocks of one way of decoding (decode table, block length, timed or not, FPU on or off).
// Blocks are never removed: they stay valid as long as the program does.
class SharedBlocks {
public:
    static constexpr std::size_t kDirectSlots = 1U << 14;
    // A block by its pc's slot (a block whose start_pc is pc, another one, or nullptr); read
    // with acquire loads: another thread may publish a block there at any time.
    DecodedBlock** direct_slots() { return reinterpret_cast<DecodedBlock**>(direct_.data()); }

private:
    friend class BlockCache;
    std::mutex mutex_; // guards blocks_, and stores into the direct slots
    ZeroedMemory direct_{kDirectSlots * sizeof(DecodedBlock*)};
    std::unordered_map<std::uint64_t, std::unique_ptr<DecodedBlock>> blocks_;
};

class SharedCode {
public:
    SharedCode();
    ~SharedCode();
    SharedCode(const SharedCode&) = delete;
    SharedCode& operator=(const SharedCode&) = delete;

    // The program every PE loads; the first call decides, later ones are ignored (a PE that
    // loaded something else does not match it).
    void set_program(const ElfImage& image);
    // Whether `ram` holds the program's executable segments as loaded.
    bool holds_program(const GuestRam& ram) const;
    // The loaded bytes at [address, address + length), which lie in one executable segment;
    // nullptr when they do not. Shared blocks are decoded from them, never from a PE's RAM,
    // which its PE or another may be writing at the time.
    const std::byte* program_bytes(std::uint64_t address, std::uint64_t length) const;
    // The pages of the executable segments, as offsets from the RAM's base >> kPageShift.
    std::vector<std::uint64_t> code_pages() const;

    SharedBlocks& blocks_for(const DecodeTable& table, unsigned max_block_length, bool timed,
                             bool fpu_enabled);

private:
    struct Segment {
        std::uint64_t address = 0;
        std::vector<std::byte> bytes; // as loaded: the file's bytes, then zeros
    };
    struct Decoding {
        const DecodeTable* table;
        unsigned max_block_length;
        bool timed;
        bool fpu_enabled;
        std::unique_ptr<SharedBlocks> blocks;
    };
    std::mutex mutex_; // guards set_program and decodings_
    // The segments never change once has_program_ is true, and are read without the lock
    // (holds_program, program_bytes and code_pages are for PEs that found the program loaded).
    std::atomic<bool> has_program_{false};
    std::vector<Segment> segments_;
    std::vector<Decoding> decodings_;
};

} // namespace xbemu
