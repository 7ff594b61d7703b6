/* Put and get of every TYPENAME, blocking and non-blocking, with element counts 0, 1, 7, 8, 9
 * (around the 4-way unrolled loop's threshold) and 1000, strides 1 and 2, to every PE including
 * this one. Element values are arbitrary bit patterns (NaNs included for the floating types),
 * compared as bytes; the gaps of a strided transfer and everything past the last element must
 * keep their sentinel.
 *
 * usage: put_get.elf [quick]   (quick: sizes 0, 1, 9 and the other PEs' neighbours only) */
#include "xbrtime.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MAX_ELEMENTS 1000
#define MAX_STRIDE 2
#define MAX_ELEMENT_SIZE 16
#define BUFFER_BYTES ((MAX_ELEMENTS + 2) * MAX_STRIDE * MAX_ELEMENT_SIZE + 64)
#define SENTINEL 0xa5

typedef void transfer_function(void*, const void*, size_t, int, int);

struct type_under_test {
    const char* name;
    size_t size;
    transfer_function* put;
    transfer_function* put_nb;
    transfer_function* get;
    transfer_function* get_nb;
};

/* void-pointer adapters of the typed routines, so one table drives all 24 types */
#define DEFINE_ADAPTERS(TYPENAME, TYPE)                                                            \
    static void put_##TYPENAME(void* d, const void* s, size_t n, int stride, int pe) {             \
        xbrtime_##TYPENAME##_put(d, s, n, stride, pe);                                             \
    }                                                                                              \
    static void put_nb_##TYPENAME(void* d, const void* s, size_t n, int stride, int pe) {          \
        xbrtime_##TYPENAME##_put_nb(d, s, n, stride, pe);                                          \
    }                                                                                              \
    static void get_##TYPENAME(void* d, const void* s, size_t n, int stride, int pe) {             \
        xbrtime_##TYPENAME##_get(d, s, n, stride, pe);                                             \
    }                                                                                              \
    static void get_nb_##TYPENAME(void* d, const void* s, size_t n, int stride, int pe) {          \
        xbrtime_##TYPENAME##_get_nb(d, s, n, stride, pe);                                          \
    }
XBRTIME_FOR_EACH_TYPE(DEFINE_ADAPTERS)

#define TYPE_ENTRY(TYPENAME, TYPE)                                                                 \
    {#TYPENAME, sizeof(TYPE), put_##TYPENAME, put_nb_##TYPENAME, get_##TYPENAME, get_nb_##TYPENAME},
static const struct type_under_test types[] = {XBRTIME_FOR_EACH_TYPE(TYPE_ENTRY)};

static const size_t all_sizes[] = {0, 1, 7, 8, 9, 1000};
static const size_t quick_sizes[] = {0, 1, 9};

/* The byte of element `index` that PE `pe` sends in round `round`: never the sentinel. */
static uint8_t pattern(int pe, size_t index, size_t byte, unsigned round) {
    uint64_t x = ((uint64_t)pe << 40) ^ ((uint64_t)index << 8) ^ byte ^ ((uint64_t)round << 56);
    x ^= x >> 31;
    x *= 0x9e3779b97f4a7c15ull;
    x ^= x >> 29;
    const uint8_t value = (uint8_t)x;
    return value == SENTINEL ? (uint8_t)(value + 1) : value;
}

static void fill_elements(uint8_t* buffer, const struct type_under_test* type, size_t count,
                          int stride, int pe, unsigned round) {
    for (size_t i = 0; i < count; ++i) {
        for (size_t b = 0; b < type->size; ++b) {
            buffer[i * stride * type->size + b] = pattern(pe, i, b, round);
        }
    }
}

static unsigned long checks;
static int failed;

/* buffer must hold the `count` elements of PE `from` at the stride, and the sentinel in the gaps
 * and in the two elements and 64 bytes after the last one. */
static void check_elements(const uint8_t* buffer, const struct type_under_test* type, size_t count,
                           int stride, int from, unsigned round, const char* operation) {
    const size_t element_bytes = type->size;
    const size_t checked_bytes = ((count + 2) * stride) * element_bytes + 64;
    for (size_t offset = 0; offset < checked_bytes; ++offset) {
        const size_t element = offset / element_bytes;
        const int in_transfer = element % stride == 0 && element / stride < count;
        const uint8_t expected =
            in_transfer ? pattern(from, element / stride, offset % element_bytes, round) : SENTINEL;
        ++checks;
        if (buffer[offset] != expected && !failed) {
            failed = 1;
            printf("FAIL %s %s count %zu stride %d from PE %d on PE %d: byte %zu is %#x, "
                   "expected %#x\n",
                   operation, type->name, count, stride, from, xbrtime_mype(), offset,
                   buffer[offset], expected);
        }
    }
}

int main(int argc, char** argv) {
    if (xbrtime_init() != 0) {
        return 1;
    }
    const int quick = argc > 1 && strcmp(argv[argc - 1], "quick") == 0;
    const int me = xbrtime_mype();
    const int n = xbrtime_num_pes();
    const size_t* sizes = quick ? quick_sizes : all_sizes;
    const size_t size_count =
        quick ? sizeof quick_sizes / sizeof *quick_sizes : sizeof all_sizes / sizeof *all_sizes;
    uint8_t* symmetric = xbrtime_malloc(BUFFER_BYTES);
    static uint8_t local[BUFFER_BYTES];
    unsigned round = 0;

    for (size_t t = 0; t < sizeof types / sizeof *types; ++t) {
        const struct type_under_test* type = &types[t];
        for (size_t s = 0; s < size_count; ++s) {
            for (int stride = 1; stride <= MAX_STRIDE; ++stride) {
                for (int distance = quick && n > 1 ? 1 : 0; distance < n; ++distance) {
                    for (int blocking = 0; blocking < 2; ++blocking) {
                        ++round;
                        const size_t count = sizes[s];
                        const int target = (me + distance) % n;
                        const int source = (me - distance + n) % n;

                        /* put: local pattern into the target's symmetric buffer */
                        memset(symmetric, SENTINEL, BUFFER_BYTES);
                        memset(local, SENTINEL, BUFFER_BYTES);
                        fill_elements(local, type, count, stride, me, round);
                        xbrtime_barrier();
                        (blocking ? type->put : type->put_nb)(symmetric, local, count, stride,
                                                              target);
                        xbrtime_barrier();
                        check_elements(symmetric, type, count, stride, source, round,
                                       blocking ? "put" : "put_nb");

                        /* get: the target's symmetric pattern into a local buffer */
                        memset(symmetric, SENTINEL, BUFFER_BYTES);
                        fill_elements(symmetric, type, count, stride, me, round);
                        memset(local, SENTINEL, BUFFER_BYTES);
                        xbrtime_barrier();
                        (blocking ? type->get : type->get_nb)(local, symmetric, count, stride,
                                                              target);
                        check_elements(local, type, count, stride, target, round,
                                       blocking ? "get" : "get_nb");
                        xbrtime_barrier();
                    }
                }
            }
        }
    }
    xbrtime_free(symmetric);
    xbrtime_close();
    if (failed) {
        return 1;
    }
    printf("put/get: %lu bytes checked on PE %d of %d\n", checks, me, n);
    return 0;
}
