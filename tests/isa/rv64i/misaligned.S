/* Misaligned loads and stores complete as if aligned (xbemu, like QEMU, handles them instead
 * of trapping): halfwords at odd addresses, words and doublewords at every misalignment,
 * including accesses that straddle an 8-byte boundary and a 4 KiB page boundary.
 * load_window and store_window each start 16 bytes before a page boundary, so offsets 9 to 15
 * straddle the page. Store cases refill store_window, store, and check the doubleword holding
 * the first byte written and the doubleword after it. Assembled without RVC. */
#include "integer_macros.h"

#define STORE_FILL_0 0xa7a6a5a4a3a2a1a0
#define STORE_FILL_1 0xafaeadacabaaa9a8
#define STORE_FILL_2 0xb7b6b5b4b3b2b1b0
#define STORE_FILL_3 0xbfbebdbcbbbab9b8

#define TEST_MISALIGNED_STORE(number, store, offset, value, check_offset, expected) \
    TEST_CASE(number, a0, expected,                                                 \
              la a2, store_window;                                                  \
              li a3, STORE_FILL_0; sd a3, 0(a2);                                    \
              li a3, STORE_FILL_1; sd a3, 8(a2);                                    \
              li a3, STORE_FILL_2; sd a3, 16(a2);                                   \
              li a3, STORE_FILL_3; sd a3, 24(a2);                                   \
              li a1, value; store a1, offset(a2);                                   \
              ld a0, check_offset(a2))

/* Another doubleword of store_window after the previous case. */
#define TEST_STORE_WINDOW(number, check_offset, expected) \
    TEST_CASE(number, a0, expected, la a2, store_window; ld a0, check_offset(a2))

