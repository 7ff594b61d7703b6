#pragma once
// Whether the PEs of this process fit its limit of open files (ulimit -n): each PE holds a
// descriptor of its semihosting directory, so that 32,768 PEs in a process under a limit of
// 20,000 would otherwise fail part way through start-up.

namespace xbemu {

// Raises the process's soft limit of open files towards its hard limit when `pes` PEs need
// more; throws std::invalid_argument naming both when even the hard limit is too low.
void fit_open_file_limit(unsigned pes);

} // namespace xbemu
