/* Every remote atomic of xbrtime_atomics.h on every type it takes, on the neighbour's, PE 0's and
 * the own word, checked against values each PE computes alone from the PE count: set, fetch and
 * swap with values whose 4-byte forms have the sign bit set (the .w instructions sign-extend),
 * every PE adding to one word (the total is exact only if no add is lost), a compare_swap
 * counter, bitwise operations on distinct bits, and min/max with values on which signed and
 * unsigned comparisons disagree. Exits 1 after printing every failure (at most MAX_REPORTS). */
#include "xbrtime.h"

#include <stdio.h>
#include <string.h>

#define ADD_ROUNDS 200
#define COMPARE_SWAP_ROUNDS 40
#define MAX_REPORTS 20

enum value_kind { UNSIGNED_VALUE, SIGNED_VALUE, FLOATING_VALUE };

/* Compared with 1 rather than 0, which -Wtype-limits would flag for the unsigned types. */
#define IS_SIGNED(TYPE) ((TYPE)-1 < (TYPE)1)
#define INTEGER_KIND(TYPE) (IS_SIGNED(TYPE) ? SIGNED_VALUE : UNSIGNED_VALUE)

static int me;
static int pes;
static unsigned long checks;
static unsigned long failures;
/* On PE 0: the counts of every PE, summed by the PEs' atomic adds. */
static unsigned long checks_of_all_pes;
static unsigned long failures_of_all_pes;

static void format_value(char* text, size_t capacity, const void* value, size_t size,
                         enum value_kind kind) {
    if (kind == FLOATING_VALUE) {
        double number;
        if (size == sizeof(float)) {
            float narrow;
            memcpy(&narrow, value, sizeof narrow);
            number = narrow;
        } else {
            memcpy(&number, value, sizeof number);
        }
        snprintf(text, capacity, "%g", number);
        return;
    }
    uint64_t bits = 0;
    memcpy(&bits, value, size);
    if (kind == SIGNED_VALUE && size < 8 && (bits >> (8 * size - 1)) != 0) {
        bits |= UINT64_MAX << (8 * size);
    }
    if (kind == SIGNED_VALUE) {
        snprintf(text, capacity, "%lld", (long long)bits);
    } else {
        snprintf(text, capacity, "%llu", (unsigned long long)bits);
    }
}

static void check_value(const void* got, const void* expected, size_t size, enum value_kind kind,
                        const char* type, const char* what) {
    ++checks;
    if (memcmp(got, expected, size) == 0) {
        return;
    }
    if (++failures <= MAX_REPORTS) {
        char got_text[32];
        char expected_text[32];
        format_value(got_text, sizeof got_text, got, size, kind);
        format_value(expected_text, sizeof expected_text, expected, size, kind);
        printf("atomics: FAIL %s %s on PE %d of %d: got %s, expected %s\n", type, what, me, pes,
               got_text, expected_text);
    }
}

#define CHECK(TYPE, KIND, what, got, expected)                                                     \
    do {                                                                                           \
        const TYPE got_value = (got);                                                              \
        const TYPE expected_value = (expected);                                                    \
        check_value(&got_value, &expected_value, sizeof(TYPE), KIND, type, what);                  \
    } while (0)

/* The words of the tests of one type, one symmetric block. */
enum word_use {
    ACCESS_WORD,
    ADD_WORD,
    OWN_WORD,
    COUNTER_WORD,
    AND_WORD,
    OR_WORD,
    XOR_WORD,
    MIN_WORD,
    MAX_WORD,
    WORD_COUNT
};

/* set, fetch and swap on the right neighbour's word. */
#define TEST_ACCESS(TYPENAME, TYPE, KIND)                                                          \
    do {                                                                                           \
        const int right = (me + 1) % pes;                                                          \
        const int left = (me + pes - 1) % pes;                                                     \
        xbrtime_##TYPENAME##_atomic_set(&words[ACCESS_WORD], (TYPE) - (me + 2), right);            \
        xbrtime_barrier();                                                                         \
        CHECK(TYPE, KIND, "set (read locally)", words[ACCESS_WORD], (TYPE) - (left + 2));          \
        CHECK(TYPE, KIND, "fetch", xbrtime_##TYPENAME##_atomic_fetch(&words[ACCESS_WORD], right),  \
              (TYPE) - (me + 2));                                                                  \
        xbrtime_barrier();                                                                         \
        CHECK(TYPE, KIND, "swap (old value)",                                                      \
              xbrtime_##TYPENAME##_atomic_swap(&words[ACCESS_WORD], (TYPE)(3 * me + 1), right),    \
              (TYPE) - (me + 2));                                                                  \
        xbrtime_barrier();                                                                         \
        CHECK(TYPE, KIND, "swap (read locally)", words[ACCESS_WORD], (TYPE)(3 * left + 1));        \
    } while (0)

