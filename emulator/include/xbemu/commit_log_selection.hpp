#pragma once
// Which PEs write the commit log (--log-pe), and the check of that choice against the job.

#include "xbemu/machine_config.hpp"

#include <optional>
#include <string>

namespace xbemu {

// The stream PE `pe` logs to: the configured commit log when the PE was chosen, else none.
std::FILE* commit_log_of(const MachineConfig& config, unsigned pe);

// Why the chosen PEs do not fit a job of config.pe_count PEs, or nothing when they do.
std::optional<std::string> commit_log_pes_error(const MachineConfig& config);

} // namespace xbemu
