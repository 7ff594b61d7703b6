#include "memory_operands.hpp"

#include "registers.hpp"
#include "scratch_layout.hpp"

#include <fmt/format.h>

namespace xbemu::random_program {

namespace {

std::int64_t random_buffer_offset(RandomSource& random, unsigned width, bool aligned) {
    const std::int64_t last = scratch_buffer_bytes - width;
    const std::int64_t offset = random.between(0, last);
    return aligned ? offset - offset % width : offset;
}

} // namespace

std::string MemoryOperand::text() const {
    return fmt::format("{}({})", offset, integer_register(base));
}

MemoryOperand random_buffer_operand(GenerationContext& context, unsigned width) {
    RandomSource& random = context.random();
    const bool aligned = width == 1 || !random.percent(20);
    const std::int64_t buffer_offset = random_buffer_offset(random, width, aligned);
    MemoryOperand operand;
    if (random.percent(70)) {
        operand.base = base_register;
        operand.offset = buffer_offset;
        return operand;
    }
    // A temporary base anywhere from well before to well after the buffer gives negative and
    // large immediates while the sum stays inside.
    const std::int64_t displacement = random.between(-1024, 1536);
    operand.base = context.registers().address_register();
    operand.offset = buffer_offset - displacement;
    operand.setup.push_back({fmt::format("addi {}, {}, {}", integer_register(operand.base),
                                         integer_register(base_register), displacement),
                             false});
    return operand;
}

MemoryOperand random_atomic_operand(GenerationContext& context, unsigned width) {
    RandomSource& random = context.random();
    MemoryOperand operand;
    if (random.percent(15)) {
        operand.base = base_register;
        return operand;
    }
    operand.base = context.registers().address_register();
    operand.setup.push_back(
        {fmt::format("addi {}, {}, {}", integer_register(operand.base),
                     integer_register(base_register), random_buffer_offset(random, width, true)),
         false});
    return operand;
}

} // namespace xbemu::random_program