#define DEFINE_FLOATING_TEST(TYPENAME, TYPE)                                                       \
    static void test_##TYPENAME(void) {                                                            \
        const char* type = #TYPENAME;                                                              \
        TYPE* words = xbrtime_malloc(WORD_COUNT * sizeof(TYPE));                                   \
        TEST_ACCESS(TYPENAME, TYPE, FLOATING_VALUE);                                               \
        xbrtime_barrier();                                                                         \
        xbrtime_free(words);                                                                       \
    }
DEFINE_FLOATING_TEST(float, float)
DEFINE_FLOATING_TEST(double, double)

/* The operand of PE p for min and max: for odd p a value that is negative when signed and huge
 * when unsigned, so that only the comparison of the type's signedness gives the expected word. */
#define MIN_MAX_OPERAND(TYPE, p) ((p) % 2 ? (TYPE) - ((p) + 1) : (TYPE)((p) + 6))
#define BIT_OF_PE(TYPE, p) ((TYPE)(1ull << (8 * sizeof(TYPE) - 1 - (p))))
#define MIN_MAX_START 5
#define OR_START 0x30
#define XOR_START 0x5

#define DEFINE_INTEGER_TEST(TYPENAME, TYPE)                                                        \
    static void test_##TYPENAME(void) {                                                            \
        const char* type = #TYPENAME;                                                              \
        const enum value_kind kind = INTEGER_KIND(TYPE);                                           \
        TYPE* words = xbrtime_malloc(WORD_COUNT * sizeof(TYPE));                                   \
        TEST_ACCESS(TYPENAME, TYPE, kind);                                                         \
                                                                                                   \
        words[ADD_WORD] = 0;                                                                       \
        words[COUNTER_WORD] = 0;                                                                   \
        words[AND_WORD] = (TYPE) ~(TYPE)0;                                                         \
        words[OR_WORD] = OR_START;                                                                 \
        words[XOR_WORD] = XOR_START;                                                               \
        words[MIN_WORD] = MIN_MAX_START;                                                           \
        words[MAX_WORD] = MIN_MAX_START;                                                           \
        xbrtime_barrier();                                                                         \
                                                                                                   \
        /* On the own word, through the same remote path: the old value of a 4-byte type must      \
         * lose the .w sign extension, and the sum wraps. */                                       \
        xbrtime_##TYPENAME##_atomic_set(&words[OWN_WORD], (TYPE)-1, me);                           \
        CHECK(TYPE, kind, "add (old value)",                                                       \
              xbrtime_##TYPENAME##_atomic_add(&words[OWN_WORD], 2, me), (TYPE)-1);                 \
        CHECK(TYPE, kind, "add (wrapped sum)", words[OWN_WORD], 1);                                \
        CHECK(TYPE, kind, "compare_swap (not equal: old value)",                                   \
              xbrtime_##TYPENAME##_atomic_compare_swap(&words[OWN_WORD], 7, 9, me), 1);            \
        CHECK(TYPE, kind, "compare_swap (not equal: unchanged)", words[OWN_WORD], 1);              \
        CHECK(TYPE, kind, "compare_swap (equal: old value)",                                       \
              xbrtime_##TYPENAME##_atomic_compare_swap(&words[OWN_WORD], 1, (TYPE)-3, me), 1);     \
        CHECK(TYPE, kind, "compare_swap (equal: stored)", words[OWN_WORD], (TYPE)-3);              \
                                                                                                   \
        for (int round = 0; round < ADD_ROUNDS; ++round) {                                         \
            xbrtime_##TYPENAME##_atomic_add(&words[ADD_WORD], (TYPE)(me + 1), 0);                  \
        }                                                                                          \
        for (int round = 0; round < COMPARE_SWAP_ROUNDS; ++round) {                                \
            TYPE old = xbrtime_##TYPENAME##_atomic_fetch(&words[COUNTER_WORD], 0);                 \
            for (;;) {                                                                             \
                const TYPE seen = xbrtime_##TYPENAME##_atomic_compare_swap(                        \
                    &words[COUNTER_WORD], old, (TYPE)(old + 1), 0);                                \
                if (seen == old) {                                                                 \
                    break;                                                                         \
                }                                                                                  \
                old = seen;                                                                        \
            }                                                                                      \
        }                                                                                          \
        for (int pe = 0; pe < pes; ++pe) {                                                         \
            xbrtime_##TYPENAME##_atomic_and(&words[AND_WORD], (TYPE)~BIT_OF_PE(TYPE, me), pe);     \
            xbrtime_##TYPENAME##_atomic_or(&words[OR_WORD], BIT_OF_PE(TYPE, me), pe);              \
            xbrtime_##TYPENAME##_atomic_xor(&words[XOR_WORD], (TYPE)(BIT_OF_PE(TYPE, me) | 1),     \
                                            pe);                                                   \
            xbrtime_##TYPENAME##_atomic_min(&words[MIN_WORD], MIN_MAX_OPERAND(TYPE, me), pe);      \
            xbrtime_##TYPENAME##_atomic_max(&words[MAX_WORD], MIN_MAX_OPERAND(TYPE, me), pe);      \
        }                                                                                          \
        xbrtime_barrier();                                                                         \
                                                                                                   \
        TYPE sum = 0;                                                                              \
        TYPE and_result = (TYPE) ~(TYPE)0;                                                         \
        TYPE or_result = OR_START;                                                                 \
        TYPE xor_result = XOR_START;                                                               \
        TYPE min_result = MIN_MAX_START;                                                           \
        TYPE max_result = MIN_MAX_START;                                                           \
        for (int pe = 0; pe < pes; ++pe) {                                                         \
            sum = (TYPE)(sum + (TYPE)(ADD_ROUNDS * (pe + 1)));                                     \
            and_result &= (TYPE)~BIT_OF_PE(TYPE, pe);                                              \
            or_result |= BIT_OF_PE(TYPE, pe);                                                      \
            xor_result ^= (TYPE)(BIT_OF_PE(TYPE, pe) | 1);                                         \
            const TYPE operand = MIN_MAX_OPERAND(TYPE, pe);                                        \
            min_result = operand < min_result ? operand : min_result;                              \
            max_result = operand > max_result ? operand : max_result;                              \
        }                                                                                          \
        CHECK(TYPE, kind, "add from every PE to PE 0",                                             \
              xbrtime_##TYPENAME##_atomic_fetch(&words[ADD_WORD], 0), sum);                        \
        CHECK(TYPE, kind, "compare_swap counter on PE 0",                                          \
              xbrtime_##TYPENAME##_atomic_fetch(&words[COUNTER_WORD], 0),                          \
              (TYPE)(pes * COMPARE_SWAP_ROUNDS));                                                  \
        CHECK(TYPE, kind, "and", words[AND_WORD], and_result);                                     \
        CHECK(TYPE, kind, "or", words[OR_WORD], or_result);                                        \
        CHECK(TYPE, kind, "xor", words[XOR_WORD], xor_result);                                     \
        CHECK(TYPE, kind, "min", words[MIN_WORD], min_result);                                     \
        CHECK(TYPE, kind, "max", words[MAX_WORD], max_result);                                     \
        xbrtime_barrier();                                                                         \
        xbrtime_free(words);                                                                       \
    }
XBRTIME_FOR_EACH_ATOMIC_INTEGER_TYPE(DEFINE_INTEGER_TEST)

int main(void) {
    if (xbrtime_init() != 0) {
        return 2;
    }
    me = xbrtime_mype();
    pes = xbrtime_num_pes();
#define CALL_TEST(TYPENAME, TYPE) test_##TYPENAME();
    XBRTIME_FOR_EACH_ATOMIC_TYPE(CALL_TEST)
#undef CALL_TEST
    xbrtime_ulong_atomic_add(&checks_of_all_pes, checks, 0);
    xbrtime_ulong_atomic_add(&failures_of_all_pes, failures, 0);
    xbrtime_barrier();
    if (me == 0 && failures_of_all_pes == 0) {
        printf("atomics: %lu checks passed on %d PEs\n", checks_of_all_pes, pes);
    } else if (me == 0) {
        printf("atomics: %lu of %lu checks failed on %d PEs\n", failures_of_all_pes,
               checks_of_all_pes, pes);
    }
    xbrtime_close();
    return failures == 0 ? 0 : 1;
}
