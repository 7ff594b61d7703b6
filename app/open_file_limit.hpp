#pragma once
// The open files (ulimit -n) of a process are shared by the guests of all its PEs, whose
// semihosting opens take one each: the PEs themselves take none (they share one descriptor of
// the semihosting directory), so the number of PEs does not depend on the limit.

namespace xbemu {

// Raises the process's soft limit of open files to its hard limit, so that the guests' own
// files have all the room the host grants. Semihosting stops the job in one line naming the
// limit when the guests reach it.
void raise_open_file_limit();

} // namespace xbemu
