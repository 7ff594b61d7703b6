#include "xbemu/shared_code.hpp"

#include "xbemu/block_cache.hpp"
#include "xbemu/elf_image.hpp"
#include "xbemu/guest_ram.hpp"

#include <algorithm>
#include <cstring>

namespace xbemu {

SharedCode::SharedCode() = default;
SharedCode::~SharedCode() = default;

void SharedCode::set_program(const ElfImage& image) {
    const std::lock_guard lock(mutex_);
    if (has_program_.load(std::memory_order_relaxed)) {
        return;
    }
    for (const ElfSegment& segment : image.segments) {
        if (segment.executable) {
            Segment& code = segments_.emplace_back();
            code.address = segment.address;
            code.bytes.resize(segment.memory_size);
            std::copy(segment.data.begin(), segment.data.end(), code.bytes.begin());
        }
    }
    has_program_.store(true, std::memory_order_release);
}

bool SharedCode::holds_program(const GuestRam& ram) const {
    if (!has_program_.load(std::memory_order_acquire) || segments_.empty()) {
        return false;
    }
    return std::ranges::all_of(segments_, [&](const Segment& segment) {
        return ram.contains(segment.address, segment.bytes.size()) &&
               std::memcmp(ram.host() + (segment.address - ram.base()), segment.bytes.data(),
                           segment.bytes.size()) == 0;
    });
}

const std::byte* SharedCode::program_bytes(std::uint64_t address, std::uint64_t length) const {
    for (const Segment& segment : segments_) {
        if (address >= segment.address && length <= segment.bytes.size() &&
            address - segment.address <= segment.bytes.size() - length) {
            return segment.bytes.data() + (address - segment.address);
        }
    }
    return nullptr;
}

std::vector<std::uint64_t> SharedCode::code_pages() const {
    std::vector<std::uint64_t> pages;
    for (const Segment& segment : segments_) {
        if (segment.bytes.empty()) {
            continue;
        }
        const std::uint64_t offset = segment.address - kRamBase;
        for (std::uint64_t page = offset >> kPageShift;
             page <= (offset + segment.bytes.size() - 1) >> kPageShift; ++page) {
            pages.push_back(page);
        }
    }
    return pages;
}

SharedBlocks& SharedCode::blocks_for(const DecodeTable& table, unsigned max_block_length,
                                     bool timed, bool fpu_enabled) {
    const std::lock_guard lock(mutex_);
    for (Decoding& decoding : decodings_) {
        if (decoding.table == &table && decoding.max_block_length == max_block_length &&
            decoding.timed == timed && decoding.fpu_enabled == fpu_enabled) {
            return *decoding.blocks;
        }
    }
    return *decodings_
                .emplace_back(Decoding{&table, max_block_length, timed, fpu_enabled,
                                       std::make_unique<SharedBlocks>()})
                .blocks;
}

} // namespace xbemu
