/* Every xBGAS store (esb, esh, esw, esd; ersb, ersh, ersw, ersd, erse) into four places: object
 * ID 0 (this PE), this PE's own ID, the next PE's and the previous PE's. Each PE owns four 64-byte
 * slots, filled with 0xa5 before the first barrier: slot_local receives its own stores through
 * ID 0, slot_self those through its own ID, slot_from_previous the previous PE's (which address
 * it as their next PE) and slot_from_next the next PE's. After the second barrier each PE checks
 * its slots with ordinary loads. With two PEs the next and the previous PE are the same, with one
 * PE all four are this PE: the slots keep the writers apart.
 *
 * Every store writes V = STORE_VALUE + 0x0101010101010101 * writer (or E_VALUE + ... for erse),
 * so the bytes tell who wrote them, and a store that writes more than its width overwrites a
 * checked 0xa5 byte or part of the wider store before it. A slot reads (byte offsets):
 *     0      0xa5            16     0xa5            32..39  erse            48..55  esd -2048
 *     1      esb             17     ersb            40..47  0xa5            56..59  0xa5
 *     2..3   esh             18..19 ersh                                    60..63  esw +2047
 *     4..7   esw             20..23 ersw
 *     8..15  esd             24..31 ersd
 *
 * The e registers the store must not take its object ID from hold UNMAPPED_OBJECT: e14 (the
 * data register a4's) always, and for the raw forms e15 (the address register a5's) too. */
#include "xbgas_test.h"

#define STORE_VALUE 0x8877665544332211
#define E_VALUE 0x0123456789abcdef
#define WRITER_STEP 0x0101010101010101
#define FILL 0xa5a5a5a5a5a5a5a5

/* the doublewords of a slot */
#define SLOT_BYTES_0_7 0x44332211221111a5
#define SLOT_BYTES_0_7_STEP 0x0101010101010100
#define SLOT_BYTES_56_63 0x44332211a5a5a5a5
#define SLOT_BYTES_56_63_STEP 0x0101010100000000

#define POISON_EXTENDED(n)                   \
    li t0, UNMAPPED_OBJECT;                  \
    XB_EADDIE(n, t0, 0)

/* Stores V (in a4) and, through e20, the erse value into `slot` of the PE that `object` (a
 * register) names. The widths go from wide to narrow, each next to the one before, so that a
 * store wider than its width overwrites bytes already written. */
#define STORE_INTO(object, slot)             \
    POISON_EXTENDED(14);                     \
    XB_EADDIE(15, object, 0);                \
    la a5, slot;                             \
    XB_ESD(a4, 8(a5));                       \
    XB_ESW(a4, 4(a5));                       \
    XB_ESH(a4, 2(a5));                       \
    XB_ESB(a4, 1(a5));                       \
    la a5, slot + 48 + 2048;                 \
    XB_ESD(a4, -2048(a5));                   \
    la a5, slot + 60 - 2047;                 \
    XB_ESW(a4, 2047(a5));                    \
    XB_EADDIE(17, object, 0);                \
    POISON_EXTENDED(15);                     \
    la a5, slot + 24;                        \
    XB_ERSD(a4, a5, 17);                     \
    la a5, slot + 20;                        \
    XB_ERSW(a4, a5, 17);                     \
    la a5, slot + 18;                        \
    XB_ERSH(a4, a5, 17);                     \
    la a5, slot + 17;                        \
    XB_ERSB(a4, a5, 17);                     \
    la a5, slot + 32;                        \
    XB_ERSE(20, a5, 17)

#define TEST_SLOT_DWORD(number, slot, index, value, step, writer) \
    TEST_PE_PATTERN(number, a0, value, step, writer, la a1, slot; ld a0, 8 * (index)(a1))

/* Cases first .. first + 7: the doublewords of `slot`, written by PE `writer` (a register). */
#define TEST_SLOT(first, slot, writer)                                                 \
    TEST_SLOT_DWORD((first + 0), slot, 0, SLOT_BYTES_0_7, SLOT_BYTES_0_7_STEP, writer) \
    TEST_SLOT_DWORD((first + 1), slot, 1, STORE_VALUE, WRITER_STEP, writer)            \
    TEST_SLOT_DWORD((first + 2), slot, 2, SLOT_BYTES_0_7, SLOT_BYTES_0_7_STEP, writer) \
    TEST_SLOT_DWORD((first + 3), slot, 3, STORE_VALUE, WRITER_STEP, writer)            \
    TEST_SLOT_DWORD((first + 4), slot, 4, E_VALUE, WRITER_STEP, writer)                \
    TEST_SLOT_DWORD((first + 5), slot, 5, FILL, 0, writer)                             \
    TEST_SLOT_DWORD((first + 6), slot, 6, STORE_VALUE, WRITER_STEP, writer)            \
    TEST_SLOT_DWORD((first + 7), slot, 7, SLOT_BYTES_56_63, SLOT_BYTES_56_63_STEP, writer)

XBGAS_TEST_BEGIN
    /* fill the four slots (adjacent, 64 bytes each) with 0xa5 */
    la a1, slot_local
    li a2, FILL
    li a3, 32
1:  sd a2, 0(a1)
    addi a1, a1, 8
    addi a3, a3, -1
    bnez a3, 1b
    XBGAS_BARRIER

    li a4, WRITER_STEP
    mul a4, a4, PE_ID
    li a1, E_VALUE
    add a1, a1, a4
    XB_EADDIE(20, a1, 0)
    li a1, STORE_VALUE
    add a4, a4, a1

    li s4, 0
    STORE_INTO(s4, slot_local)
    addi s4, PE_ID, 1
    STORE_INTO(s4, slot_self)
    addi s4, NEXT_PE, 1
    STORE_INTO(s4, slot_from_previous)
    addi s4, PREVIOUS_PE, 1
    STORE_INTO(s4, slot_from_next)
    XBGAS_BARRIER

    TEST_SLOT(1, slot_local, PE_ID)
    TEST_SLOT(11, slot_self, PE_ID)
    TEST_SLOT(21, slot_from_previous, PREVIOUS_PE)
    TEST_SLOT(31, slot_from_next, NEXT_PE)

    XBGAS_PASS
XBGAS_TEST_END

RVTEST_DATA_BEGIN
    XBGAS_TEST_DATA
    .balign 64
slot_local:
    .fill 8, 8, 0
slot_self:
    .fill 8, 8, 0
slot_from_previous:
    .fill 8, 8, 0
slot_from_next:
    .fill 8, 8, 0
RVTEST_DATA_END
