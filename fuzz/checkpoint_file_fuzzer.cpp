// libFuzzer harness of checkpoint files (--restore): any bytes must either be refused with one
// CheckpointError line, or give a header and sections that read back without a crash and without
// allocating more than the frames can hold.

#include "xbemu/checkpoint_file.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <unistd.h>

namespace {

// The reader takes a file, as --restore gives it: one per fuzzing process, gone at its end.
struct ScratchFile {
    std::filesystem::path path = std::filesystem::temp_directory_path() /
                                 ("xbemu-fuzz-" + std::to_string(::getpid()) + ".ckpt");
    ScratchFile() = default;
    ScratchFile(const ScratchFile&) = delete;
    ScratchFile& operator=(const ScratchFile&) = delete;
    ~ScratchFile() {
        std::error_code ignored;
        std::filesystem::remove(path, ignored);
    }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const ScratchFile scratch;
    const std::filesystem::path& path = scratch.path;
    std::ofstream(path, std::ios::binary | std::ios::trunc)
        .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    try {
        xbemu::CheckpointFileReader file(path);
        // As the job runner reads it: sections until the file ends, each walked as a PE's.
        for (unsigned section = 0; section < 64; ++section) {
            const std::vector<std::byte> bytes = file.next_section();
            xbemu::CheckpointReader reader(bytes);
            while (!reader.at_end()) {
                reader.string();
            }
        }
        file.expect_end();
    } catch (const xbemu::CheckpointError& error) {
        if (std::string_view(error.what()).find('\n') != std::string_view::npos) {
            std::abort();
        }
    }
    return 0;
}
