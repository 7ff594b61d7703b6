/* The doubleword remote atomics eamoswap.d, eamoadd.d, eamoxor.d, eamoor.d, eamoand.d,
 * eamomin.d, eamomax.d, eamominu.d, eamomaxu.d (some with aq/rl set), elr.d and esc.d, on four
 * places: object ID 0, this PE's own ID, the next PE's and the previous PE's. Each PE owns four
 * 32-byte slots (see stores.S for who writes which) and fills them before the first barrier:
 * doubleword 0 = AMO_INITIAL + owner, 1 = LRSC_INITIAL + owner, 2 and 3 = FILL. Then every PE
 * runs one chain of atomics on each of its four targets, each case checking the old value an
 * atomic returns (the first one returns the owner's fill, which shows whose memory the chain
 * reached); the chain leaves 3 + 0x100 * writer and LRSC_STORED + writer. After the second
 * barrier each PE checks its slots with ordinary loads.
 *
 * The address register is a5 (so e15 holds the object ID), the operand a7 and the destination a6,
 * whose extended registers e17 and e16 hold UNMAPPED_OBJECT: an atomic that took its object ID
 * from the wrong field would trap. */
#include "xbgas_test.h"

#define AMO_INITIAL 0x0f0f0f0f0f0f0f00
#define LRSC_INITIAL 0x1111111111111100
#define LRSC_STORED 0x2222222222222200
#define FILL 0xa5a5a5a5a5a5a5a5

#define POISON_EXTENDED(n)                   \
    li t0, UNMAPPED_OBJECT;                  \
    XB_EADDIE(n, t0, 0)

/* a6 = the old value of atomic `inst` with operand `operand` on doubleword `index` of `slot` */
#define AMO(inst, slot, index, operand)      \
    la a5, slot + 8 * (index);               \
    li a7, operand;                          \
    inst(a6, a7, (a5))

#define TEST_AMO(number, inst, slot, operand, old) \
    TEST_CASE_AT(number, a6, old, AMO(inst, slot, 0, operand))

#define AQ_ADD(rd, rs2, address) XB_EAMO(XB_AMO_ADD, XB_WIDTH_D, XB_ORDER_AQ, rd, rs2, address)
#define RL_XOR(rd, rs2, address) XB_EAMO(XB_AMO_XOR, XB_WIDTH_D, XB_ORDER_RL, rd, rs2, address)
#define AQRL_OR(rd, rs2, address) XB_EAMO(XB_AMO_OR, XB_WIDTH_D, XB_ORDER_AQRL, rd, rs2, address)

/* Cases first .. first + 24 on `slot` of the PE that `object` names; `owner` is that PE's
 * number. */
