/* Operand patterns shared by the integer ISA tests (rv64i, rv64m, rv64a, rv64c, zifencei).
 *
 * Every pattern loads its operands with `li`, so the value under test is independent of earlier
 * cases, and checks the destination through TEST_CASE from test_macros.h. The aliasing variants
 * exist because an emulator that reads a source after writing the destination only fails when
 * the registers coincide.
 */
/* Macros for assembly files, laid out by hand. */
/* clang-format off */
#ifndef XBEMU_INTEGER_MACROS_H
#define XBEMU_INTEGER_MACROS_H

#include "test_macros.h"

/* a0 = inst(a1 = value1, a2 = value2) */
#define TEST_RR_OP(number, inst, expected, value1, value2) \
    TEST_CASE(number, a0, expected, li a1, value1; li a2, value2; inst a0, a1, a2)

/* rd is rs1 */
#define TEST_RR_DEST_IS_SRC1(number, inst, expected, value1, value2) \
    TEST_CASE(number, a1, expected, li a1, value1; li a2, value2; inst a1, a1, a2)

/* rd is rs2 */
#define TEST_RR_DEST_IS_SRC2(number, inst, expected, value1, value2) \
    TEST_CASE(number, a2, expected, li a1, value1; li a2, value2; inst a2, a1, a2)

/* rs1 is rs2 */
#define TEST_RR_SAME_SRC(number, inst, expected, value) \
    TEST_CASE(number, a0, expected, li a1, value; inst a0, a1, a1)

/* a0 = inst(a1 = value, immediate) */
#define TEST_IMM_OP(number, inst, expected, value, immediate) \
    TEST_CASE(number, a0, expected, li a1, value; inst a0, a1, immediate)

/* rd is rs1 */
#define TEST_IMM_DEST_IS_SRC(number, inst, expected, value, immediate) \
    TEST_CASE(number, a1, expected, li a1, value; inst a1, a1, immediate)

/* Forward branch: a0 = 1 when `inst a1, a2` is taken, 0 when it falls through. */
#define TEST_BRANCH_FORWARD(number, inst, taken, value1, value2) \
    TEST_CASE(number, a0, taken,                                 \
              li a1, value1; li a2, value2;                      \
              inst a1, a2, 1f;                                   \
              li a0, 0; j 2f;                                    \
          1:  li a0, 1;                                          \
          2:)

/* Backward branch: the target precedes the branch. */
#define TEST_BRANCH_BACKWARD(number, inst, taken, value1, value2) \
    TEST_CASE(number, a0, taken,                                  \
              li a1, value1; li a2, value2;                       \
              j 2f;                                               \
          1:  li a0, 1; j 3f;                                     \
          2:  inst a1, a2, 1b;                                    \
              li a0, 0;                                           \
          3:)

#endif
