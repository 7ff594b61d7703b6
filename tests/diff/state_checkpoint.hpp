#pragma once
// Checkpoints make intermediate results observable: most random results are overwritten long
// before the final report, so every so often the complete architectural state is stored into
// a record of its own, and the report prints a hash of all records.

#include "instruction_group.hpp"

#include <cstddef>

namespace xbemu::random_program {

// Random instructions between checkpoints (at least; a checkpoint waits until no forward
// transfer is pending, so that no branch can skip it).
inline constexpr std::size_t checkpoint_interval = 16;

inline constexpr const char* checkpoint_area_label = "checkpoint_records";

// Saves x1..x31, f0..f31 and fcsr into checkpoint record `index` and leaves them unchanged.
InstructionGroup state_checkpoint(std::size_t index);

} // namespace xbemu::random_program
