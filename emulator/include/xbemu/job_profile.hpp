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
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace xbemu {

class JobProfile {
public:
    // The profiles of the PEs of this process running `image` (read from `program`, whose DWARF
    // gives the source lines). `cycle_mode`: cycles and stalls are counted and weigh the stacks
    // (else instructions do); `regions_only`: --stats-roi.
    JobProfile(const ElfImage& image, std::filesystem::path program, bool cycle_mode,
               bool regions_only);

    // PE `pe`'s profile, made when the PE is (from any thread); only that PE's hart feeds it.
    PeProfile& of(unsigned pe);
    // What PE `pe` of this process puts in the file: its entry of "pes", as JSON text.
    std::string pe_entry(unsigned pe) const;
    // Under mpirun, on rank 0: every rank's pe_entry in rank order, which the files then hold
    // in place of this process's PE.
    void use_entries(std::vector<std::string> entries) { gathered_ = std::move(entries); }

    // Where the folded stacks of a profile written to `path` go.
    static std::filesystem::path folded_path(const std::filesystem::path& path);
    // Writes `path` and its folded stacks; throws std::runtime_error if it cannot.
    void write(const std::filesystem::path& path, const RunDescription& run) const;
    // The top functions over all PEs, for standard error.
    std::string summary(const std::filesystem::path& path) const;

private:
    std::string function_name(std::uint32_t function) const;
    // The gathered entries, or those of this process's PEs.
    std::vector<std::string> entries() const;

    ProgramLayout layout_;
    std::filesystem::path program_;
    bool cycle_mode_;
    bool regions_only_;
    mutable std::mutex mutex_;
    std::map<unsigned, std::unique_ptr<PeProfile>> pes_;
    std::vector<std::string> gathered_;
};

} // namespace xbemu
