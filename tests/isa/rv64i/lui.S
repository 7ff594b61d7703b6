/* LUI: the 20-bit immediate lands in bits 31:12 and bit 31 is sign-extended into the upper half
 * on RV64. The file is assembled without RVC so that `lui` is never turned into c.lui. */
#include "integer_macros.h"

RVTEST_CODE_BEGIN
    .option norvc

    TEST_CASE(1, a0, 0, li a0, -1; lui a0, 0)
    TEST_CASE(2, a0, 0x1000, lui a0, 1)
    TEST_CASE(3, a0, 0x7ffff000, lui a0, 0x7ffff)
    TEST_CASE(4, a0, 0xffffffff80000000, lui a0, 0x80000)
    TEST_CASE(5, a0, 0xfffffffffffff000, lui a0, 0xfffff)
    TEST_CASE(6, a0, 0x12345000, lui a0, 0x12345)
    TEST_CASE(7, a0, 0xffffffffabcde000, lui a0, 0xabcde)
    /* The low 12 bits are zero, so an addi completes an arbitrary 32-bit constant. */
    TEST_CASE(8, a0, 0x12345678, lui a0, 0x12345; addi a0, a0, 0x678)
    TEST_CASE(9, a0, 0xfffffffffff80000, lui a0, 0x80000; srai a0, a0, 12)
    TEST_CASE(10, a0, 0xfffff, lui a0, 0x80000; srli a0, a0, 44)
    /* Destination registers at both ends of the register file (t5 and t6 belong to the harness). */
    TEST_CASE(11, ra, 0x55555000, lui ra, 0x55555)
    TEST_CASE(12, t4, 0xffffffffaaaaa000, lui t4, 0xaaaaa)

    RVTEST_PASS
RVTEST_CODE_END
