#pragma once
// --profile FILE: the profiles of a job's PEs (PeProfile) and what xbemu makes of them at exit:
// FILE as JSON (the run's description, then per PE its functions with their source lines, the
// instruction mix per mnemonic and per timing class, the call stacks), FILE.folded (one line per
// call stack and its weight, as flamegraph.pl and speedscope read them) and a summary of the top
// functions on standard error. docs/measuring.md, "Profiles", describes them.

#include "xbemu/elf_image.hpp"
#include "xbemu/job_statistics.hpp"
#include "xbemu/pe_profile.hpp"
#include "xbemu/program_layout.hpp"

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace xbemu {

class JobProfile {
public:
    // A profile of each of `pe_count` PEs running `image` (read from `program`, whose DWARF
    // gives the source lines). `cycle_mode`: cycles and stalls are counted and weigh the
    // stacks (else instructions do); `regions_only`: --stats-roi.
    JobProfile(const ElfImage& image, std::filesystem::path program, unsigned pe_count,
               bool cycle_mode, bool regions_only);

    // PE `pe`'s profile, which only that PE's hart may feed while the job runs.
    PeProfile& of(unsigned pe) { return *pes_.at(pe); }

    // Where the folded stacks of a profile written to `path` go.
    static std::filesystem::path folded_path(const std::filesystem::path& path);
    // Writes `path` and its folded stacks; throws std::runtime_error if it cannot.
    void write(const std::filesystem::path& path, const RunDescription& run) const;
    // The top functions over all PEs, for standard error.
    std::string summary(const std::filesystem::path& path) const;

private:
    std::string function_name(std::uint32_t function) const;
    std::string folded_stacks() const;

    ProgramLayout layout_;
    std::filesystem::path program_;
    bool cycle_mode_;
    bool regions_only_;
    std::vector<std::unique_ptr<PeProfile>> pes_;
};

} // namespace xbemu
