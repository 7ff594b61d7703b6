/* The state a PE starts in: e10 = its number, e11 = the number of PEs, e12/e13 = size and base
 * of the symmetric region (base = RAM base + RAM/2, size = RAM/2 - 1 MiB), every other extended
 * register zero, misa's X bit set. Built once per expected PE count and RAM size
 * (-DEXPECTED_PES, -DEXPECTED_RAM_MIB). Also: the PE numbers are 0..N-1 without repeats, and the
 * symmetric region is the same, usable memory on every PE from its first to its last doubleword.
 * The misa case comes last, so that the single-PE QEMU model (which cannot set misa) passes
 * everything before it. */
#include "xbgas_test.h"

#define RAM_BYTES (EXPECTED_RAM_MIB * 0x100000)
#define SYMMETRIC_BASE (0x80000000 + RAM_BYTES / 2)
#define SYMMETRIC_SIZE (RAM_BYTES / 2 - 0x100000)

#define TEST_EREG_ZERO(number, extended_register) \
    TEST_CASE(number, a0, 0, li a0, -1; XB_EADDI(a0, extended_register, 0))

XBGAS_TEST_BEGIN
    /* Before anything writes an extended register. */
    TEST_EREG_ZERO(1, 0)
    TEST_EREG_ZERO(2, 1)
    TEST_EREG_ZERO(3, 2)
    TEST_EREG_ZERO(4, 3)
    TEST_EREG_ZERO(5, 4)
    TEST_EREG_ZERO(6, 5)
    TEST_EREG_ZERO(7, 6)
    TEST_EREG_ZERO(8, 7)
    TEST_EREG_ZERO(9, 8)
    TEST_EREG_ZERO(10, 9)
    TEST_EREG_ZERO(14, 14)
    TEST_EREG_ZERO(15, 15)
    TEST_EREG_ZERO(16, 16)
    TEST_EREG_ZERO(17, 17)
    TEST_EREG_ZERO(18, 18)
    TEST_EREG_ZERO(19, 19)
    TEST_EREG_ZERO(20, 20)
    TEST_EREG_ZERO(21, 21)
    TEST_EREG_ZERO(22, 22)
    TEST_EREG_ZERO(23, 23)
    TEST_EREG_ZERO(24, 24)
    TEST_EREG_ZERO(25, 25)
    TEST_EREG_ZERO(26, 26)
    TEST_EREG_ZERO(27, 27)
    TEST_EREG_ZERO(28, 28)
    TEST_EREG_ZERO(29, 29)
    TEST_EREG_ZERO(30, 30)
    TEST_EREG_ZERO(31, 31)

    TEST_CASE(40, PE_COUNT, EXPECTED_PES)
    TEST_CASE(41, a0, 1, sltu a0, PE_ID, PE_COUNT)
    TEST_CASE(42, a0, SYMMETRIC_SIZE, XB_EADDI(a0, XB_EREG_SYMMETRIC_SIZE, 0))
    TEST_CASE(43, a0, SYMMETRIC_BASE, XB_EADDI(a0, XB_EREG_SYMMETRIC_BASE, 0))
    /* reading them leaves them unchanged */
    TEST_CASE_REG(44, a0, PE_ID, XB_EADDI(a0, XB_EREG_PE_ID, 0))
    TEST_CASE_REG(45, a0, PE_COUNT, XB_EADDI(a0, XB_EREG_PE_COUNT, 0))

    /* Each PE sets its bit in PE 0's mask and counts itself in there, and writes its number
     * into the first and the last doubleword of the next PE's symmetric region. */
    la a1, pe_mask
    XB_EADDIE(11, zero, 1)
    li a2, 1
    sll a2, a2, PE_ID
    XB_EAMOOR_D(a0, a2, (a1))
    la a1, pe_count
    XB_EADDIE(11, zero, 1)
    li a2, 1
    XB_EAMOADD_D(a0, a2, (a1))
    XB_EADDI(a1, XB_EREG_SYMMETRIC_BASE, 0)
    addi a2, NEXT_PE, 1
    XB_EADDIE(11, a2, 0)
    addi a3, PE_ID, 0x100
    XB_ESD(a3, 0(a1))
    XB_EADDI(a4, XB_EREG_SYMMETRIC_SIZE, -8)
    add a1, a1, a4
    XB_EADDIE(11, a2, 0)
    addi a3, PE_ID, 0x200
    XB_ESD(a3, 0(a1))
    XBGAS_BARRIER

    TEST_PE_PATTERN(46, a0, 0x100, 1, PREVIOUS_PE, li a1, SYMMETRIC_BASE; ld a0, 0(a1))
    TEST_PE_PATTERN(47, a0, 0x200, 1, PREVIOUS_PE,
                    li a1, SYMMETRIC_BASE + SYMMETRIC_SIZE - 8; ld a0, 0(a1))
    bnez PE_ID, 1f
    /* (1 << N) - 1: every number below N, none twice (a repeat would leave a bit clear) */
    TEST_CASE_REG(48, a0, a2,
                  la a1, pe_mask; ld a0, 0(a1); li a2, 1; sll a2, a2, PE_COUNT; addi a2, a2, -1)
    TEST_CASE_REG(49, a0, PE_COUNT, la a1, pe_count; ld a0, 0(a1))
1:
    TEST_CASE(100, a0, 1, csrr a0, misa; srli a0, a0, 23; andi a0, a0, 1)
    XBGAS_PASS
XBGAS_TEST_END

RVTEST_DATA_BEGIN
    XBGAS_TEST_DATA
pe_mask:
    .dword 0
pe_count:
    .dword 0
RVTEST_DATA_END