#define AMO_CHAIN(first, object, slot, owner)                                            \
    XB_EADDIE(15, object, 0);                                                            \
    POISON_EXTENDED(16);                                                                 \
    POISON_EXTENDED(17);                                                                 \
    TEST_PE_PATTERN((first + 0), a6, AMO_INITIAL, 1, owner,                              \
                    AMO(XB_EAMOSWAP_D, slot, 0, 0x7ffffffffffffff0))                     \
    TEST_AMO((first + 1), AQ_ADD, slot, 0x20, 0x7ffffffffffffff0)                        \
    TEST_AMO((first + 2), RL_XOR, slot, 0xff00000000000001, 0x8000000000000010)          \
    TEST_AMO((first + 3), AQRL_OR, slot, 0xf0000000, 0x7f00000000000011)                 \
    TEST_AMO((first + 4), XB_EAMOAND_D, slot, 0x0ffffffff000000f, 0x7f000000f0000011)    \
    TEST_AMO((first + 5), XB_EAMOMIN_D, slot, -5, 0x0f000000f0000001)                    \
    TEST_AMO((first + 6), XB_EAMOMIN_D, slot, 1, -5)                                     \
    TEST_AMO((first + 7), XB_EAMOMINU_D, slot, 1, -5)                                    \
    TEST_AMO((first + 8), XB_EAMOMAXU_D, slot, -2, 1)                                    \
    TEST_AMO((first + 9), XB_EAMOMAX_D, slot, 3, -2)                                     \
    TEST_AMO((first + 10), XB_EAMOMAX_D, slot, -7, 3)                                    \
    TEST_AMO((first + 11), XB_EAMOMAXU_D, slot, 2, 3)                                    \
    TEST_AMO((first + 12), XB_EAMOMINU_D, slot, -1, 3)                                   \
    /* this PE's mark: memory = 3 + 0x100 * writer */                                    \
    TEST_CASE_AT((first + 13), a6, 3,                                                    \
                 la a5, slot; slli a7, PE_ID, 8; XB_EAMOADD_D(a6, a7, (a5)))             \
    TEST_PE_PATTERN((first + 14), a6, 3, 0x100, PE_ID, la a5, slot; XB_ELD(a6, 0(a5)))   \
    /* rd = x0 still changes memory */                                                   \
    TEST_PE_PATTERN((first + 15), a6, 0x5003, 0x100, PE_ID,                              \
                    la a5, slot; li a7, 0x5000; XB_EAMOXOR_D(zero, a7, (a5));            \
                    XB_EAMOXOR_D(a6, a7, (a5)))                                          \
    /* rd = rs2: the operand is read before the old value replaces it */                 \
    TEST_PE_PATTERN((first + 16), a7, 3, 0x100, PE_ID,                                   \
                    la a5, slot; li a7, 0x5000; XB_EAMOADD_D(a7, a7, (a5)))              \
    /* rd = rs1: the address is read before the old value replaces it */                 \
    TEST_PE_PATTERN((first + 17), a5, 0x5003, 0x100, PE_ID,                              \
                    la a5, slot; li a7, -0x5000; XB_EAMOADD_D(a5, a7, (a5)))             \
    TEST_PE_PATTERN((first + 18), a6, 3, 0x100, PE_ID, la a5, slot; XB_ELD(a6, 0(a5)))   \
    /* elr.d / esc.d: success writes and returns 0; a second esc.d has no reservation */ \
    TEST_PE_PATTERN((first + 19), a6, LRSC_INITIAL, 1, owner,                            \
                    la a5, slot + 8; XB_ELR_D(a6, (a5)))                                 \
    TEST_CASE_AT((first + 20), a6, 0,                                                    \
                 li a7, LRSC_STORED; add a7, a7, PE_ID; XB_ESC_D(a6, a7, (a5)))          \
    TEST_PE_PATTERN((first + 21), a6, LRSC_STORED, 1, PE_ID, XB_ELD(a6, 0(a5)))          \
    TEST_CASE_AT((first + 22), a6, 1,                                                    \
                 li a7, -1; XB_ESC_D(a6, a7, (a5)); snez a6, a6)                         \
    TEST_PE_PATTERN((first + 23), a6, LRSC_STORED, 1, PE_ID, XB_ELD(a6, 0(a5)))          \
    TEST_PE_PATTERN((first + 24), a6, LRSC_STORED, 1, PE_ID, XB_ELR_D(a6, (a5)))

/* Cases first .. first + 3: `slot` after PE `writer` ran its chain on it. */
#define TEST_SLOT(first, slot, writer)                                            \
    TEST_PE_PATTERN((first + 0), a0, 3, 0x100, writer, la a1, slot; ld a0, 0(a1)) \
    TEST_PE_PATTERN((first + 1), a0, LRSC_STORED, 1, writer, ld a0, 8(a1))        \
    TEST_CASE_AT((first + 2), a0, FILL, ld a0, 16(a1))                            \
    TEST_CASE_AT((first + 3), a0, FILL, ld a0, 24(a1))

#define FILL_SLOT(slot)                      \
    la a1, slot;                             \
    li a2, AMO_INITIAL;                      \
    add a2, a2, PE_ID;                       \
    sd a2, 0(a1);                            \
    li a2, LRSC_INITIAL;                     \
    add a2, a2, PE_ID;                       \
    sd a2, 8(a1);                            \
    li a2, FILL;                             \
    sd a2, 16(a1);                           \
    sd a2, 24(a1)

XBGAS_TEST_BEGIN
    FILL_SLOT(slot_local)
    FILL_SLOT(slot_self)
    FILL_SLOT(slot_from_previous)
    FILL_SLOT(slot_from_next)
    XBGAS_BARRIER

    li s4, 0
    AMO_CHAIN(1, s4, slot_local, PE_ID)
    addi s4, PE_ID, 1
    AMO_CHAIN(26, s4, slot_self, PE_ID)
    addi s4, NEXT_PE, 1
    AMO_CHAIN(51, s4, slot_from_previous, NEXT_PE)
    addi s4, PREVIOUS_PE, 1
    AMO_CHAIN(76, s4, slot_from_next, PREVIOUS_PE)
    XBGAS_BARRIER

    TEST_SLOT(101, slot_local, PE_ID)
    TEST_SLOT(105, slot_self, PE_ID)
    TEST_SLOT(109, slot_from_previous, PREVIOUS_PE)
    TEST_SLOT(113, slot_from_next, NEXT_PE)

    XBGAS_PASS
XBGAS_TEST_END

RVTEST_DATA_BEGIN
    XBGAS_TEST_DATA
    .balign 64
slot_local:
    .fill 4, 8, 0
slot_self:
    .fill 4, 8, 0
slot_from_previous:
    .fill 4, 8, 0
slot_from_next:
    .fill 4, 8, 0
RVTEST_DATA_END
