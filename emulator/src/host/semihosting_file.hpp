#pragma once
// A file the guest opened with SYS_OPEN: a host file beneath the semihosting root, one of the
// configured standard streams (the special name ":tt"), or the ":semihosting-features"
// pseudo-file that tells the C library which semihosting extensions the host implements.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <span>

namespace xbemu {

class SemihostingFile {
public:
    // Takes ownership of `descriptor`.
    static SemihostingFile host_file(int descriptor);
    // The stream stays owned by whoever configured it. Writes go through the stream and are
    // flushed at once; everything else uses its descriptor, as QEMU uses the host's 0, 1 and 2.
    static SemihostingFile standard_stream(std::FILE* stream);
    static SemihostingFile feature_description();

    SemihostingFile(SemihostingFile&& other) noexcept;
    SemihostingFile& operator=(SemihostingFile&& other) noexcept;
    SemihostingFile(const SemihostingFile&) = delete;
    SemihostingFile& operator=(const SemihostingFile&) = delete;
    ~SemihostingFile();

    // These return what the POSIX call would (a count, a position or 0) or a negated errno
    // value. read() asks the host once, so it returns early on terminals and pipes.
    std::int64_t read(std::span<std::byte> destination);
    std::int64_t write(std::span<const std::byte> source);
    std::int64_t seek(std::int64_t position);
    std::int64_t length() const;
    // 1 for a terminal, otherwise a negated errno value (-ENOTTY for an ordinary file).
    int terminal_check() const;
    // Releases the host descriptor when this file owns one.
    int close();

    // What a checkpoint keeps of a file (Semihosting::save_checkpoint): its kind, its stream
    // and its position; a host file it cannot keep.
    enum class Kind { host_file, standard_stream, feature_description };
    Kind kind() const { return kind_; }
    std::FILE* stream() const { return stream_; }
    std::uint64_t position() const { return position_; }
    void set_position(std::uint64_t position) { position_ = position; }

private:
    SemihostingFile(Kind kind, int descriptor, std::FILE* stream);
    int host_descriptor() const;

    Kind kind_;
    int descriptor_ = -1;
    std::FILE* stream_ = nullptr;
    std::uint64_t position_ = 0;
};

} // namespace xbemu
