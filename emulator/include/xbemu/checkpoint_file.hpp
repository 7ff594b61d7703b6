#pragma once
// A checkpoint file (--checkpoint, --restore; docs/measuring.md, "Checkpoints"): a header that
// says what the checkpoint is of, readable without the rest, then the layers' state
// (checkpoint_stream.hpp) as one zstd frame with its checksum.
//
// Layout: the magic "XBEMUCKP", the format version (u32), the header's fields as
// CheckpointWriter writes them, the body's size (u64), the compressed body.

#include "xbemu/checkpoint_stream.hpp"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace xbemu {

inline constexpr std::uint32_t kCheckpointFormatVersion = 1;

struct CheckpointHeader {
    std::string xbemu_version;
    std::string isa;
    std::uint32_t pe_count = 0;
    std::string launcher; // "in-process"
    std::uint64_t memory_size = 0;
    // The program's size and a hash of its bytes: a checkpoint restores with its own program.
    std::uint64_t program_size = 0;
    std::uint64_t program_hash = 0;
    // The effective machine description (JSON) of the run that wrote it.
    std::string machine;
};

// Throws CheckpointError when the file cannot be written.
void write_checkpoint_file(const std::filesystem::path& path, const CheckpointHeader& header,
                           const std::vector<std::byte>& body);

struct CheckpointFile {
    CheckpointHeader header;
    std::vector<std::byte> body;
};
// Throws CheckpointError, with a line that names the file, when it cannot be read, is no
// checkpoint, is of another format version, or is truncated or corrupt.
CheckpointFile read_checkpoint_file(const std::filesystem::path& path);

// The size and FNV-1a hash of a program file, for CheckpointHeader.
struct ProgramFingerprint {
    std::uint64_t size = 0;
    std::uint64_t hash = 0;
};
ProgramFingerprint program_fingerprint(const std::filesystem::path& program);

} // namespace xbemu
