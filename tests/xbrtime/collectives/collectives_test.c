/* The shared part of the collective tests (see collectives_test.h). */
#include "collectives_test.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SENTINEL 0xa5
#define MAX_REPORTS 20

const char* const reduction_names[REDUCTION_COUNT] = {"sum", "product", "min", "max",
                                                      "and", "or",      "xor"};

/* Compared with 1 rather than 0, which -Wtype-limits would flag for the unsigned types. */
#define IS_SIGNED(TYPE) ((TYPE)-1 < (TYPE)1)

#define DEFINE_ADAPTERS(TYPENAME, TYPE)                                                            \
    static void from_integer_##TYPENAME(void* element, long long value) {                          \
        const TYPE converted = (TYPE)value;                                                        \
        memcpy(element, &converted, sizeof converted);                                             \
    }                                                                                              \
    static void broadcast_##TYPENAME(void* d, const void* s, size_t n, int stride, int root) {     \
        xbrtime_##TYPENAME##_broadcast(d, s, n, stride, root);                                     \
    }                                                                                              \
    static void scatter_##TYPENAME(void* d, const void* s, int* msgs, int* disp, size_t n,         \
                                   int root) {                                                     \
        xbrtime_##TYPENAME##_scatter(d, s, msgs, disp, n, root);                                   \
    }                                                                                              \
    static void gather_##TYPENAME(void* d, const void* s, int* msgs, int* disp, size_t n,          \
                                  int root) {                                                      \
        xbrtime_##TYPENAME##_gather(d, s, msgs, disp, n, root);                                    \
    }                                                                                              \
    static void gather_all_##TYPENAME(void* d, const void* s, int* msgs, int* disp, size_t n) {    \
        xbrtime_##TYPENAME##_gather_all(d, s, msgs, disp, n);                                      \
    }                                                                                              \
    static void alltoall_##TYPENAME(void* d, const void* s, size_t n) {                            \
        xbrtime_##TYPENAME##_alltoall(d, s, n);                                                    \
    }
XBRTIME_FOR_EACH_TYPE(DEFINE_ADAPTERS)

#define DEFINE_REDUCE_ADAPTERS(TYPENAME, OP)                                                       \
    static void reduce_##OP##_##TYPENAME(void* d, const void* s, size_t n, int stride, int root) { \
        xbrtime_##TYPENAME##_reduce_##OP(d, s, n, stride, root);                                   \
    }                                                                                              \
    static void reduce_all_##OP##_##TYPENAME(void* d, const void* s, size_t n, int stride) {       \
        xbrtime_##TYPENAME##_reduce_all_##OP(d, s, n, stride);                                     \
    }
#define DEFINE_ARITHMETIC_REDUCE_ADAPTERS(TYPENAME, TYPE)                                          \
    DEFINE_REDUCE_ADAPTERS(TYPENAME, sum)                                                          \
    DEFINE_REDUCE_ADAPTERS(TYPENAME, product)                                                      \
    DEFINE_REDUCE_ADAPTERS(TYPENAME, min)                                                          \
    DEFINE_REDUCE_ADAPTERS(TYPENAME, max)
#define DEFINE_BITWISE_REDUCE_ADAPTERS(TYPENAME, TYPE)                                             \
    DEFINE_REDUCE_ADAPTERS(TYPENAME, and)                                                          \
    DEFINE_REDUCE_ADAPTERS(TYPENAME, or)                                                           \
    DEFINE_REDUCE_ADAPTERS(TYPENAME, xor)
XBRTIME_FOR_EACH_TYPE(DEFINE_ARITHMETIC_REDUCE_ADAPTERS)
XBRTIME_FOR_EACH_INTEGER_TYPE(DEFINE_BITWISE_REDUCE_ADAPTERS)

/* The expected results come from this code, not the library's. combine_TYPENAME loads both
 * operands, applies OPERATION(TYPE, op, a, b), which leaves a OP b in a, and stores a;
 * format_TYPENAME prints the element with PRINT(text, capacity, TYPE, value). */
