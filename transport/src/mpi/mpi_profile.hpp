#pragma once
// Collecting every rank's part of --profile on rank 0, which writes the files.

#include "xbemu/processing_element.hpp"

#include <vector>

namespace xbemu {

// Collective over MPI_COMM_WORLD, after the PEs' run: hands rank 0's profile every PE's entry,
// in PE order. `pes`: this rank's, as many on every rank, in PE order. Does nothing (and takes
// no collective step) without --profile, which every rank has or none.
void gather_profile(const std::vector<ProcessingElement*>& pes);

} // namespace xbemu
