#include "xbemu/checkpoint_stream.hpp"

#include <cstring>

namespace xbemu {

void CheckpointWriter::u32(std::uint32_t value) {
    for (unsigned shift = 0; shift < 32; shift += 8) {
        u8(static_cast<std::uint8_t>(value >> shift));
    }
}

void CheckpointWriter::u64(std::uint64_t value) {
    for (unsigned shift = 0; shift < 64; shift += 8) {
        u8(static_cast<std::uint8_t>(value >> shift));
    }
}

void CheckpointWriter::bytes(std::span<const std::byte> data) {
    u64(data.size());
    bytes_.insert(bytes_.end(), data.begin(), data.end());
}

void CheckpointWriter::string(const std::string& text) {
    bytes(std::as_bytes(std::span(text.data(), text.size())));
}

std::span<const std::byte> CheckpointReader::take(std::size_t count) {
    if (count > data_.size() - position_) {
        throw CheckpointError("is truncated or corrupt");
    }
    const std::span<const std::byte> taken = data_.subspan(position_, count);
    position_ += count;
    return taken;
}

std::uint8_t CheckpointReader::u8() {
    return static_cast<std::uint8_t>(take(1)[0]);
}

bool CheckpointReader::boolean() {
    const std::uint8_t value = u8();
    if (value > 1) {
        throw CheckpointError("is corrupt");
    }
    return value == 1;
}

std::uint32_t CheckpointReader::u32() {
    std::uint32_t value = 0;
    const std::span<const std::byte> raw = take(4);
    for (unsigned index = 0; index < 4; ++index) {
        value |= std::uint32_t{static_cast<std::uint8_t>(raw[index])} << (8 * index);
    }
    return value;
}

std::uint64_t CheckpointReader::u64() {
    std::uint64_t value = 0;
    const std::span<const std::byte> raw = take(8);
    for (unsigned index = 0; index < 8; ++index) {
        value |= std::uint64_t{static_cast<std::uint8_t>(raw[index])} << (8 * index);
    }
    return value;
}

void CheckpointReader::bytes(std::span<std::byte> destination) {
    if (u64() != destination.size()) {
        throw CheckpointError("is corrupt");
    }
    const std::span<const std::byte> raw = take(destination.size());
    std::memcpy(destination.data(), raw.data(), raw.size());
}

std::string CheckpointReader::string() {
    const std::uint64_t length = u64();
    const std::span<const std::byte> raw = take(length);
    return {reinterpret_cast<const char*>(raw.data()), raw.size()};
}

} // namespace xbemu
