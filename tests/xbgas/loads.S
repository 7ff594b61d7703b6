/* Every xBGAS load (elb, elh, elw, eld, elbu, elhu; erlb, erlh, erlw, erld, erlbu, erlhu, erle)
 * from four places: object ID 0 (this PE), this PE's own ID, the next PE's and the previous
 * PE's. Each PE p first fills its 32-byte `pattern`: byte i is 0x80 + i + 0x10 * p for i < 16
 * and i - 16 + 0x10 * p above, so the value read tells which PE it came from, and bytes 0-15
 * have their top bit set (sign extension fills ones) while bytes 16-31 have it clear.
 *
 * The registers the instruction must not take its object ID from hold UNMAPPED_OBJECT: for the
 * base forms the e register of rd, for the raw forms those of rd and rs1. An implementation that
 * reads the wrong field traps, which exits with 255.
 *
 * Registers: a5 is the base or address register, e15 (a5's) the base forms' object ID, e17 the
 * raw forms'; a6 receives the value; s4 holds the object ID under test and s5 the PE it reaches. */
#include "xbgas_test.h"

/* Bytes 0-7, 8-15, 16-23, 24-31 of the pattern of PE 0; PE p adds p * PATTERN_STEP. */
#define PATTERN_0 0x8786858483828180
#define PATTERN_1 0x8f8e8d8c8b8a8988
#define PATTERN_2 0x0706050403020100
#define PATTERN_3 0x0f0e0d0c0b0a0908
#define PATTERN_STEP 0x1010101010101010

#define BYTE_STEP 0x10
#define HALF_STEP 0x1010
#define WORD_STEP 0x10101010

#define POISON_EXTENDED(n)                   \
    li t0, UNMAPPED_OBJECT;                  \
    XB_EADDIE(n, t0, 0)

/* base form: e15 = the object, e16 (rd's) = poison, a5 = pattern + base_offset */
#define BASE_LOAD(inst, base_offset, immediate) \
    XB_EADDIE(15, s4, 0);                       \
    POISON_EXTENDED(16);                        \
    la a5, pattern + (base_offset);             \
    inst(a6, immediate(a5))

/* raw form: e17 = the object, e15 (rs1's) and e16 (rd's) = poison, a5 = pattern + offset */
#define RAW_LOAD(inst, offset)               \
    XB_EADDIE(17, s4, 0);                    \
    POISON_EXTENDED(15);                     \
    POISON_EXTENDED(16);                     \
    la a5, pattern + (offset);               \
    inst(a6, a5, 17)

#define TEST_BASE_LOAD(number, inst, base_offset, immediate, value, step) \
    TEST_PE_PATTERN(number, a6, value, step, s5, BASE_LOAD(inst, base_offset, immediate))
#define TEST_RAW_LOAD(number, inst, offset, value, step) \
    TEST_PE_PATTERN(number, a6, value, step, s5, RAW_LOAD(inst, offset))

