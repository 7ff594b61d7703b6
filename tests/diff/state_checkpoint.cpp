#include "state_checkpoint.hpp"

#include "registers.hpp"
#include "scratch_layout.hpp"
#include "state_record.hpp"

#include <fmt/format.h>

namespace xbemu::random_program {

InstructionGroup state_checkpoint(std::size_t index) {
    const std::string sp = integer_register(base_register);
    const auto slot = [](int entry) { return entry * 8; };
    InstructionGroup group;
    // x31 becomes the record pointer and x30 the temporary, both saved first and restored last.
    group.add(fmt::format("sd x31, {}({})", checkpoint_spill_offset, sp));
    group.add(fmt::format("la x31, {}+{}", checkpoint_area_label, index * state_record_bytes));
    for (int number = 1; number <= 30; ++number) {
        group.add(fmt::format("sd x{}, {}(x31)", number, slot(integer_register_slot(number))));
    }
    for (int number = 0; number < 32; ++number) {
        group.add(fmt::format("fsd f{}, {}(x31)", number, slot(fp_register_slot(number))));
    }
    group.add(fmt::format("ld x30, {}({})", checkpoint_spill_offset, sp));
    group.add(fmt::format("sd x30, {}(x31)", slot(integer_register_slot(31))));
    group.add("csrr x30, fcsr");
    group.add(fmt::format("sd x30, {}(x31)", slot(fcsr_slot)));
    group.add(fmt::format("ld x30, {}(x31)", slot(integer_register_slot(30))));
    group.add(fmt::format("ld x31, {}({})", checkpoint_spill_offset, sp));
    return group;
}

} // namespace xbemu::random_program
