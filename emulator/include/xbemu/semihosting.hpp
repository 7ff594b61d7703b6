#pragma once
// RISC-V semihosting (the ARM semihosting operation set, reached through the
// `slli x0,x0,0x1f; ebreak; srai x0,x0,7` sequence). Host file access is confined to one
// directory; standard streams are reached through the special name ":tt".

#include "xbemu/guest_memory_access.hpp"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace xbemu {

class CheckpointReader;
class CheckpointWriter;
class SemihostingDirectory;

struct SemihostingConfig {
    // Files the guest opens, removes or renames must lie inside this directory. Every
    // Semihosting of the process that names it shares one descriptor of it; the guest's own
    // files take one each.
    std::filesystem::path root = ".";
    // What SYS_GET_CMDLINE returns: the guest's arguments joined by spaces (without the program
    // path, as QEMU returns its -semihosting-config arg= list).
    std::string command_line;
    // SYS_SYSTEM runs host shell commands only when the user allowed it.
    bool allow_system = false;
    // SYS_HEAPINFO answers (0 means "unknown" to the C library).
    std::uint64_t heap_base = 0;
    std::uint64_t heap_limit = 0;
    std::uint64_t stack_base = 0;
    std::uint64_t stack_limit = 0;
    // SYS_TICKFREQ: frequency of the guest tick counter passed to call().
    std::uint64_t tick_frequency = 1'000'000'000;
    // SYS_CLOCK counts the guest's ticks (simulated time, the same on every run) rather than
    // the host's time since start-up.
    bool clock_from_ticks = false;
    std::FILE* input = stdin;
    std::FILE* output = stdout;
    std::FILE* error = stderr;
};

// xbemu's operation in the range ARM leaves to applications (0x100-0x1FF): a1 holds an exit
// status; every PE of the job stops and the job ends with that status (shmem_global_exit).
constexpr std::uint64_t kSemihostingExitJob = 0x100;

struct SemihostingOutcome {
    std::uint64_t a0 = 0;           // value the guest sees in a0
    std::optional<int> exit_status; // set when the guest asked to stop (SYS_EXIT...)
    bool ends_job = false;          // with exit_status: the whole job stops (kSemihostingExitJob)
};

class Semihosting {
public:
    explicit Semihosting(SemihostingConfig config);
    ~Semihosting();
    Semihosting(const Semihosting&) = delete;
    Semihosting& operator=(const Semihosting&) = delete;

    // Performs operation `operation` (a0) with parameter `parameter` (a1). `elapsed_ticks` is
    // the guest's tick counter for SYS_ELAPSED. Guest memory faults inside a call are reported
    // to the guest as an error return (-1 with errno EFAULT), never as a host crash.
    SemihostingOutcome call(std::uint64_t operation, std::uint64_t parameter,
                            GuestMemoryAccess& memory, std::uint64_t elapsed_ticks);

    const SemihostingConfig& config() const { return config_; }

    // --checkpoint, --restore: the guest's open files (standard streams and the features
    // pseudo-file) and handle numbering. Throws CheckpointError when the guest has a host file
    // open, which a checkpoint cannot hold.
    void save_checkpoint(CheckpointWriter& out) const;
    void restore_checkpoint(CheckpointReader& in);

private:
    struct OpenFile;
    SemihostingConfig config_;
    std::map<std::uint64_t, OpenFile> files_;
    std::uint64_t next_handle_ = 1;
    int last_errno_ = 0;
    std::uint64_t start_nanoseconds_ = 0;
    std::shared_ptr<const SemihostingDirectory> root_;
};

} // namespace xbemu
