#pragma once
// The decoder for one machine configuration: the union of the enabled extensions' tables,
// checked once for encoding overlaps, then searched (only when an instruction is first
// decoded; the emulator caches the result) by major opcode.

#include "xbemu/decoder/extension.hpp"

#include <array>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <vector>

namespace xbemu {

class DecodeTableError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class DecodeTable {
public:
    // Throws DecodeTableError when an enabled pair of instructions can match the same encoding:
    // always across extensions; within one extension only when neither encoding is strictly more
    // specific than the other (the specific one, e.g. c.nop inside c.addi, wins).
    explicit DecodeTable(std::span<const Extension* const> extensions);

    // The instruction's descriptor, or nullptr for an illegal or reserved encoding. A
    // compressed instruction is looked up by its low 16 bits.
    const InstructionDescriptor* find(std::uint32_t instruction) const;

    // Owning extension of a descriptor found by this table.
    const Extension& extension_of(const InstructionDescriptor& descriptor) const;

    std::span<const Extension* const> extensions() const { return extensions_; }

private:
    struct Entry {
        const InstructionDescriptor* descriptor;
        const Extension* extension;
    };
    static constexpr std::size_t kBucketCount = 128 + 32;
    static std::size_t bucket_of(std::uint32_t instruction);

    std::vector<const Extension*> extensions_;
    std::array<std::vector<Entry>, kBucketCount> buckets_;
};

} // namespace xbemu
