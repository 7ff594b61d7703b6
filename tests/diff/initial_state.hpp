#pragma once
// The random architectural state a program starts from: registers, fcsr, the scratch buffer
// and the constant pool of special floating-point values.

#include "random_source.hpp"

#include <cstdint>
#include <vector>

namespace xbemu::random_program {

struct InitialState {
    std::vector<std::uint64_t> integer_registers; // x1..x31; the base register's entry is unused
    std::vector<std::uint64_t> fp_registers;      // f0..f31
    std::uint64_t fcsr = 0;                       // a valid rounding mode and random flags
    std::vector<std::uint64_t> scratch_buffer;
    std::vector<std::uint64_t> constant_pool; // singles first, then doubles
};

InitialState random_initial_state(RandomSource& random);

} // namespace xbemu::random_program
