#pragma once
// --trace under mpirun: every rank's PE recorded its own events; rank 0 writes the one file.

#include "xbemu/cycle_trace.hpp"

#include <vector>

namespace xbemu {

// Collective. Rank 0 gets every rank's events and whether any rank dropped some; the other
// ranks get nothing.
void gather_trace(const CycleTrace& local, std::vector<TraceEvent>& all, bool& truncated);

} // namespace xbemu
