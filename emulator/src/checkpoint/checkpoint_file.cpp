#include "xbemu/checkpoint_file.hpp"

#include <array>
#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include <fstream>
#include <iterator>
#include <zstd.h>

namespace xbemu {

namespace {

constexpr std::array<char, 8> kMagic{'X', 'B', 'E', 'M', 'U', 'C', 'K', 'P'};
// Fast enough to write a checkpoint at a fraction of the functional mode's speed; guest RAM
// compresses well at any level.
constexpr int kCompressionLevel = 3;

std::vector<std::byte> read_whole_file(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        throw CheckpointError(
            fmt::format("cannot read checkpoint {}: {}", path.string(), std::strerror(errno)));
    }
    std::vector<char> raw((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    std::vector<std::byte> bytes(raw.size());
    std::memcpy(bytes.data(), raw.data(), raw.size());
    return bytes;
}

std::vector<std::byte> compress(const std::vector<std::byte>& body) {
    std::vector<std::byte> compressed(ZSTD_compressBound(body.size()));
    ZSTD_CCtx* context = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, kCompressionLevel);
    ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1);
    const std::size_t size =
        ZSTD_compress2(context, compressed.data(), compressed.size(), body.data(), body.size());
    ZSTD_freeCCtx(context);
    if (ZSTD_isError(size) != 0) {
        throw CheckpointError(
            fmt::format("cannot compress the checkpoint: {}", ZSTD_getErrorName(size)));
    }
    compressed.resize(size);
    return compressed;
}

} // namespace

void write_checkpoint_file(const std::filesystem::path& path, const CheckpointHeader& header,
                           const std::vector<std::byte>& body) {
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
    head.u64(body.size());
    const std::vector<std::byte> compressed = compress(body);
    // Written beside FILE and renamed over it: FILE is a whole checkpoint or what it was before.
    std::filesystem::path partial = path;
    partial += ".partial";
    std::ofstream file(partial, std::ios::binary | std::ios::trunc);
    file.write(reinterpret_cast<const char*>(head.data().data()),
               static_cast<std::streamsize>(head.data().size()));
    file.write(reinterpret_cast<const char*>(compressed.data()),
               static_cast<std::streamsize>(compressed.size()));
    file.close();
    std::error_code renamed;
    if (file) {
        std::filesystem::rename(partial, path, renamed);
    }
    if (!file || renamed) {
        const std::string reason = renamed ? renamed.message() : std::strerror(errno);
        std::error_code ignored;
        std::filesystem::remove(partial, ignored);
        throw CheckpointError(fmt::format("cannot write checkpoint {}: {}", path.string(), reason));
    }
}

CheckpointFile read_checkpoint_file(const std::filesystem::path& path) {
    const std::vector<std::byte> bytes = read_whole_file(path);
    const std::string name = path.string();
    if (bytes.size() < kMagic.size() ||
        std::memcmp(bytes.data(), kMagic.data(), kMagic.size()) != 0) {
        throw CheckpointError(fmt::format("{} is not an xbemu checkpoint", name));
    }
    const std::string truncated = fmt::format("checkpoint {} is truncated or corrupt", name);
    CheckpointReader head(std::span<const std::byte>(bytes).subspan(kMagic.size()));
    CheckpointFile file;
    std::uint64_t body_size = 0;
    try {
        const std::uint32_t version = head.u32();
        if (version != kCheckpointFormatVersion) {
            throw CheckpointError(
                fmt::format("checkpoint {} has format version {}; this xbemu reads version {}",
                            name, version, kCheckpointFormatVersion));
        }
        CheckpointHeader& header = file.header;
        header.xbemu_version = head.string();
        header.isa = head.string();
        header.pe_count = head.u32();
        header.launcher = head.string();
        header.memory_size = head.u64();
        header.program_size = head.u64();
        header.program_hash = head.u64();
        header.machine = head.string();
        body_size = head.u64();
    } catch (const CheckpointError& error) {
        // The reader's own errors do not name the file.
        throw CheckpointError(std::string_view(error.what()).starts_with("checkpoint ")
                                  ? std::string(error.what())
                                  : truncated);
    }
    const std::size_t head_size = kMagic.size() + head.position();
    const std::span<const std::byte> compressed =
        std::span<const std::byte>(bytes).subspan(head_size);
    const unsigned long long content =
        ZSTD_getFrameContentSize(compressed.data(), compressed.size());
    if (content != body_size) {
        throw CheckpointError(truncated);
    }
    file.body.resize(body_size);
    const std::size_t size =
        ZSTD_decompress(file.body.data(), file.body.size(), compressed.data(), compressed.size());
    if (ZSTD_isError(size) != 0 || size != body_size) {
        throw CheckpointError(truncated);
    }
    return file;
}

ProgramFingerprint program_fingerprint(const std::filesystem::path& program) {
    const std::vector<std::byte> bytes = read_whole_file(program);
    constexpr std::uint64_t kOffsetBasis = 14695981039346656037ULL;
    constexpr std::uint64_t kPrime = 1099511628211ULL;
    std::uint64_t hash = kOffsetBasis;
    for (const std::byte byte : bytes) {
        hash = (hash ^ static_cast<std::uint8_t>(byte)) * kPrime;
    }
    return {bytes.size(), hash};
}

} // namespace xbemu