RVTEST_CODE_BEGIN
    .option norvc

    TEST_CASE(1, a0, 0x000000000000470c, la a1, load_window; lh a0, 1(a1))
    TEST_CASE(2, a0, 0xffffffffffffbd82, la a1, load_window; lh a0, 3(a1))
    TEST_CASE(3, a0, 0xffffffffffffa96e, la a1, load_window; lh a0, 7(a1))
    TEST_CASE(4, a0, 0xffffffffffff8146, la a1, load_window; lh a0, 15(a1))
    TEST_CASE(5, a0, 0x000000000000470c, la a1, load_window; lhu a0, 1(a1))
    TEST_CASE(6, a0, 0x000000000000bd82, la a1, load_window; lhu a0, 3(a1))
    TEST_CASE(7, a0, 0x000000000000a96e, la a1, load_window; lhu a0, 7(a1))
    TEST_CASE(8, a0, 0x0000000000008146, la a1, load_window; lhu a0, 15(a1))
    TEST_CASE(9, a0, 0xffffffffbd82470c, la a1, load_window; lw a0, 1(a1))
    TEST_CASE(10, a0, 0xfffffffff8bd8247, la a1, load_window; lw a0, 2(a1))
    TEST_CASE(11, a0, 0x0000000033f8bd82, la a1, load_window; lw a0, 3(a1))
    TEST_CASE(12, a0, 0xffffffffa96e33f8, la a1, load_window; lw a0, 5(a1))
    TEST_CASE(13, a0, 0xffffffffe4a96e33, la a1, load_window; lw a0, 6(a1))
    TEST_CASE(14, a0, 0x000000001fe4a96e, la a1, load_window; lw a0, 7(a1))
    TEST_CASE(15, a0, 0xffffffff81460bd0, la a1, load_window; lw a0, 13(a1))
    TEST_CASE(16, a0, 0xffffffffbc81460b, la a1, load_window; lw a0, 14(a1))
    TEST_CASE(17, a0, 0xfffffffff7bc8146, la a1, load_window; lw a0, 15(a1))
    TEST_CASE(18, a0, 0x00000000bd82470c, la a1, load_window; lwu a0, 1(a1))
    TEST_CASE(19, a0, 0x00000000f8bd8247, la a1, load_window; lwu a0, 2(a1))
    TEST_CASE(20, a0, 0x0000000033f8bd82, la a1, load_window; lwu a0, 3(a1))
    TEST_CASE(21, a0, 0x00000000e4a96e33, la a1, load_window; lwu a0, 6(a1))
    TEST_CASE(22, a0, 0x0000000081460bd0, la a1, load_window; lwu a0, 13(a1))
    TEST_CASE(23, a0, 0x00000000f7bc8146, la a1, load_window; lwu a0, 15(a1))
    TEST_CASE(24, a0, 0xa96e33f8bd82470c, la a1, load_window; ld a0, 1(a1))
    TEST_CASE(25, a0, 0xe4a96e33f8bd8247, la a1, load_window; ld a0, 2(a1))
    TEST_CASE(26, a0, 0x1fe4a96e33f8bd82, la a1, load_window; ld a0, 3(a1))
    TEST_CASE(27, a0, 0x5a1fe4a96e33f8bd, la a1, load_window; ld a0, 4(a1))
    TEST_CASE(28, a0, 0x955a1fe4a96e33f8, la a1, load_window; ld a0, 5(a1))
    TEST_CASE(29, a0, 0xd0955a1fe4a96e33, la a1, load_window; ld a0, 6(a1))
    TEST_CASE(30, a0, 0x0bd0955a1fe4a96e, la a1, load_window; ld a0, 7(a1))
    TEST_CASE(31, a0, 0x81460bd0955a1fe4, la a1, load_window; ld a0, 9(a1))
    TEST_CASE(32, a0, 0xbc81460bd0955a1f, la a1, load_window; ld a0, 10(a1))
    TEST_CASE(33, a0, 0xf7bc81460bd0955a, la a1, load_window; ld a0, 11(a1))
    TEST_CASE(34, a0, 0x32f7bc81460bd095, la a1, load_window; ld a0, 12(a1))
    TEST_CASE(35, a0, 0x6d32f7bc81460bd0, la a1, load_window; ld a0, 13(a1))
    TEST_CASE(36, a0, 0xa86d32f7bc81460b, la a1, load_window; ld a0, 14(a1))
    TEST_CASE(37, a0, 0xe3a86d32f7bc8146, la a1, load_window; ld a0, 15(a1))

    TEST_MISALIGNED_STORE(38, sh, 1, 0x8e7f, 0, 0xa7a6a5a4a38e7fa0)
    TEST_STORE_WINDOW(39, 8, 0xafaeadacabaaa9a8)
    TEST_MISALIGNED_STORE(40, sh, 7, 0x8e7f, 0, 0x7fa6a5a4a3a2a1a0)
    TEST_STORE_WINDOW(41, 8, 0xafaeadacabaaa98e)
    TEST_MISALIGNED_STORE(42, sh, 15, 0x8e7f, 8, 0x7faeadacabaaa9a8)
    TEST_STORE_WINDOW(43, 16, 0xb7b6b5b4b3b2b18e)
    TEST_MISALIGNED_STORE(44, sw, 1, 0x8c7d6e5f, 0, 0xa7a6a58c7d6e5fa0)
    TEST_STORE_WINDOW(45, 8, 0xafaeadacabaaa9a8)
    TEST_MISALIGNED_STORE(46, sw, 2, 0x8c7d6e5f, 0, 0xa7a68c7d6e5fa1a0)
    TEST_STORE_WINDOW(47, 8, 0xafaeadacabaaa9a8)
    TEST_MISALIGNED_STORE(48, sw, 3, 0x8c7d6e5f, 0, 0xa78c7d6e5fa2a1a0)
    TEST_STORE_WINDOW(49, 8, 0xafaeadacabaaa9a8)
    TEST_MISALIGNED_STORE(50, sw, 6, 0x8c7d6e5f, 0, 0x6e5fa5a4a3a2a1a0)
    TEST_STORE_WINDOW(51, 8, 0xafaeadacabaa8c7d)
    TEST_MISALIGNED_STORE(52, sw, 13, 0x8c7d6e5f, 8, 0x7d6e5facabaaa9a8)
    TEST_STORE_WINDOW(53, 16, 0xb7b6b5b4b3b2b18c)
    TEST_MISALIGNED_STORE(54, sw, 15, 0x8c7d6e5f, 8, 0x5faeadacabaaa9a8)
    TEST_STORE_WINDOW(55, 16, 0xb7b6b5b4b38c7d6e)
    TEST_MISALIGNED_STORE(56, sd, 1, 0x8877665544332211, 0, 0x77665544332211a0)
    TEST_STORE_WINDOW(57, 8, 0xafaeadacabaaa988)
    TEST_MISALIGNED_STORE(58, sd, 4, 0x8877665544332211, 0, 0x44332211a3a2a1a0)
    TEST_STORE_WINDOW(59, 8, 0xafaeadac88776655)
    TEST_MISALIGNED_STORE(60, sd, 7, 0x8877665544332211, 0, 0x11a6a5a4a3a2a1a0)
    TEST_STORE_WINDOW(61, 8, 0xaf88776655443322)
    TEST_MISALIGNED_STORE(62, sd, 9, 0x8877665544332211, 8, 0x77665544332211a8)
    TEST_STORE_WINDOW(63, 16, 0xb7b6b5b4b3b2b188)
    TEST_MISALIGNED_STORE(64, sd, 12, 0x8877665544332211, 8, 0x44332211abaaa9a8)
    TEST_STORE_WINDOW(65, 16, 0xb7b6b5b488776655)
    TEST_MISALIGNED_STORE(66, sd, 15, 0x8877665544332211, 8, 0x11aeadacabaaa9a8)
    TEST_STORE_WINDOW(67, 16, 0xb788776655443322)

    /* A misaligned store read back by a load at the same misaligned address. */
    TEST_CASE(68, a0, 0xfedcba9876543210,
              la a2, store_window; li a1, 0xfedcba9876543210; sd a1, 11(a2); ld a0, 11(a2))
    TEST_CASE(69, a0, 0xffffffff87654321,
              la a2, store_window; li a1, 0x87654321; sw a1, 14(a2); lw a0, 14(a2))
    TEST_CASE(70, a0, 0xffffffffffff8001,
              la a2, store_window; li a1, 0x8001; sh a1, 15(a2); lh a0, 15(a2))

    RVTEST_PASS
RVTEST_CODE_END

RVTEST_DATA_BEGIN
    .balign 4096
    .skip 4096 - 16
load_window:
    .byte 0xd1, 0x0c, 0x47, 0x82, 0xbd, 0xf8, 0x33, 0x6e
    .byte 0xa9, 0xe4, 0x1f, 0x5a, 0x95, 0xd0, 0x0b, 0x46
    .byte 0x81, 0xbc, 0xf7, 0x32, 0x6d, 0xa8, 0xe3, 0x1e
    .byte 0x59, 0x94, 0xcf, 0x0a, 0x45, 0x80, 0xbb, 0xf6

    .balign 4096
    .skip 4096 - 16
store_window:
    .skip 32
RVTEST_DATA_END
