#pragma once
// The byte stream a checkpoint's layers write their state into (--checkpoint) and read it back
// from (--restore): fixed-width little-endian integers, byte blocks and strings with their
// lengths. Each layer serialises its own state through these two types, next to that state;
// checkpoint_file.hpp puts the stream into a file. A reader that runs past the end, or finds a
// length that cannot be, throws CheckpointError: the file is corrupt or truncated.

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace xbemu {

class CheckpointError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class CheckpointWriter {
public:
    void u8(std::uint8_t value) { bytes_.push_back(static_cast<std::byte>(value)); }
    void boolean(bool value) { u8(value ? 1 : 0); }
    void u32(std::uint32_t value);
    void u64(std::uint64_t value);
    void bytes(std::span<const std::byte> data);
    void string(const std::string& text);
    const std::vector<std::byte>& data() const { return bytes_; }

private:
    std::vector<std::byte> bytes_;
};

class CheckpointReader {
public:
    explicit CheckpointReader(std::span<const std::byte> data) : data_(data) {}
    std::uint8_t u8();
    bool boolean();
    std::uint32_t u32();
    std::uint64_t u64();
    // Fills `destination` with the block written by CheckpointWriter::bytes of the same size.
    void bytes(std::span<std::byte> destination);
    std::string string();
    bool at_end() const { return position_ == data_.size(); }
    std::size_t position() const { return position_; }

private:
    std::span<const std::byte> take(std::size_t count);
    std::span<const std::byte> data_;
    std::size_t position_ = 0;
};

} // namespace xbemu
