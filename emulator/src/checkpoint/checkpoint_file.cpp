#include "xbemu/checkpoint_file.hpp"

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fmt/format.h>
#include <iterator>
#include <zstd.h>

namespace xbemu {

namespace {

constexpr std::array<char, 8> kMagic{'X', 'B', 'E', 'M', 'U', 'C', 'K', 'P'};
// Fast enough to write a checkpoint at a fraction of the functional mode's speed; guest RAM
// compresses well at any level.
constexpr int kCompressionLevel = 3;
// The header's strings (the machine description the longest) stay far below this; a larger
// length is a corrupt file, not a reason to allocate.
constexpr std::uint64_t kLongestHeaderString = 1U << 20;
// No zstd frame decompresses to more than this many times its size (a block of 128 KiB of one
// byte takes 4): a frame that says it does is corrupt.
constexpr std::uint64_t kLargestExpansion = 1U << 16;

std::vector<std::byte> compress(const std::vector<std::byte>& data) {
    std::vector<std::byte> compressed(ZSTD_compressBound(data.size()));
    ZSTD_CCtx* context = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, kCompressionLevel);
    ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1);
    const std::size_t size =
        ZSTD_compress2(context, compressed.data(), compressed.size(), data.data(), data.size());
    ZSTD_freeCCtx(context);
    if (ZSTD_isError(size) != 0) {
        throw CheckpointError(
            fmt::format("cannot compress the checkpoint: {}", ZSTD_getErrorName(size)));
    }
    compressed.resize(size);
    return compressed;
}

void write_bytes(std::ofstream& file, std::span<const std::byte> bytes) {
    file.write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
}

// Reads `count` bytes, or fewer at the end of the file.
std::vector<std::byte> read_bytes(std::ifstream& file, std::uint64_t count) {
    std::vector<std::byte> bytes;
    constexpr std::uint64_t kPiece = 1U << 20;
    while (bytes.size() < count && file) {
        const std::size_t start = bytes.size();
        bytes.resize(start + std::min(kPiece, count - start));
        file.read(reinterpret_cast<char*>(bytes.data() + start),
                  static_cast<std::streamsize>(bytes.size() - start));
        bytes.resize(start + static_cast<std::size_t>(file.gcount()));
    }
    return bytes;
}

} // namespace

CheckpointFileWriter::CheckpointFileWriter(const std::filesystem::path& path,
                                           const CheckpointHeader& header)
    : path_(path), partial_(path.string() + ".partial") {
    file_.open(partial_, std::ios::binary | std::ios::trunc);
    CheckpointWriter head;
    for (const char letter : kMagic) {
        head.u8(static_cast<std::uint8_t>(letter));
    }
    head.u32(kCheckpointFormatVersion);
    head.string(header.xbemu_version);
    head.string(header.isa);
    head.u32(header.pe_count);
    head.string(header.launcher);
    head.u64(header.memory_size);
    head.u64(header.program_size);
    head.u64(header.program_hash);
    head.string(header.machine);
    write_bytes(file_, head.data());
    if (!file_) {
        fail();
    }
}

CheckpointFileWriter::CheckpointFileWriter(const std::filesystem::path& path)
    : path_(path), partial_(path.string() + ".partial") {
    file_.open(partial_, std::ios::binary | std::ios::app);
    if (!file_) {
        fail();
    }
}

void CheckpointFileWriter::hand_over() {
    file_.close();
    if (!file_) {
        fail();
    }
    finished_ = true;
}

void CheckpointFileWriter::check_writable(const std::filesystem::path& path) {
    const bool existed = std::filesystem::exists(path);
    std::FILE* file = std::fopen(path.c_str(), "a");
    if (file == nullptr) {
        throw CheckpointError(
            fmt::format("cannot write the checkpoint {}: {}", path.string(), std::strerror(errno)));
    }
    std::fclose(file);
    if (!existed) {
        std::filesystem::remove(path);
    }
}

CheckpointFileWriter::~CheckpointFileWriter() {
    if (!finished_) {
        file_.close();
        std::error_code ignored;
        std::filesystem::remove(partial_, ignored);
    }
}

void CheckpointFileWriter::fail() const {
    throw CheckpointError(
        fmt::format("cannot write checkpoint {}: {}", path_.string(), std::strerror(errno)));
}

void CheckpointFileWriter::add_section(const CheckpointWriter& section) {
    const std::vector<std::byte> compressed = compress(section.data());
    CheckpointWriter size;
    size.u64(compressed.size());
    write_bytes(file_, size.data());
    write_bytes(file_, compressed);
    if (!file_) {
        fail();
    }
}

