#include "xbemu/decoder/decode_table.hpp"

#include <algorithm>
#include <bit>
#include <fmt/format.h>

namespace xbemu {

namespace {

// The bits every descriptor's mask must cover so that it falls into exactly one bucket.
constexpr std::uint32_t kMajorOpcodeBits = 0x7f;
constexpr std::uint32_t kCompressedOpcodeBits = 0xe003;

bool can_overlap(const InstructionDescriptor& a, const InstructionDescriptor& b) {
    return ((a.match ^ b.match) & a.mask & b.mask) == 0;
}

// b's encodings are a strict subset of a's: b fixes every bit a fixes, and more.
bool strictly_inside(const InstructionDescriptor& b, const InstructionDescriptor& a) {
    return (b.mask & a.mask) == a.mask && b.mask != a.mask;
}

} // namespace

std::size_t DecodeTable::bucket_of(std::uint32_t instruction) {
    if ((instruction & 3U) == 3U) {
        return instruction & kMajorOpcodeBits;
    }
    return 128 + ((instruction & 3U) | (((instruction >> 13) & 7U) << 2));
}

DecodeTable::DecodeTable(std::span<const Extension* const> extensions)
    : extensions_(extensions.begin(), extensions.end()) {
    for (const Extension* extension : extensions_) {
        for (const InstructionDescriptor& descriptor : extension->instructions) {
            const std::uint32_t required =
                descriptor.compressed() ? kCompressedOpcodeBits : kMajorOpcodeBits;
            if ((descriptor.mask & required) != required || (descriptor.match & ~descriptor.mask)) {
                throw DecodeTableError(
                    fmt::format("instruction '{}' of extension '{}' has a malformed match/mask",
                                descriptor.mnemonic, extension->name));
            }
            std::vector<Entry>& bucket = buckets_[bucket_of(descriptor.match)];
            for (const Entry& other : bucket) {
                if (!can_overlap(descriptor, *other.descriptor)) {
                    continue;
                }
                const bool nested = other.extension == extension &&
                                    (strictly_inside(descriptor, *other.descriptor) ||
                                     strictly_inside(*other.descriptor, descriptor));
                if (!nested) {
                    throw DecodeTableError(
                        fmt::format("instruction encodings overlap: '{}' ({}) and '{}' ({})",
                                    other.descriptor->mnemonic, other.extension->name,
                                    descriptor.mnemonic, extension->name));
                }
            }
            bucket.push_back({&descriptor, extension});
        }
    }
    // Most specific first, so that a nested encoding wins over the general one.
    for (std::vector<Entry>& bucket : buckets_) {
        std::stable_sort(bucket.begin(), bucket.end(), [](const Entry& a, const Entry& b) {
            return std::popcount(a.descriptor->mask) > std::popcount(b.descriptor->mask);
        });
    }
}

const InstructionDescriptor* DecodeTable::find(std::uint32_t instruction) const {
    if ((instruction & 3U) != 3U) {
        instruction &= 0xffffU;
    }
    for (const Entry& entry : buckets_[bucket_of(instruction)]) {
        if (entry.descriptor->matches(instruction)) {
            const auto reserved = entry.descriptor->format->reserved;
            return reserved != nullptr && reserved(instruction) ? nullptr : entry.descriptor;
        }
    }
    return nullptr;
}

const Extension& DecodeTable::extension_of(const InstructionDescriptor& descriptor) const {
    for (const Entry& entry : buckets_[bucket_of(descriptor.match)]) {
        if (entry.descriptor == &descriptor) {
            return *entry.extension;
        }
    }
    throw DecodeTableError(fmt::format("'{}' is not in this decode table", descriptor.mnemonic));
}

} // namespace xbemu
