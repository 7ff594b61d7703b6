#include "initial_state.hpp"

#include "registers.hpp"
#include "scratch_layout.hpp"
#include "special_values.hpp"

namespace xbemu::random_program {

InitialState random_initial_state(RandomSource& random) {
    InitialState state;
    for (int index = 1; index < 32; ++index) {
        state.integer_registers.push_back(interesting_integer(random));
    }
    for (unsigned index = 0; index < 32; ++index) {
        const bool single = holds_singles(index) != random.percent(15);
        state.fp_registers.push_back(single ? interesting_single_register_bits(random)
                                            : interesting_double_bits(random));
    }
    const std::uint64_t rounding_mode = random.below(5);
    const std::uint64_t flags = random.below(32);
    state.fcsr = rounding_mode << 5 | flags;
    for (int index = 0; index < scratch_buffer_bytes / 8; ++index) {
        switch (random.below(3)) {
        case 0:
            state.scratch_buffer.push_back(interesting_integer(random));
            break;
        case 1:
            state.scratch_buffer.push_back(interesting_fp_register_bits(random));
            break;
        default:
            state.scratch_buffer.push_back(random.next());
            break;
        }
    }
    for (int index = 0; index < constant_pool_entries; ++index) {
        state.constant_pool.push_back(index < constant_pool_entries / 2
                                          ? interesting_single_register_bits(random)
                                          : interesting_double_bits(random));
    }
    return state;
}

} // namespace xbemu::random_program
