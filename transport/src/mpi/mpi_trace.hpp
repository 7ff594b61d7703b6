#pragma once
// --trace under mpirun: every rank's PE recorded its own events; rank 0 writes the one file.

#include "xbemu/cycle_trace.hpp"

#include <vector>

namespace xbemu {

// Collective. `local`: the traces of this rank's PEs, in PE order. Rank 0 gets every PE's
// events, in PE order, and whether any PE dropped some; the other ranks get nothing.
void gather_trace(const std::vector<const CycleTrace*>& local, std::vector<TraceEvent>& all,
                  bool& truncated);

} // namespace xbemu
