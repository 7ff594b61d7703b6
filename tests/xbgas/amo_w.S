/* The word remote atomics eamoswap.w, eamoadd.w, eamoxor.w, eamoor.w, eamoand.w, eamomin.w,
 * eamomax.w, eamominu.w, eamomaxu.w (some with aq/rl set), elr.w and esc.w, on the four places
 * of amo_d.S (object ID 0, own ID, next PE, previous PE; the same slot scheme). The old value
 * comes back sign-extended, only the low 32 bits of the operand count (comparisons are 32-bit,
 * signed or unsigned), and the other word of the doubleword never changes: a chain runs on the
 * low word of doubleword 0 and then on its high word (where an add overflows without carrying
 * into the next doubleword), and elr.w/esc.w on the low word of doubleword 1.
 *
 * Owners fill doubleword 0 = AMO_INITIAL + owner, 1 = LRSC_INITIAL + owner, 2 and 3 = FILL. After
 * the chains, doubleword 0 is 3 + 0x100 * writer and doubleword 1 LRSC_FINAL + writer.
 *
 * Registers as in amo_d.S: address a5 (object ID in e15), operand a7, destination a6, with e16
 * and e17 holding UNMAPPED_OBJECT. */
#include "xbgas_test.h"

#define AMO_INITIAL 0xa5a5a5a5a5a5a5a0
#define LRSC_INITIAL 0x5a5a5a5a92345670
#define LRSC_STORED 0xffffffff80000040
#define LRSC_FINAL 0x5a5a5a5a80000040
#define FILL 0xa5a5a5a5a5a5a5a5

#define POISON_EXTENDED(n)                   \
    li t0, UNMAPPED_OBJECT;                  \
    XB_EADDIE(n, t0, 0)

#define AMO(inst, address, operand)          \
    la a5, address;                          \
    li a7, operand;                          \
    inst(a6, a7, (a5))

#define TEST_AMO(number, inst, address, operand, old) \
    TEST_CASE_AT(number, a6, old, AMO(inst, address, operand))

#define AQ_ADD(rd, rs2, address) XB_EAMO(XB_AMO_ADD, XB_WIDTH_W, XB_ORDER_AQ, rd, rs2, address)
#define RL_XOR(rd, rs2, address) XB_EAMO(XB_AMO_XOR, XB_WIDTH_W, XB_ORDER_RL, rd, rs2, address)
#define AQRL_OR(rd, rs2, address) XB_EAMO(XB_AMO_OR, XB_WIDTH_W, XB_ORDER_AQRL, rd, rs2, address)

/* Cases first .. first + 23 on `slot` of the PE that `object` names, owned by PE `owner`. */
#define AMO_CHAIN(first, object, slot, owner)                                              \
    XB_EADDIE(15, object, 0);                                                              \
    POISON_EXTENDED(16);                                                                   \
    POISON_EXTENDED(17);                                                                   \
    TEST_PE_PATTERN((first + 0), a6, 0xffffffffa5a5a5a0, 1, owner,                         \
                    AMO(XB_EAMOSWAP_W, slot, 0xdeadbeef7ffffff0))                          \
    TEST_AMO((first + 1), AQ_ADD, slot, 0x20, 0x7ffffff0)                                  \
    TEST_AMO((first + 2), RL_XOR, slot, 0x12345678ff000001, 0xffffffff80000010)            \
    TEST_AMO((first + 3), AQRL_OR, slot, 0xf0000000, 0x7f000011)                           \
    TEST_AMO((first + 4), XB_EAMOAND_W, slot, 0x0ffff00f, 0xffffffffff000011)              \
    /* the operand is -5 as a word, a large positive number as a doubleword */             \
    TEST_AMO((first + 5), XB_EAMOMIN_W, slot, 0x00000000fffffffb, 0x0f000001)              \
    TEST_AMO((first + 6), XB_EAMOMIN_W, slot, 1, -5)                                       \
    TEST_AMO((first + 7), XB_EAMOMINU_W, slot, 1, -5)                                      \
    TEST_AMO((first + 8), XB_EAMOMAXU_W, slot, 0xfffffffe, 1)                              \
    TEST_AMO((first + 9), XB_EAMOMAX_W, slot, 3, -2)                                       \
    TEST_AMO((first + 10), XB_EAMOMAX_W, slot, 0xfffffff9, 3)                              \
    TEST_AMO((first + 11), XB_EAMOMAXU_W, slot, 2, 3)                                      \
    TEST_AMO((first + 12), XB_EAMOMINU_W, slot, 0xffffffff, 3)                             \
    TEST_CASE_AT((first + 13), a6, 3,                                                      \
                 la a5, slot; slli a7, PE_ID, 8; XB_EAMOADD_W(a6, a7, (a5)))               \
    /* the high word is still the fill */                                                  \
    TEST_PE_PATTERN((first + 14), a6, 0xa5a5a5a500000003, 0x100, PE_ID,                    \
                    la a5, slot; XB_ELD(a6, 0(a5)))                                        \
    /* the high word: overflow past bit 31 is lost, the next doubleword keeps its value */ \
    TEST_AMO((first + 15), XB_EAMOSWAP_W, slot + 4, 0x80000000, 0xffffffffa5a5a5a5)        \
    TEST_AMO((first + 16), XB_EAMOADD_W, slot + 4, 0x7fffffff, 0xffffffff80000000)         \
    TEST_AMO((first + 17), XB_EAMOADD_W, slot + 4, 1, -1)                                  \
    TEST_PE_PATTERN((first + 18), a6, 3, 0x100, PE_ID, la a5, slot; XB_ELD(a6, 0(a5)))     \
    /* elr.w sign-extends; esc.w stores the low word only and returns 0, then fails */     \
    TEST_PE_PATTERN((first + 19), a6, 0xffffffff92345670, 1, owner,                        \
                    la a5, slot + 8; XB_ELR_W(a6, (a5)))                                   \
    TEST_CASE_AT((first + 20), a6, 0,                                                      \
                 li a7, LRSC_STORED; add a7, a7, PE_ID; XB_ESC_W(a6, a7, (a5)))            \
    TEST_PE_PATTERN((first + 21), a6, LRSC_FINAL, 1, PE_ID, XB_ELD(a6, 0(a5)))             \
    TEST_CASE_AT((first + 22), a6, 1, li a7, 0; XB_ESC_W(a6, a7, (a5)); snez a6, a6)       \
    TEST_PE_PATTERN((first + 23), a6, LRSC_FINAL, 1, PE_ID, XB_ELD(a6, 0(a5)))

#define TEST_SLOT(first, slot, writer)                                            \
    TEST_PE_PATTERN((first + 0), a0, 3, 0x100, writer, la a1, slot; ld a0, 0(a1)) \
    TEST_PE_PATTERN((first + 1), a0, LRSC_FINAL, 1, writer, ld a0, 8(a1))         \
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
    AMO_CHAIN(25, s4, slot_self, PE_ID)
    addi s4, NEXT_PE, 1
    AMO_CHAIN(49, s4, slot_from_previous, NEXT_PE)
    addi s4, PREVIOUS_PE, 1
    AMO_CHAIN(73, s4, slot_from_next, PREVIOUS_PE)
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
