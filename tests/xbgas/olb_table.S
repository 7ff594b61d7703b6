/* Object IDs from an OLB file (xbemu --olb, the file olb_table.txt that CMake writes):
 *     0x1000 -> PE 1, 4097 (0x1001) -> PE 0, 0x2000 -> PE 0x1
 * Needs at least two PEs. Each PE puts 0x5000 + its number into `mark`, then reads the marks
 * through the file's IDs and through the default IDs (which the file adds to, not replaces),
 * stores into PE 1's inbox through 0x1000 and counts itself in at PE 0 through 4097. An ID the
 * file does not list (0x1002) still faults. */
#include "xbgas_test.h"
#include "priv_macros.h"

#define SET_OBJECT(n, object)                \
    li t0, object;                           \
    XB_EADDIE(n, t0, 0)

#define TEST_MARK(number, object, expected)  \
    TEST_CASE(number, a6, expected, SET_OBJECT(15, object); la a5, mark; XB_ELD(a6, 0(a5)))

XBGAS_TEST_BEGIN
    XBGAS_SET_TRAP_HANDLER(recording_trap_handler)
    li t0, 0x5000
    add t0, t0, PE_ID
    la a5, mark
    sd t0, 0(a5)
    XBGAS_BARRIER

    TEST_MARK(1, 0x1000, 0x5001)
    TEST_MARK(2, 4097, 0x5000)
    TEST_MARK(3, 0x2000, 0x5001)
    TEST_MARK(4, 1, 0x5000)
    TEST_MARK(5, 2, 0x5001)
    TEST_PE_PATTERN(6, a6, 0x5000, 1, PE_ID, SET_OBJECT(15, 0); la a5, mark; XB_ELD(a6, 0(a5)))

    /* PE 1's inbox[this PE] = 0x6000 + this PE, through the raw form; PE 0's count += 1 */
    SET_OBJECT(17, 0x1000)
    la a5, inbox
    slli t0, PE_ID, 3
    add a5, a5, t0
    li a4, 0x6000
    add a4, a4, PE_ID
    XB_ERSD(a4, a5, 17)
    SET_OBJECT(15, 4097)
    la a5, count
    li a4, 1
    XB_EAMOADD_D(a6, a4, (a5))

    /* not in the file */
    SET_OBJECT(15, 0x1002)
    TEST_CASE(7, TRAP_CAUSE, CAUSE_LOAD_ACCESS_FAULT,
              la a5, mark; EXPECT_TRAP_AT(1f); XB_ELD(a6, 0(a5)); 1:)
    TEST_CASE(8, TRAP_CAUSE, CAUSE_STORE_ACCESS_FAULT,
              la a5, mark; EXPECT_TRAP_AT(1f); XB_ESD(a6, 0(a5)); 1:)
    XBGAS_BARRIER

    li t0, 1
    bne PE_ID, t0, 2f
    /* PE 1: every PE's store arrived */
    li TESTNUM, 9
    la a5, inbox
    li a4, 0x6000
    li a3, 0
1:  ld a6, 0(a5)
    bne a6, a4, test_fail
    addi a4, a4, 1
    addi a5, a5, 8
    addi a3, a3, 1
    bltu a3, PE_COUNT, 1b
2:  bnez PE_ID, 3f
    TEST_CASE_REG(10, a6, PE_COUNT, la a5, count; ld a6, 0(a5))
3:
    XBGAS_PASS
    RECORDING_TRAP_HANDLER
XBGAS_TEST_END

RVTEST_DATA_BEGIN
    XBGAS_TEST_DATA
    .balign 64
mark:
    .dword 0
count:
    .dword 0
    .balign 64
inbox:
    .fill 64, 8, 0
RVTEST_DATA_END