#define DEFINE_HELPERS(TYPENAME, TYPE, OPERATION, PRINT)                                           \
    static void combine_##TYPENAME(enum reduction op, void* accumulator, const void* operand) {    \
        TYPE a;                                                                                    \
        TYPE b;                                                                                    \
        memcpy(&a, accumulator, sizeof a);                                                         \
        memcpy(&b, operand, sizeof b);                                                             \
        OPERATION(TYPE, op, a, b);                                                                 \
        memcpy(accumulator, &a, sizeof a);                                                         \
    }                                                                                              \
    static void format_##TYPENAME(char* text, size_t capacity, const void* element) {              \
        TYPE value;                                                                                \
        memcpy(&value, element, sizeof value);                                                     \
        PRINT(text, capacity, TYPE, value);                                                        \
    }

/* Integer sums and products wrap through GCC's overflow built-ins, which store the exact result
 * modulo 2^width. */
#define INTEGER_OPERATION(TYPE, op, a, b)                                                          \
    switch (op) {                                                                                  \
    case SUM:                                                                                      \
        (void)__builtin_add_overflow(a, b, &a);                                                    \
        break;                                                                                     \
    case PRODUCT:                                                                                  \
        (void)__builtin_mul_overflow(a, b, &a);                                                    \
        break;                                                                                     \
    case MIN:                                                                                      \
        a = b < a ? b : a;                                                                         \
        break;                                                                                     \
    case MAX:                                                                                      \
        a = b > a ? b : a;                                                                         \
        break;                                                                                     \
    case AND:                                                                                      \
        a = (TYPE)(a & b);                                                                         \
        break;                                                                                     \
    case OR:                                                                                       \
        a = (TYPE)(a | b);                                                                         \
        break;                                                                                     \
    case XOR:                                                                                      \
        a = (TYPE)(a ^ b);                                                                         \
        break;                                                                                     \
    case REDUCTION_COUNT:                                                                          \
        break;                                                                                     \
    }
#define PRINT_INTEGER(text, capacity, TYPE, value)                                                 \
    if (IS_SIGNED(TYPE)) {                                                                         \
        snprintf(text, capacity, "%lld", (long long)value);                                        \
    } else {                                                                                       \
        snprintf(text, capacity, "%llu", (unsigned long long)value);                               \
    }
#define DEFINE_INTEGER_HELPERS(TYPENAME, TYPE)                                                     \
    DEFINE_HELPERS(TYPENAME, TYPE, INTEGER_OPERATION, PRINT_INTEGER)
XBRTIME_FOR_EACH_INTEGER_TYPE(DEFINE_INTEGER_HELPERS)

/* The floating types have no bitwise reductions, so only four operations reach this. */
#define FLOATING_OPERATION(TYPE, op, a, b)                                                         \
    if (op == SUM) {                                                                               \
        a = a + b;                                                                                 \
    } else if (op == PRODUCT) {                                                                    \
        a = a * b;                                                                                 \
    } else if (op == MIN) {                                                                        \
        a = b < a ? b : a;                                                                         \
    } else {                                                                                       \
        a = b > a ? b : a;                                                                         \
    }
#define PRINT_FLOATING(text, capacity, TYPE, value) snprintf(text, capacity, "%g", (double)value)
#define DEFINE_FLOATING_HELPERS(TYPENAME, TYPE)                                                    \
    DEFINE_HELPERS(TYPENAME, TYPE, FLOATING_OPERATION, PRINT_FLOATING)
XBRTIME_FOR_EACH_FLOATING_TYPE(DEFINE_FLOATING_HELPERS)

#define COMMON_ENTRY_PART(TYPENAME, TYPE)                                                          \
    .name = #TYPENAME, .size = sizeof(TYPE), .from_integer = from_integer_##TYPENAME,              \
    .combine = combine_##TYPENAME, .format = format_##TYPENAME, .broadcast = broadcast_##TYPENAME, \
    .scatter = scatter_##TYPENAME, .gather = gather_##TYPENAME,                                    \
    .gather_all = gather_all_##TYPENAME, .alltoall = alltoall_##TYPENAME
