#pragma once
// A checkpoint file (--checkpoint, --restore; docs/measuring.md, "Checkpoints"): a header that
// says what the checkpoint is of, readable without the rest, then sections of the layers' state
// (checkpoint_stream.hpp), each one zstd frame with its size and checksum: the job's, then one
// per PE. A section at a time is in memory, so writing or restoring a job costs host memory for
// one PE's state besides the job's own.
//
// Layout: the magic "XBEMUCKP", the format version (u32), the header's fields as
// CheckpointWriter writes them, then per section its compressed size (u64) and its frame.

#include "xbemu/checkpoint_stream.hpp"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace xbemu {

// 2: a hart's extended registers moved from its own state into its extensions' (after the
// debug triggers), which hold the xBGAS remote reservation too. 3: the trap-storm detector's
// count after the extensions' state, and the PE's devices (the 16550 UART's registers) after its
// semihosting handles. 4: a PIMP port's credits only for the destinations where they are not a
// whole receive FIFO, as (node, credits) pairs, instead of one count per PE of the job (a job of
// 65,536 PEs wrote 65,536 counts per PE).
inline constexpr std::uint32_t kCheckpointFormatVersion = 4;

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

// Writes beside `path` and renames the file over it in finish(), so that `path` is never half a
// checkpoint. Throws CheckpointError when the file cannot be written or compressed.
class CheckpointFileWriter {
public:
    CheckpointFileWriter(const std::filesystem::path& path, const CheckpointHeader& header);
    // Under mpirun the ranks write one file in turn: the first writes the header and its
    // sections and hands the file over (hand_over), each next one opens it again with this
    // constructor to add its sections and hands it over in turn, and the last one finishes it.
    explicit CheckpointFileWriter(const std::filesystem::path& path);
    ~CheckpointFileWriter();
    CheckpointFileWriter(const CheckpointFileWriter&) = delete;
    CheckpointFileWriter& operator=(const CheckpointFileWriter&) = delete;

    void add_section(const CheckpointWriter& section);
    void finish();
    // Closes the unfinished file for the next writer, which removes it unless it finishes it.
    void hand_over();

    // Throws CheckpointError when `path` cannot be written, before a run that writes it later;
    // leaves no file behind.
    static void check_writable(const std::filesystem::path& path);

private:
    void fail() const;
    std::filesystem::path path_;
    std::filesystem::path partial_;
    std::ofstream file_;
    bool finished_ = false;
};

// Throws CheckpointError, with a line that names the file, when it cannot be read, is no
// checkpoint, is of another format version, or is truncated or corrupt.
class CheckpointFileReader {
public:
    explicit CheckpointFileReader(const std::filesystem::path& path);
    const CheckpointHeader& header() const { return header_; }
    // The next section's bytes.
    std::vector<std::byte> next_section();
    // Passes over the next section (another rank's, under mpirun) without reading it.
    void skip_section();
    // Throws unless every section has been read.
    void expect_end();
    const std::filesystem::path& path() const { return path_; }

private:
    [[noreturn]] void corrupt() const;
    std::vector<std::byte> read_exactly(std::uint64_t count);
    std::filesystem::path path_;
    std::ifstream file_;
    CheckpointHeader header_;
};

// The size and FNV-1a hash of a program file, for CheckpointHeader.
struct ProgramFingerprint {
    std::uint64_t size = 0;
    std::uint64_t hash = 0;
};
ProgramFingerprint program_fingerprint(const std::filesystem::path& program);

} // namespace xbemu
