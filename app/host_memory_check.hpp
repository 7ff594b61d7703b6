#pragma once
// Whether a job of many PEs fits the host, checked before any PE exists: a job too large for
// the host's memory or address space is refused in one line that names what it needs, rather
// than failing part way through start-up or being killed by the host.

#include "xbemu/elf_image.hpp"
#include "xbemu/machine_config.hpp"

namespace xbemu {

// Throws std::invalid_argument naming the memory the job needs when `pes` PEs of `config`
// running `image` in this process would not fit the host.
void check_host_memory(const MachineConfig& config, const ElfImage& image, unsigned pes);

} // namespace xbemu