/* 29 cases, numbered first .. first + 28. */
#define LOAD_CASES(first)                                                             \
    TEST_BASE_LOAD((first + 0), XB_ELB, 0, 1, 0xffffffffffffff81, BYTE_STEP)          \
    TEST_BASE_LOAD((first + 1), XB_ELB, 0, 17, 0x01, BYTE_STEP)                       \
    TEST_BASE_LOAD((first + 2), XB_ELBU, 0, 1, 0x81, BYTE_STEP)                       \
    TEST_BASE_LOAD((first + 3), XB_ELBU, 0, 17, 0x01, BYTE_STEP)                      \
    TEST_BASE_LOAD((first + 4), XB_ELH, 0, 2, 0xffffffffffff8382, HALF_STEP)          \
    TEST_BASE_LOAD((first + 5), XB_ELH, 0, 18, 0x0302, HALF_STEP)                     \
    TEST_BASE_LOAD((first + 6), XB_ELHU, 0, 2, 0x8382, HALF_STEP)                     \
    TEST_BASE_LOAD((first + 7), XB_ELHU, 0, 18, 0x0302, HALF_STEP)                    \
    TEST_BASE_LOAD((first + 8), XB_ELW, 0, 4, 0xffffffff87868584, WORD_STEP)          \
    TEST_BASE_LOAD((first + 9), XB_ELW, 0, 20, 0x07060504, WORD_STEP)                 \
    TEST_BASE_LOAD((first + 10), XB_ELD, 0, 8, PATTERN_1, PATTERN_STEP)               \
    TEST_BASE_LOAD((first + 11), XB_ELD, 0, 24, PATTERN_3, PATTERN_STEP)              \
    /* negative and extreme immediates */                                             \
    TEST_BASE_LOAD((first + 12), XB_ELB, 32, -31, 0xffffffffffffff81, BYTE_STEP)      \
    TEST_BASE_LOAD((first + 13), XB_ELHU, 32, -14, 0x0302, HALF_STEP)                 \
    TEST_BASE_LOAD((first + 14), XB_ELD, 32, -32, PATTERN_0, PATTERN_STEP)            \
    TEST_BASE_LOAD((first + 15), XB_ELD, 8 - 2047 + 7, 2040, PATTERN_1, PATTERN_STEP) \
    TEST_BASE_LOAD((first + 16), XB_ELW, 16 + 2048, -2048, 0x03020100, WORD_STEP)     \
    /* the destination is the base register: the address is read first */             \
    TEST_PE_PATTERN((first + 17), a5, PATTERN_2, PATTERN_STEP, s5,                    \
                    XB_EADDIE(15, s4, 0); la a5, pattern; XB_ELD(a5, 16(a5)))         \
    TEST_RAW_LOAD((first + 18), XB_ERLB, 1, 0xffffffffffffff81, BYTE_STEP)            \
    TEST_RAW_LOAD((first + 19), XB_ERLB, 17, 0x01, BYTE_STEP)                         \
    TEST_RAW_LOAD((first + 20), XB_ERLBU, 1, 0x81, BYTE_STEP)                         \
    TEST_RAW_LOAD((first + 21), XB_ERLH, 2, 0xffffffffffff8382, HALF_STEP)            \
    TEST_RAW_LOAD((first + 22), XB_ERLH, 18, 0x0302, HALF_STEP)                       \
    TEST_RAW_LOAD((first + 23), XB_ERLHU, 2, 0x8382, HALF_STEP)                       \
    TEST_RAW_LOAD((first + 24), XB_ERLW, 4, 0xffffffff87868584, WORD_STEP)            \
    TEST_RAW_LOAD((first + 25), XB_ERLW, 20, 0x07060504, WORD_STEP)                   \
    TEST_RAW_LOAD((first + 26), XB_ERLD, 8, PATTERN_1, PATTERN_STEP)                  \
    TEST_RAW_LOAD((first + 27), XB_ERLD, 24, PATTERN_3, PATTERN_STEP)                 \
    /* erle: into e16, read back with eaddi */                                        \
    TEST_PE_PATTERN((first + 28), a6, PATTERN_0, PATTERN_STEP, s5,                    \
                    XB_EADDIE(17, s4, 0); POISON_EXTENDED(15); la a5, pattern;        \
                    XB_ERLE(16, a5, 17); XB_EADDI(a6, 16, 0))

#define FILL_PATTERN(offset, value)          \
    li t1, value;                            \
    add t1, t1, t0;                          \
    sd t1, offset(a5)

XBGAS_TEST_BEGIN
    li t0, PATTERN_STEP
    mul t0, t0, PE_ID
    la a5, pattern
    FILL_PATTERN(0, PATTERN_0)
    FILL_PATTERN(8, PATTERN_1)
    FILL_PATTERN(16, PATTERN_2)
    FILL_PATTERN(24, PATTERN_3)
    XBGAS_BARRIER

    li s4, 0
    mv s5, PE_ID
    LOAD_CASES(1)

    addi s4, PE_ID, 1
    mv s5, PE_ID
    LOAD_CASES(30)

    addi s4, NEXT_PE, 1
    mv s5, NEXT_PE
    LOAD_CASES(59)

    addi s4, PREVIOUS_PE, 1
    mv s5, PREVIOUS_PE
    LOAD_CASES(88)

    /* e0 is an ordinary register, also as the raw forms' object register */
    TEST_PE_PATTERN(120, a6, PATTERN_3, PATTERN_STEP, NEXT_PE,
                    addi t0, NEXT_PE, 1; XB_EADDIE(0, t0, 0); la a5, pattern + 24;
                    XB_ERLD(a6, a5, 0))

    XBGAS_PASS
XBGAS_TEST_END

RVTEST_DATA_BEGIN
    XBGAS_TEST_DATA
    .balign 64
pattern:
    .fill 4, 8, 0
RVTEST_DATA_END
