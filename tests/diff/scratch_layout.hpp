#pragma once
// The data area the base register points at. Random instructions read and write only the
// scratch buffer; they also load from the constant pool after it, and the report stores the
// final register values behind both (checkpoints borrow that area's first doubleword before).
// Every offset fits a 12-bit load/store immediate.

namespace xbemu::random_program {

// 512 bytes is exactly what c.ldsp/c.sdsp reach (offsets up to 504 plus 8 bytes).
inline constexpr int scratch_buffer_bytes = 512;
inline constexpr int constant_pool_offset = scratch_buffer_bytes;
inline constexpr int constant_pool_entries = 64;
inline constexpr int report_values_offset = constant_pool_offset + constant_pool_entries * 8;
inline constexpr int checkpoint_spill_offset = report_values_offset;

} // namespace xbemu::random_program
