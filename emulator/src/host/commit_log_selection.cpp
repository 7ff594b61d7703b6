#include "xbemu/commit_log_selection.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace xbemu {

std::FILE* commit_log_of(const MachineConfig& config, unsigned pe) {
    const auto& chosen = config.commit_log_pes;
    if (chosen.empty() || std::find(chosen.begin(), chosen.end(), pe) != chosen.end()) {
        return config.commit_log;
    }
    return nullptr;
}

std::optional<std::string> commit_log_pes_error(const MachineConfig& config) {
    const auto& chosen = config.commit_log_pes;
    const auto outside = std::find_if(chosen.begin(), chosen.end(),
                                      [&](unsigned pe) { return pe >= config.pe_count; });
    if (outside == chosen.end()) {
        return std::nullopt;
    }
    return fmt::format("--log-pe {}: this job has PEs 0 to {}", *outside, config.pe_count - 1);
}

} // namespace xbemu
