/* Access faults of xBGAS accesses, caught by the program's own trap handler: an object ID no PE
 * answers to (UNMAPPED_OBJECT, the ID of PE N when there are N PEs, all ones) and a valid ID
 * with an address outside the target PE's RAM. Loads and elr raise a load access fault (cause
 * 5), stores, atomics and esc a store/AMO access fault (cause 7), with mtval = the address the
 * instruction computed and mepc = the instruction; the destination keeps its value. A valid
 * access afterwards still works. Each PE runs the cases on its own. */
#include "xbgas_test.h"
#include "priv_macros.h"

/* Expects `inst` to trap with `cause` at address a5 + `offset`; cases first .. first + 3: the
 * cause, mepc, mtval and a6 left alone. */
#define TEST_FAULT(first, cause, offset, inst...)                   \
    TEST_CASE_AT((first + 0), TRAP_CAUSE, cause,                    \
                 li a6, 0x1234; EXPECT_TRAP_AT(81f); 80: inst; 81:) \
    TEST_CASE_REG((first + 1), TRAP_EPC, t1, la t1, 80b)            \
    TEST_CASE_REG((first + 2), TRAP_TVAL, t1, addi t1, a5, offset)  \
    TEST_CASE_AT((first + 3), a6, 0x1234)

#define SET_OBJECT(n, object)                \
    li t0, object;                           \
    XB_EADDIE(n, t0, 0)

#define PAST_RAM UNMAPPED_PAST_RAM_ADDRESS

XBGAS_TEST_BEGIN
    XBGAS_SET_TRAP_HANDLER(recording_trap_handler)
    la s4, buffer
    li t0, 0x4400
    add t0, t0, PE_ID
    sd t0, 0(s4)

    /* an unmapped object ID in the register each form takes it from, a valid one elsewhere */
    SET_OBJECT(15, UNMAPPED_OBJECT)
    SET_OBJECT(16, 0)
    SET_OBJECT(17, 0)
    mv a5, s4
    TEST_FAULT(1, CAUSE_LOAD_ACCESS_FAULT, 8, XB_ELB(a6, 8(a5)))
    TEST_FAULT(5, CAUSE_LOAD_ACCESS_FAULT, -8, XB_ELD(a6, -8(a5)))
    TEST_FAULT(9, CAUSE_STORE_ACCESS_FAULT, 3, XB_ESB(a6, 3(a5)))
    TEST_FAULT(13, CAUSE_STORE_ACCESS_FAULT, 2040, XB_ESD(a6, 2040(a5)))
    TEST_FAULT(17, CAUSE_STORE_ACCESS_FAULT, 0, XB_EAMOADD_D(a6, a6, (a5)))
    TEST_FAULT(21, CAUSE_STORE_ACCESS_FAULT, 0, XB_EAMOSWAP_W(a6, a6, (a5)))
    TEST_FAULT(25, CAUSE_LOAD_ACCESS_FAULT, 0, XB_ELR_D(a6, (a5)))
    TEST_FAULT(29, CAUSE_STORE_ACCESS_FAULT, 0, XB_ESC_W(a6, a6, (a5)))

    SET_OBJECT(15, 0)
    SET_OBJECT(17, UNMAPPED_OBJECT)
    TEST_FAULT(33, CAUSE_LOAD_ACCESS_FAULT, 0, XB_ERLHU(a6, a5, 17))
    TEST_FAULT(37, CAUSE_STORE_ACCESS_FAULT, 0, XB_ERSW(a6, a5, 17))
    /* erle and erse: the extended register keeps its value too */
    SET_OBJECT(20, 0x777)
    TEST_FAULT(41, CAUSE_LOAD_ACCESS_FAULT, 0, XB_ERLE(20, a5, 17))
    TEST_CASE(45, a0, 0x777, XB_EADDI(a0, 20, 0))
    TEST_FAULT(46, CAUSE_STORE_ACCESS_FAULT, 0, XB_ERSE(20, a5, 17))
    /* e0 as the object register */
    SET_OBJECT(0, UNMAPPED_OBJECT)
    TEST_FAULT(50, CAUSE_LOAD_ACCESS_FAULT, 0, XB_ERLD(a6, a5, 0))

    /* one past the last PE: PE N does not exist */
    addi t0, PE_COUNT, 1
    XB_EADDIE(15, t0, 0)
    TEST_FAULT(54, CAUSE_LOAD_ACCESS_FAULT, 16, XB_ELW(a6, 16(a5)))
    TEST_FAULT(58, CAUSE_STORE_ACCESS_FAULT, 16, XB_ESH(a6, 16(a5)))
    /* all ones */
    XB_EADDIE(15, zero, -1)
    TEST_FAULT(62, CAUSE_LOAD_ACCESS_FAULT, 0, XB_ELD(a6, 0(a5)))

    /* valid object IDs, addresses outside RAM: past its end and below its start */
    addi t0, PE_ID, 1
    XB_EADDIE(15, t0, 0)
    li a5, PAST_RAM
    TEST_FAULT(66, CAUSE_LOAD_ACCESS_FAULT, 0, XB_ELD(a6, 0(a5)))
    addi t0, NEXT_PE, 1
    XB_EADDIE(15, t0, 0)
    XB_EADDIE(17, t0, 0)
    TEST_FAULT(70, CAUSE_STORE_ACCESS_FAULT, 8, XB_ESD(a6, 8(a5)))
    TEST_FAULT(74, CAUSE_STORE_ACCESS_FAULT, 0, XB_EAMOADD_W(a6, a6, (a5)))
    li a5, UNMAPPED_LOW_ADDRESS
    TEST_FAULT(78, CAUSE_LOAD_ACCESS_FAULT, 0, XB_ERLW(a6, a5, 17))
    TEST_FAULT(82, CAUSE_STORE_ACCESS_FAULT, 0, XB_ERSB(a6, a5, 17))
    /* object ID 0 is this PE: the same fault as a local access */
    XB_EADDIE(15, zero, 0)
    li a5, PAST_RAM
    TEST_FAULT(86, CAUSE_LOAD_ACCESS_FAULT, 0, XB_ELBU(a6, 0(a5)))

    /* after all that, the next PE's buffer is still reachable */
    XBGAS_BARRIER
    TEST_PE_PATTERN(90, a6, 0x4400, 1, NEXT_PE,
                    addi t0, NEXT_PE, 1; XB_EADDIE(15, t0, 0); mv a5, s4; XB_ELD(a6, 0(a5)))

    XBGAS_PASS
    RECORDING_TRAP_HANDLER
XBGAS_TEST_END

RVTEST_DATA_BEGIN
    XBGAS_TEST_DATA
    .balign 64
buffer:
    .dword 0
RVTEST_DATA_END