void CheckpointFileWriter::finish() {
    file_.close();
    if (!file_) {
        fail();
    }
    std::error_code renamed;
    std::filesystem::rename(partial_, path_, renamed);
    if (renamed) {
        throw CheckpointError(
            fmt::format("cannot write checkpoint {}: {}", path_.string(), renamed.message()));
    }
    finished_ = true;
}

CheckpointFileReader::CheckpointFileReader(const std::filesystem::path& path)
    : path_(path), file_(path, std::ios::binary) {
    if (!file_) {
        throw CheckpointError(
            fmt::format("cannot read checkpoint {}: {}", path.string(), std::strerror(errno)));
    }
    const std::vector<std::byte> magic = read_bytes(file_, kMagic.size());
    if (magic.size() != kMagic.size() ||
        std::memcmp(magic.data(), kMagic.data(), kMagic.size()) != 0) {
        throw CheckpointError(fmt::format("{} is not an xbemu checkpoint", path.string()));
    }
    const std::uint32_t version = CheckpointReader(read_exactly(4)).u32();
    if (version != kCheckpointFormatVersion) {
        throw CheckpointError(
            fmt::format("checkpoint {} has format version {}; this xbemu reads version {}",
                        path.string(), version, kCheckpointFormatVersion));
    }
    const auto u64 = [this] { return CheckpointReader(read_exactly(8)).u64(); };
    const auto string = [&] {
        const std::uint64_t length = u64();
        if (length > kLongestHeaderString) {
            corrupt();
        }
        const std::vector<std::byte> text = read_exactly(length);
        return std::string(reinterpret_cast<const char*>(text.data()), text.size());
    };
    header_.xbemu_version = string();
    header_.isa = string();
    header_.pe_count = CheckpointReader(read_exactly(4)).u32();
    header_.launcher = string();
    header_.memory_size = u64();
    header_.program_size = u64();
    header_.program_hash = u64();
    header_.machine = string();
}

std::vector<std::byte> CheckpointFileReader::read_exactly(std::uint64_t count) {
    std::vector<std::byte> bytes = read_bytes(file_, count);
    if (bytes.size() != count) {
        corrupt();
    }
    return bytes;
}

void CheckpointFileReader::corrupt() const {
    throw CheckpointError(fmt::format("checkpoint {} is truncated or corrupt", path_.string()));
}

std::vector<std::byte> CheckpointFileReader::next_section() {
    const std::uint64_t size = CheckpointReader(read_exactly(8)).u64();
    const std::vector<std::byte> compressed = read_exactly(size);
    const unsigned long long content = ZSTD_getFrameContentSize(compressed.data(), size);
    if (content == ZSTD_CONTENTSIZE_UNKNOWN || content == ZSTD_CONTENTSIZE_ERROR ||
        content > size * kLargestExpansion) {
        corrupt();
    }
    std::vector<std::byte> section(content);
    const std::size_t produced =
        ZSTD_decompress(section.data(), section.size(), compressed.data(), compressed.size());
    if (ZSTD_isError(produced) != 0 || produced != content) {
        corrupt();
    }
    return section;
}

void CheckpointFileReader::skip_section() {
    const std::uint64_t size = CheckpointReader(read_exactly(8)).u64();
    const std::streamoff here = file_.tellg();
    file_.seekg(0, std::ios::end);
    const std::streamoff end = file_.tellg();
    if (here < 0 || end < here || size > static_cast<std::uint64_t>(end - here)) {
        corrupt();
    }
    file_.seekg(here + static_cast<std::streamoff>(size));
}

void CheckpointFileReader::expect_end() {
    if (file_.peek() != std::ifstream::traits_type::eof()) {
        corrupt();
    }
}

ProgramFingerprint program_fingerprint(const std::filesystem::path& program) {
    std::ifstream file(program, std::ios::binary);
    constexpr std::uint64_t kOffsetBasis = 14695981039346656037ULL;
    constexpr std::uint64_t kPrime = 1099511628211ULL;
    ProgramFingerprint fingerprint{0, kOffsetBasis};
    for (std::istreambuf_iterator<char> byte(file), end; byte != end; ++byte) {
        fingerprint.hash = (fingerprint.hash ^ static_cast<unsigned char>(*byte)) * kPrime;
        ++fingerprint.size;
    }
    return fingerprint;
}

} // namespace xbemu
