/* AUIPC: rd = pc + sign-extended (imm << 12), where pc is the address of the auipc itself.
 * Each case subtracts the address of the auipc (taken from a label) so the result does not
 * depend on where the program is loaded. Assembled without RVC. */
#include "integer_macros.h"

RVTEST_CODE_BEGIN
    .option norvc

    TEST_CASE(1, a0, 0, 1: auipc a0, 0; la a1, 1b; sub a0, a0, a1)
    TEST_CASE(2, a0, 0x1000, 1: auipc a0, 1; la a1, 1b; sub a0, a0, a1)
    TEST_CASE(3, a0, 0x7ffff000, 1: auipc a0, 0x7ffff; la a1, 1b; sub a0, a0, a1)
    TEST_CASE(4, a0, -0x1000, 1: auipc a0, 0xfffff; la a1, 1b; sub a0, a0, a1)
    /* The offset is sign-extended to 64 bits: pc + 0xffffffff80000000, not pc + 0x80000000. */
    TEST_CASE(5, a0, -0x80000000, 1: auipc a0, 0x80000; la a1, 1b; sub a0, a0, a1)
    TEST_CASE(6, a0, 0xffffffffabcde000, 1: auipc a0, 0xabcde; la a1, 1b; sub a0, a0, a1)
    /* The pc of a later auipc is 4 bytes further on. */
    TEST_CASE(7, a0, 4, auipc a1, 0; auipc a0, 0; sub a0, a0, a1)
    /* %pcrel_hi/%pcrel_lo pairs reach data through auipc. */
    TEST_CASE(8, a0, 0x0123456789abcdef,
              1: auipc a1, %pcrel_hi(auipc_data); ld a0, %pcrel_lo(1b)(a1))
    TEST_CASE(9, a0, 0x0123456789abcdef,
              1: auipc a1, %pcrel_hi(auipc_data); addi a1, a1, %pcrel_lo(1b); ld a0, 0(a1))
    TEST_CASE(10, t4, 0x2000, 1: auipc t4, 2; la a1, 1b; sub t4, t4, a1)

    RVTEST_PASS
RVTEST_CODE_END

RVTEST_DATA_BEGIN
auipc_data:
    .dword 0x0123456789abcdef
RVTEST_DATA_END
