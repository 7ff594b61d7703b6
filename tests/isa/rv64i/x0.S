/* x0: writes from every instruction format are discarded (the register still reads 0 right
 * afterwards) and x0 as a source is zero. Many x0-destination forms are HINTs that must
 * execute as no-ops; loads to x0 still read memory. Assembled without RVC. */
#include "integer_macros.h"

RVTEST_CODE_BEGIN
    .option norvc

    TEST_CASE(1, a0, 0, li a0, 7; addi x0, x0, 5; addi a0, x0, 0)
    TEST_CASE(2, a0, 0, li a0, 7; lui x0, 0x12345; add a0, x0, x0)
    TEST_CASE(3, a0, 0, li a0, 7; auipc x0, 1; or a0, x0, x0)
    TEST_CASE(4, a0, 0, li a1, 3; li a2, 4; add x0, a1, a2; mv a0, x0)
    TEST_CASE(5, a0, 0, li a1, 3; sub x0, x0, a1; mv a0, x0)
    TEST_CASE(6, a0, 0, li a1, -1; slli x0, a1, 3; mv a0, x0)
    TEST_CASE(7, a0, 0, li a1, 0x123; addiw x0, a1, 1; mv a0, x0)
    TEST_CASE(8, a0, 0, li a1, 5; sltiu x0, a1, 7; mv a0, x0)
    TEST_CASE(9, a0, 0, li a1, -1; xor x0, a1, x0; mv a0, x0)
    TEST_CASE(10, a0, 0, la a1, x0_data; ld x0, 0(a1); mv a0, x0)
    TEST_CASE(11, a0, 0, la a1, x0_data; lbu x0, 0(a1); mv a0, x0)
    TEST_CASE(12, a0, 0, li a1, 6; li a2, 7; mul x0, a1, a2; mv a0, x0)
    TEST_CASE(13, a0, 0, li a1, 6; li a2, 7; divu x0, a1, a2; mv a0, x0)
    TEST_CASE(14, a0, 0, jal x0, 1f; 1: mv a0, x0)
    TEST_CASE(15, a0, 0, la a1, 1f; jalr x0, 0(a1); 1: mv a0, x0)

    /* x0 as a source. */
    TEST_CASE(16, a0, 0x1234, li a1, 0x1234; add a0, x0, a1)
    TEST_CASE(17, a0, -0x1234, li a1, 0x1234; sub a0, x0, a1)
    TEST_CASE(18, a0, 0x1234, li a1, 0x1234; sub a0, a1, x0)
    TEST_CASE(19, a0, 0x1234, li a1, 0x1234; sll a0, a1, x0)
    TEST_CASE(20, a0, 0, li a1, 0x1234; and a0, a1, x0)
    TEST_CASE(21, a0, -2048, addi a0, x0, -2048)
    TEST_CASE(22, a0, 0, li a0, 5; slt a0, x0, x0)
    TEST_CASE(23, a0, 0, la a1, x0_data; sd x0, 8(a1); ld a0, 8(a1))
    TEST_CASE(24, a0, 0xffffffffffffff00,
              la a1, x0_data; li a2, -1; sd a2, 8(a1); sb x0, 8(a1); ld a0, 8(a1))

    RVTEST_PASS
RVTEST_CODE_END

RVTEST_DATA_BEGIN
    .balign 8
x0_data:
    .dword 0x0123456789abcdef
    .dword 0x5555555555555555
RVTEST_DATA_END
