#pragma once
// Reading and validating a RISC-V ELF64 executable before anything is placed in guest memory.

#include "xbemu/decoder/privileged_spec.hpp"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace xbemu {

// One line, suitable for "xbemu: error: <what>"; names the file.
class ElfError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct ElfSegment {
    std::uint64_t address = 0;     // physical (load) address, p_paddr, as QEMU and Spike load
    std::uint64_t memory_size = 0; // p_memsz; bytes past data.size() are zero
    std::vector<std::byte> data;   // p_filesz bytes from the file
    bool executable = false;       // PF_X, or no flags at all (may hold code, as on Spike and QEMU)
    bool writable = false;
};

struct ElfImage {
    std::uint64_t entry = 0;
    std::uint32_t flags = 0;                      // e_flags (RVC, float ABI)
    std::vector<ElfSegment> segments;             // PT_LOAD segments with p_memsz > 0
    std::map<std::string, std::uint64_t> symbols; // defined function/object/notype symbols
    std::optional<std::uint64_t> tohost;          // Spike HTIF symbols, if present
    std::optional<std::uint64_t> fromhost;
    // The version whose CSR names disassembly uses (.riscv.attributes, as objdump reads it).
    PrivilegedSpec privileged_spec = kNewestPrivilegedSpec;
    // The architecture it was built for, as its .riscv.attributes record it
    // ("rv64i2p1_m2p0_..."); empty when they do not.
    std::string architecture;
    // Lowest and highest+1 addresses covered by the segments.
    std::uint64_t lowest_address() const;
    std::uint64_t highest_address() const;
};

// Throws ElfError for a missing/unreadable file, a non-ELF, truncated or corrupt file, a
// 32-bit or big-endian ELF, a machine other than RISC-V, a type other than ET_EXEC, an image
// without loadable segments, segments whose file range lies beyond the end of the file or whose
// address range wraps, and an entry point outside every executable segment.
ElfImage read_elf_image(const std::filesystem::path& path);
// The same checks on a file's contents already in memory; `name` stands for the file in errors.
ElfImage parse_elf_image(std::span<const std::byte> contents, std::string_view name);

} // namespace xbemu
