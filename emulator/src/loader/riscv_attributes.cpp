#include "xbemu/riscv_attributes.hpp"

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace xbemu {

namespace {

constexpr std::byte kFormatVersion{'A'};
constexpr std::uint64_t kTagFile = 1;
constexpr std::uint64_t kTagArchitecture = 5;
constexpr std::uint64_t kTagPrivilegedSpec = 8;
constexpr std::uint64_t kTagPrivilegedSpecMinor = 10;
constexpr std::uint64_t kTagPrivilegedSpecRevision = 12;

// Reads the layout's fields from a range, failing (nullopt) rather than reading past its end.
class AttributeReader {
public:
    explicit AttributeReader(std::span<const std::byte> bytes) : bytes_(bytes) {}

    bool at_end() const { return position_ == bytes_.size(); }
    std::size_t position() const { return position_; }

    std::optional<std::uint32_t> word() {
        if (bytes_.size() - position_ < 4) {
            return std::nullopt;
        }
        std::uint32_t value = 0;
        std::memcpy(&value, bytes_.data() + position_, 4);
        position_ += 4;
        return value;
    }

    std::optional<std::uint64_t> uleb128() {
        std::uint64_t value = 0;
        for (unsigned shift = 0; position_ < bytes_.size() && shift < 64; shift += 7) {
            const auto byte = static_cast<std::uint8_t>(bytes_[position_++]);
            value |= static_cast<std::uint64_t>(byte & 0x7fU) << shift;
            if ((byte & 0x80U) == 0) {
                return value;
            }
        }
        return std::nullopt;
    }

    std::optional<std::string_view> string() {
        const auto* first = reinterpret_cast<const char*>(bytes_.data() + position_);
        const auto* end =
            static_cast<const char*>(std::memchr(first, 0, bytes_.size() - position_));
        if (end == nullptr) {
            return std::nullopt;
        }
        position_ += static_cast<std::size_t>(end - first) + 1;
        return std::string_view(first, static_cast<std::size_t>(end - first));
    }

    // The next `length` bytes, counted from `start`, as a reader of their own.
    std::optional<AttributeReader> part(std::size_t start, std::uint64_t length) {
        if (length < position_ - start || length > bytes_.size() - start) {
            return std::nullopt;
        }
        AttributeReader inner(bytes_.subspan(position_, start + length - position_));
        position_ = start + length;
        return inner;
    }

private:
    std::span<const std::byte> bytes_;
    std::size_t position_ = 0;
};

struct FileAttributes {
    std::uint64_t privileged_major = 0;
    std::uint64_t privileged_minor = 0;
    std::uint64_t privileged_revision = 0;
    std::string_view architecture;
};

// One "riscv" subsection's file attributes; false when they are malformed. RISC-V's rule for
// the value's type: odd tags carry strings, even tags numbers.
bool read_file_attributes(AttributeReader& reader, FileAttributes& found) {
    while (!reader.at_end()) {
        const std::size_t start = reader.position();
        const std::optional<std::uint64_t> tag = reader.uleb128();
        const std::optional<std::uint32_t> length = reader.word();
        if (!tag || !length) {
            return false;
        }
        std::optional<AttributeReader> attributes = reader.part(start, *length);
        if (!attributes) {
            return false;
        }
        if (*tag != kTagFile) {
            continue;
        }
        while (!attributes->at_end()) {
            const std::optional<std::uint64_t> attribute = attributes->uleb128();
            if (!attribute) {
                return false;
            }
            if ((*attribute & 1U) != 0) {
                const std::optional<std::string_view> text = attributes->string();
                if (!text) {
                    return false;
                }
                if (*attribute == kTagArchitecture) {
                    found.architecture = *text;
                }
                continue;
            }
            const std::optional<std::uint64_t> value = attributes->uleb128();
            if (!value) {
                return false;
            }
            if (*attribute == kTagPrivilegedSpec) {
                found.privileged_major = *value;
            } else if (*attribute == kTagPrivilegedSpecMinor) {
                found.privileged_minor = *value;
            } else if (*attribute == kTagPrivilegedSpecRevision) {
                found.privileged_revision = *value;
            }
        }
    }
    return true;
}

// The "riscv" vendor's file attributes, or nullopt for a section without them or a malformed
// one.
std::optional<FileAttributes> read_attributes(std::span<const std::byte> section) {
    if (section.empty() || section.front() != kFormatVersion) {
        return std::nullopt;
    }
    AttributeReader reader(section.subspan(1));
    FileAttributes found;
    while (!reader.at_end()) {
        const std::size_t start = reader.position();
        const std::optional<std::uint32_t> length = reader.word();
        const std::optional<std::string_view> vendor = length ? reader.string() : std::nullopt;
        std::optional<AttributeReader> subsection =
            vendor ? reader.part(start, *length) : std::nullopt;
        if (!subsection) {
            return std::nullopt;
        }
        if (*vendor == "riscv" && !read_file_attributes(*subsection, found)) {
            return std::nullopt;
        }
    }
    return found;
}

} // namespace

PrivilegedSpec privileged_spec_from_attributes(std::span<const std::byte> section) {
    const std::optional<FileAttributes> found = read_attributes(section);
    if (!found) {
        return kNewestPrivilegedSpec;
    }
    return privileged_spec_from_numbers(found->privileged_major, found->privileged_minor,
                                        found->privileged_revision)
        .value_or(kNewestPrivilegedSpec);
}

std::string architecture_from_attributes(std::span<const std::byte> section) {
    const std::optional<FileAttributes> found = read_attributes(section);
    return found ? std::string(found->architecture) : std::string();
}

} // namespace xbemu
