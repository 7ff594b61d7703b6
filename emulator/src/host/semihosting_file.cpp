#include "host/semihosting_file.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace xbemu {

namespace {

// "SHFB" and feature byte 0: SH_EXT_EXIT_EXTENDED (bit 0) and SH_EXT_STDOUT_STDERR (bit 1), the
// two extensions QEMU (and xbemu) implement.
constexpr std::array<std::byte, 5> feature_bytes = {std::byte{'S'}, std::byte{'H'}, std::byte{'F'},
                                                    std::byte{'B'}, std::byte{0x03}};

int negated_errno_or(int fallback) {
    return errno != 0 ? -errno : -fallback;
}

} // namespace

SemihostingFile::SemihostingFile(Kind kind, int descriptor, std::FILE* stream)
    : kind_(kind), descriptor_(descriptor), stream_(stream) {}

SemihostingFile SemihostingFile::host_file(int descriptor) {
    return SemihostingFile(Kind::host_file, descriptor, nullptr);
}

SemihostingFile SemihostingFile::standard_stream(std::FILE* stream) {
    return SemihostingFile(Kind::standard_stream, -1, stream);
}

SemihostingFile SemihostingFile::feature_description() {
    return SemihostingFile(Kind::feature_description, -1, nullptr);
}

SemihostingFile::SemihostingFile(SemihostingFile&& other) noexcept
    : kind_(other.kind_), descriptor_(std::exchange(other.descriptor_, -1)), stream_(other.stream_),
      position_(other.position_) {}

SemihostingFile& SemihostingFile::operator=(SemihostingFile&& other) noexcept {
    if (this != &other) {
        close();
        kind_ = other.kind_;
        descriptor_ = std::exchange(other.descriptor_, -1);
        stream_ = other.stream_;
        position_ = other.position_;
    }
    return *this;
}

SemihostingFile::~SemihostingFile() {
    close();
}

int SemihostingFile::host_descriptor() const {
    return kind_ == Kind::standard_stream ? ::fileno(stream_) : descriptor_;
}

std::int64_t SemihostingFile::read(std::span<std::byte> destination) {
    if (kind_ == Kind::feature_description) {
        const std::size_t available = feature_bytes.size() - position_;
        const std::size_t count = std::min(available, destination.size());
        std::copy_n(feature_bytes.begin() + static_cast<std::ptrdiff_t>(position_), count,
                    destination.begin());
        position_ += count;
        return static_cast<std::int64_t>(count);
    }
    for (;;) {
        const ssize_t count = ::read(host_descriptor(), destination.data(), destination.size());
        if (count >= 0) {
            return count;
        }
        if (errno != EINTR) {
            return -errno;
        }
    }
}

std::int64_t SemihostingFile::write(std::span<const std::byte> source) {
    switch (kind_) {
    case Kind::feature_description:
        return -EBADF;
    case Kind::standard_stream: {
        errno = 0;
        const std::size_t count = std::fwrite(source.data(), 1, source.size(), stream_);
        // Flushing is what delivers the bytes, so a failed flush means none are known to
        // have arrived.
        const bool flushed = std::fflush(stream_) == 0;
        if (flushed && count == source.size()) {
            return static_cast<std::int64_t>(count);
        }
        const int failure = negated_errno_or(EIO);
        std::clearerr(stream_);
        return flushed && count > 0 ? static_cast<std::int64_t>(count) : failure;
    }
    case Kind::host_file:
        break;
    }
    std::size_t written = 0;
    while (written < source.size()) {
        const ssize_t count =
            ::write(descriptor_, source.data() + written, source.size() - written);
        if (count < 0 && errno == EINTR) {
            continue;
        }
        if (count <= 0) {
            return written > 0 ? static_cast<std::int64_t>(written) : negated_errno_or(EIO);
        }
        written += static_cast<std::size_t>(count);
    }
    return static_cast<std::int64_t>(written);
}

std::int64_t SemihostingFile::seek(std::int64_t position) {
    if (kind_ == Kind::feature_description) {
        if (position < 0 || static_cast<std::uint64_t>(position) > feature_bytes.size()) {
            return -EINVAL;
        }
        position_ = static_cast<std::uint64_t>(position);
        return position;
    }
    if (kind_ == Kind::standard_stream) {
        std::fflush(stream_);
    }
    const off_t result = ::lseek(host_descriptor(), position, SEEK_SET);
    return result >= 0 ? result : -errno;
}

std::int64_t SemihostingFile::length() const {
    if (kind_ == Kind::feature_description) {
        return static_cast<std::int64_t>(feature_bytes.size());
    }
    struct stat status {};
    if (::fstat(host_descriptor(), &status) != 0) {
        return -errno;
    }
    return status.st_size;
}

int SemihostingFile::terminal_check() const {
    if (kind_ == Kind::feature_description) {
        return -ENOTTY;
    }
    return ::isatty(host_descriptor()) == 1 ? 1 : -errno;
}

int SemihostingFile::close() {
    if (kind_ != Kind::host_file || descriptor_ < 0) {
        return 0;
    }
    const int result = ::close(std::exchange(descriptor_, -1));
    return result == 0 ? 0 : -errno;
}

} // namespace xbemu