#define FLOATING_ENTRY(TYPENAME, TYPE)                                                             \
    {COMMON_ENTRY_PART(TYPENAME, TYPE), .is_floating = 1, .is_signed = 1,                          \
     .reduce = {reduce_sum_##TYPENAME, reduce_product_##TYPENAME, reduce_min_##TYPENAME,           \
                reduce_max_##TYPENAME},                                                            \
     .reduce_all = {reduce_all_sum_##TYPENAME, reduce_all_product_##TYPENAME,                      \
                    reduce_all_min_##TYPENAME, reduce_all_max_##TYPENAME}},
#define INTEGER_ENTRY(TYPENAME, TYPE)                                                              \
    {COMMON_ENTRY_PART(TYPENAME, TYPE), .is_floating = 0, .is_signed = IS_SIGNED(TYPE),            \
     .reduce = {reduce_sum_##TYPENAME, reduce_product_##TYPENAME, reduce_min_##TYPENAME,           \
                reduce_max_##TYPENAME, reduce_and_##TYPENAME, reduce_or_##TYPENAME,                \
                reduce_xor_##TYPENAME},                                                            \
     .reduce_all = {reduce_all_sum_##TYPENAME, reduce_all_product_##TYPENAME,                      \
                    reduce_all_min_##TYPENAME, reduce_all_max_##TYPENAME,                          \
                    reduce_all_and_##TYPENAME, reduce_all_or_##TYPENAME,                           \
                    reduce_all_xor_##TYPENAME}},
static const struct tested_type tested_types[] = {XBRTIME_FOR_EACH_FLOATING_TYPE(FLOATING_ENTRY)
                                                      XBRTIME_FOR_EACH_INTEGER_TYPE(INTEGER_ENTRY)};
static const size_t tested_type_count = sizeof tested_types / sizeof tested_types[0];

int me;
int pes;
/* Set by the argument "quick": a few types only, for slow transports. */
static int quick;
int roots[3];
int root_count;
unsigned char* src_buffer;
unsigned char* dest_buffer;
unsigned char* expected_buffer;

static const char* program_name;
static char case_text[160];
static unsigned long checks;
static unsigned long failures;
/* On PE 0: the counts of every PE, summed by the PEs' atomic adds. */
static unsigned long checks_of_all_pes;
static unsigned long failures_of_all_pes;

#define BUFFER_BYTES (BUFFER_ELEMENTS * MAX_ELEMENT_SIZE)

static int test_start(const char* program, int argc, char** argv) {
    program_name = program;
    if (xbrtime_init() != 0) {
        return 2;
    }
    me = xbrtime_mype();
    pes = xbrtime_num_pes();
    if (pes > MAX_PES) {
        if (me == 0) {
            printf("%s: the buffers hold the cases of at most %d PEs\n", program, MAX_PES);
        }
        return 2;
    }
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "quick") == 0) {
            quick = 1;
        } else if (strcmp(argv[i], "notified") == 0) {
            xbrtime_set_collective_algorithm(XBRTIME_COLLECTIVES_NOTIFIED);
        } else if (strcmp(argv[i], "barrier-stages") == 0) {
            xbrtime_set_collective_algorithm(XBRTIME_COLLECTIVES_BARRIER_STAGES);
        } else if (strcmp(argv[i], "unknown-algorithm") == 0) {
            xbrtime_set_collective_algorithm((enum xbrtime_collective_algorithm)7);
        } else {
            printf("%s: unknown argument %s (quick, notified, barrier-stages)\n", program, argv[i]);
            return 2;
        }
    }
    src_buffer = xbrtime_malloc(BUFFER_BYTES);
    dest_buffer = xbrtime_malloc(BUFFER_BYTES);
    expected_buffer = malloc(BUFFER_BYTES);
    if (src_buffer == NULL || dest_buffer == NULL || expected_buffer == NULL) {
        printf("%s: no memory for the buffers\n", program);
        return 2;
    }
    const int candidates[3] = {0, pes / 2, pes - 1};
    root_count = 0;
    for (int i = 0; i < 3; ++i) {
        if (root_count == 0 || roots[root_count - 1] != candidates[i]) {
            roots[root_count++] = candidates[i];
        }
    }
    return 0;
}

static int test_finish(void) {
    xbrtime_ulong_atomic_add(&checks_of_all_pes, checks, 0);
    xbrtime_ulong_atomic_add(&failures_of_all_pes, failures, 0);
    xbrtime_barrier();
    if (me == 0 && failures_of_all_pes == 0) {
        printf("%s: %lu checks passed on %d PEs\n", program_name, checks_of_all_pes, pes);
    } else if (me == 0) {
        printf("%s: %lu of %lu checks failed on %d PEs\n", program_name, failures_of_all_pes,
               checks_of_all_pes, pes);
    }
    xbrtime_close();
    return failures == 0 ? 0 : 1;
}

/* One type of each family: bytes (wrapping), 4-byte signed, double, and long double (16-byte
 * transfers, soft-float). */
static int type_selected(const struct tested_type* type) {
    static const char* const quick_types[] = {"uchar", "int", "double", "longdouble"};
    if (!quick) {
        return 1;
    }
    for (size_t i = 0; i < sizeof quick_types / sizeof quick_types[0]; ++i) {
        if (strcmp(type->name, quick_types[i]) == 0) {
            return 1;
        }
    }
    return 0;
}

int run_tests(const char* program, int argc, char** argv,
              void (*test)(const struct tested_type* type)) {
    const int status = test_start(program, argc, argv);
    if (status != 0) {
        return status;
    }
    for (size_t t = 0; t < tested_type_count; ++t) {
        if (type_selected(&tested_types[t])) {
            test(&tested_types[t]);
        }
    }
    return test_finish();
}

void test_value(void* element, int pattern, int pe, size_t index, const struct tested_type* type) {
    const unsigned bits = (unsigned)(8 * type->size);
    const unsigned long long position = index;
    long long value;
    switch (pattern) {
    case SUM:
        /* Small enough to stay exact in every floating type; for the integers, every fifth
         * position adds 2^(width-2) per PE, so the sum wraps from four PEs on. */
        value = (long long)((pe * 29 + position * 13) % 97) - 40;
        if (!type->is_floating && index % 5 == 4) {
            value += 1ll << (bits - 2);
        }
        break;
    case PRODUCT:
        /* Mostly 1, some 2 and -1; for the integers, PEs 1, 4 and 7 give 2^(width/2) + 1 at
         * every fifth position, whose square already wraps. */
        if (!type->is_floating && index % 5 == 4 && pe % 3 == 1) {
            value = (1ll << (bits / 2)) + 1;
        } else {
            value = (pe + position) % 4 == 0 ? 2 : (pe + position) % 4 == 1 ? -1 : 1;
        }
        break;
    case MIN:
    case MAX:
        /* Distinct per PE, negative for some: huge for the unsigned types. */
        value = (long long)((pe * 37 + position * 11) % 101) - 50;
        break;
    case AND:
        value = (long long)~(1ull << ((pe * 3 + position) % bits));
        break;
    case OR:
        value = (long long)((1ull << ((pe * 3 + position) % bits)) |
                            (position % 4 == 1 ? 1ull << (bits - 1) : 0));
        break;
    case XOR: {
        unsigned long long mixed =
            (unsigned long long)(pe + 1) * 0x9e3779b97f4a7c15ull ^ position * 0xc2b2ae3d27d4eb4full;
        value = (long long)(mixed ^ (mixed >> 29));
        break;
    }
    default:
        value = 1 + (long long)position + 37ll * pe;
        break;
    }
    type->from_integer(element, value);
}

void* element_at(void* buffer, size_t index, const struct tested_type* type) {
    return (unsigned char*)buffer + index * type->size;
}

void fill_sentinel(void* buffer, size_t nelems, const struct tested_type* type) {
    memset(buffer, SENTINEL, nelems * type->size);
}

void fill_src(int pattern, const struct tested_type* type) {
    for (size_t i = 0; i < BUFFER_ELEMENTS; ++i) {
        test_value(element_at(src_buffer, i, type), pattern, me, i, type);
    }
}

void set_case(const char* format, ...) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(case_text, sizeof case_text, format, arguments);
    va_end(arguments);
}

static int is_sentinel(const unsigned char* element, size_t size) {
    for (size_t i = 0; i < size; ++i) {
        if (element[i] != SENTINEL) {
            return 0;
        }
    }
    return 1;
}

void check_dest(size_t nelems, const struct tested_type* type) {
    for (size_t i = 0; i < nelems; ++i) {
        const unsigned char* got = element_at(dest_buffer, i, type);
        const unsigned char* expected = element_at(expected_buffer, i, type);
        ++checks;
        if (memcmp(got, expected, type->size) == 0) {
            continue;
        }
        if (++failures <= MAX_REPORTS) {
            char got_text[48];
            char expected_text[48] = "the sentinel (untouched)";
            type->format(got_text, sizeof got_text, got);
            if (!is_sentinel(expected, type->size)) {
                type->format(expected_text, sizeof expected_text, expected);
            }
            printf("%s: FAIL %s on PE %d of %d: index %zu: got %s, expected %s\n", program_name,
                   case_text, me, pes, i, got_text, expected_text);
        }
    }
}
