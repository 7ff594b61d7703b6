/* FENCE in all its predecessor/successor forms, fence.tso and pause: on a single hart they
 * order nothing visible, so each case checks that memory traffic around the fence behaves as
 * without it and that no register changes. An emulator that decodes a variant as illegal exits
 * with 255. Assembled without RVC. */
#include "integer_macros.h"

/* Store a value, fence, load it back, and add a register that the fence must not touch. */
#define TEST_FENCE(number, barrier...)                                 \
    TEST_CASE(number, a0, 0x1122334455667788 + number,                 \
              la a1, fence_data; li a2, 0x1122334455667788;            \
              li a3, number; sd x0, 0(a1);                             \
              sd a2, 0(a1); barrier; ld a0, 0(a1); add a0, a0, a3)

RVTEST_CODE_BEGIN
    .option norvc

    TEST_FENCE(1, fence)
    TEST_FENCE(2, fence rw, rw)
    TEST_FENCE(3, fence iorw, iorw)
    TEST_FENCE(4, fence w, r)
    TEST_FENCE(5, fence r, w)
    TEST_FENCE(6, fence w, w)
    TEST_FENCE(7, fence r, r)
    TEST_FENCE(8, fence i, o)
    TEST_FENCE(9, fence o, i)
    TEST_FENCE(10, fence.tso)
    /* pause (Zihintpause) is fence w, 0; older assemblers do not know the mnemonic. */
    TEST_FENCE(11, .word 0x0100000f)

    RVTEST_PASS
RVTEST_CODE_END

RVTEST_DATA_BEGIN
    .balign 8
fence_data:
    .dword 0
RVTEST_DATA_END
