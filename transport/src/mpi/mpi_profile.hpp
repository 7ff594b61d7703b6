#pragma once
// Collecting every rank's part of --profile on rank 0, which writes the files.

#include "xbemu/processing_element.hpp"

namespace xbemu {

// Collective over MPI_COMM_WORLD, after the PE's run: hands rank 0's profile every rank's PE
// entry, in rank order. Does nothing (and takes no collective step) without --profile, which
// every rank has or none.
void gather_profile(ProcessingElement& pe);

} // namespace xbemu
