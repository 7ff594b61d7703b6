/* Puts and gets of every standard RMA type between neighbours: each PE writes into the PE on its
 * right and reads back from it, for 0, 1, 7, 8, 9 and 1000 elements (with the argument "quick":
 * 0, 1, 7 and 9), contiguous, non-blocking, single-element, and strided with different strides
 * on the two sides; then the byte and sized routines on misaligned addresses, typed ones on
 * equally misaligned sides, and the C11 generic names. Every element written and the ones around it
 * are checked. */
#include "shmem_test.h"

#include <shmem.h>
#include <stddef.h>
#include <string.h>

#define MAX_ELEMS 1000
#define GUARD 4
/* Remote strides beyond any staging buffer: those strided transfers go element by element. */
#define HUGE_STRIDE 1100
#define HUGE_STRIDE_ELEMS 9
#define AREA_BYTES (HUGE_STRIDE * HUGE_STRIDE_ELEMS * 16 + 64)
#define LOCAL_ELEMS (3 * MAX_ELEMS + GUARD)

static int right, left;
static size_t sizes[] = {0, 1, 7, 8, 9, MAX_ELEMS};
static size_t size_count = sizeof sizes / sizeof sizes[0];
static unsigned char* area;

static void fail_element(const char* what, const char* type, size_t n, size_t index, double found,
                         double expected) {
    report_failure("%s %s n=%zu: element %zu is %g, expected %g", what, type, n, index, found,
                   expected);
}

#define VALUE(TYPE, pe, i) ((TYPE)((pe)*97 + (i)*3 + 1))
#define SENTINEL(TYPE) ((TYPE)90)

/* The remote area holds SENTINEL everywhere on every PE, once nobody reads it any more. */
#define DEFINE_RESET(TYPENAME, TYPE)                                                               \
    static void reset_##TYPENAME(TYPE* remote, TYPE* local, size_t count) {                        \
        shmem_barrier_all();                                                                       \
        for (size_t i = 0; i < count; ++i) {                                                       \
            remote[i] = SENTINEL(TYPE);                                                            \
        }                                                                                          \
        for (size_t i = 0; i < LOCAL_ELEMS; ++i) {                                                 \
            local[i] = SENTINEL(TYPE);                                                             \
        }                                                                                          \
        shmem_barrier_all();                                                                       \
    }

/* Element k * stride of array holds VALUE(pe, k) for k < n, SENTINEL elsewhere up to
 * (n - 1) * stride + 1 + GUARD. */
#define DEFINE_CHECK(TYPENAME, TYPE)                                                               \
    static void check_##TYPENAME(const char* what, const TYPE* array, size_t n, size_t stride,     \
                                 int pe) {                                                         \
        const size_t end = (n == 0 ? 0 : (n - 1) * stride + 1) + GUARD;                            \
        for (size_t i = 0; i < end; ++i) {                                                         \
            const int written = i % stride == 0 && i / stride < n;                                 \
            const TYPE expected = written ? VALUE(TYPE, pe, i / stride) : SENTINEL(TYPE);          \
            if (array[i] != expected) {                                                            \
                fail_element(what, #TYPENAME, n, i, (double)array[i], (double)expected);           \
                return;                                                                            \
            }                                                                                      \
        }                                                                                          \
    }

#define DEFINE_TEST(TYPENAME, TYPE)                                                                \
    DEFINE_RESET(TYPENAME, TYPE)                                                                   \
    DEFINE_CHECK(TYPENAME, TYPE)                                                                   \
    static void test_##TYPENAME(void) {                                                            \
        TYPE* remote = (TYPE*)area;                                                                \
        static TYPE local[LOCAL_ELEMS];                                                            \
        for (size_t s = 0; s < size_count; ++s) {                                                  \
            const size_t n = sizes[s];                                                             \
            /* put, then get back what this PE put into its right neighbour */                     \
            reset_##TYPENAME(remote, local, 3 * n + GUARD);                                        \
            for (size_t i = 0; i < n; ++i) {                                                       \
                local[i] = VALUE(TYPE, me, i);                                                     \
            }                                                                                      \
            shmem_##TYPENAME##_put(remote, local, n, right);                                       \
            shmem_barrier_all();                                                                   \
            check_##TYPENAME("put", remote, n, 1, left);                                           \
            for (size_t i = 0; i < LOCAL_ELEMS; ++i) {                                             \
                local[i] = SENTINEL(TYPE);                                                         \
            }                                                                                      \
            shmem_##TYPENAME##_get(local, remote, n, right);                                       \
            check_##TYPENAME("get", local, n, 1, me);                                              \
            /* the non-blocking forms */                                                           \
            reset_##TYPENAME(remote, local, 3 * n + GUARD);                                        \
            for (size_t i = 0; i < n; ++i) {                                                       \
                local[i] = VALUE(TYPE, me, i);                                                     \
            }                                                                                      \
            shmem_##TYPENAME##_put_nbi(remote, local, n, right);                                   \
            shmem_quiet();                                                                         \
            shmem_barrier_all();                                                                   \
            check_##TYPENAME("put_nbi", remote, n, 1, left);                                       \
            for (size_t i = 0; i < LOCAL_ELEMS; ++i) {                                             \
                local[i] = SENTINEL(TYPE);                                                         \
            }                                                                                      \
            shmem_##TYPENAME##_get_nbi(local, remote, n, right);                                   \
            shmem_quiet();                                                                         \
            check_##TYPENAME("get_nbi", local, n, 1, me);                                          \
            /* strided: source stride 2, destination stride 3 */                                   \
            reset_##TYPENAME(remote, local, 3 * n + GUARD);                                        \
            for (size_t i = 0; i < n; ++i) {                                                       \
                local[2 * i] = VALUE(TYPE, me, i);                                                 \
            }                                                                                      \
            shmem_##TYPENAME##_iput(remote, local, 3, 2, n, right);                                \
            shmem_barrier_all();                                                                   \
            check_##TYPENAME("iput", remote, n, 3, left);                                          \
            for (size_t i = 0; i < LOCAL_ELEMS; ++i) {                                             \
                local[i] = SENTINEL(TYPE);                                                         \
            }                                                                                      \
            shmem_##TYPENAME##_iget(local, remote, 2, 3, n, right);                                \
            check_##TYPENAME("iget", local, n, 2, me);                                             \
            /* p and g, on every third element */                                                  \
            reset_##TYPENAME(remote, local, 3 * n + GUARD);                                        \
            for (size_t i = 0; i < n; ++i) {                                                       \
                shmem_##TYPENAME##_p(&remote[3 * i], VALUE(TYPE, me, i), right);                   \
            }                                                                                      \
            shmem_barrier_all();                                                                   \
            check_##TYPENAME("p", remote, n, 3, left);                                             \
            for (size_t i = 0; i < n; ++i) {                                                       \
                const TYPE found = shmem_##TYPENAME##_g(&remote[3 * i], right);                    \
                if (found != VALUE(TYPE, me, i)) {                                                 \
                    fail_element("g", #TYPENAME, n, i, (double)found, (double)VALUE(TYPE, me, i)); \
                    break;                                                                         \
                }                                                                                  \
            }                                                                                      \
            shmem_barrier_all();                                                                   \
        }                                                                                          \
        /* strides past any staging buffer on the remote side, contiguous locally */               \
        const size_t n = HUGE_STRIDE_ELEMS;                                                        \
        reset_##TYPENAME(remote, local, (n - 1) * HUGE_STRIDE + 1 + GUARD);                        \
        for (size_t i = 0; i < n; ++i) {                                                           \
            local[i] = VALUE(TYPE, me, i);                                                         \
        }                                                                                          \
        shmem_##TYPENAME##_iput(remote, local, HUGE_STRIDE, 1, n, right);                          \
        shmem_barrier_all();                                                                       \
        check_##TYPENAME("iput huge stride", remote, n, HUGE_STRIDE, left);                        \
        for (size_t i = 0; i < LOCAL_ELEMS; ++i) {                                                 \
            local[i] = SENTINEL(TYPE);                                                             \
        }                                                                                          \
        shmem_##TYPENAME##_iget(local, remote, 1, HUGE_STRIDE, n, right);                          \
        check_##TYPENAME("iget huge stride", local, n, 1, me);                                     \
        shmem_barrier_all();                                                                       \
    }
SHMEM_FOR_EACH_RMA_TYPE(DEFINE_TEST)

/* putmem/getmem between addresses of every misalignment, and the sized routines. */
static void test_bytes(void) {
    static unsigned char local[MAX_ELEMS + 16];
    static const size_t lengths[] = {0, 1, 7, 8, 9, 15, MAX_ELEMS};
    for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; ++l) {
        const size_t length = lengths[l];
        if (length == MAX_ELEMS && size_count < 6) {
            continue;
        }
        for (size_t dest_offset = 0; dest_offset < 8; dest_offset += 3) {
            for (size_t source_offset = 0; source_offset < 8; source_offset += 5) {
                memset(area, 0xee, MAX_ELEMS + 32);
                shmem_barrier_all();
                for (size_t i = 0; i < length; ++i) {
                    local[source_offset + i] = (unsigned char)(me * 31 + i);
                }
                shmem_putmem(area + dest_offset, local + source_offset, length, right);
                shmem_barrier_all();
                for (size_t i = 0; i < MAX_ELEMS + 32; ++i) {
                    const int written = i >= dest_offset && i < dest_offset + length;
                    const unsigned char expected =
                        written ? (unsigned char)(left * 31 + (i - dest_offset)) : 0xee;
                    if (area[i] != expected) {
                        fail_element("putmem", "bytes", length, i, area[i], expected);
                        break;
                    }
                }
                memset(local, 0xdd, sizeof local);
                shmem_getmem(local + source_offset, area + dest_offset, length, right);
                for (size_t i = 0; i < sizeof local; ++i) {
                    const int written = i >= source_offset && i < source_offset + length;
                    const unsigned char expected =
                        written ? (unsigned char)(me * 31 + (i - source_offset)) : 0xdd;
                    if (local[i] != expected) {
                        fail_element("getmem", "bytes", length, i, local[i], expected);
                        break;
                    }
                }
                shmem_barrier_all();
            }
        }
    }
}

/* Contiguous typed puts and gets whose two sides share a misalignment: from 64 bytes on, xbrtime
 * moves their middle as doublewords between element-wise head and tail. Each start offset and
 * lengths around that size; the bytes around the elements must stay as they were. */
#define DEFINE_MISALIGNED_TEST(TYPENAME, TYPE)                                                     \
    static void test_misaligned_##TYPENAME(void) {                                                 \
        static _Alignas(8) unsigned char local[MAX_ELEMS + 32];                                    \
        static _Alignas(8) unsigned char back[MAX_ELEMS + 32];                                     \
        const size_t threshold = 64 / sizeof(TYPE);                                                \
        const size_t lengths[] = {threshold - 1, threshold, threshold + 5, 3 * threshold + 3};     \
        for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; ++l) {                          \
            const size_t bytes = lengths[l] * sizeof(TYPE);                                        \
            for (size_t offset = 0; offset < 8; offset += sizeof(TYPE)) {                          \
                for (size_t i = 0; i < sizeof local; ++i) {                                        \
                    local[i] = (unsigned char)(me * 13 + i);                                       \
                }                                                                                  \
                memset(area, 0xee, sizeof local);                                                  \
                shmem_barrier_all();                                                               \
                shmem_##TYPENAME##_put((TYPE*)(area + offset), (const TYPE*)(local + offset),      \
                                       lengths[l], right);                                         \
                shmem_barrier_all();                                                               \
                for (size_t i = 0; i < sizeof local; ++i) {                                        \
                    const int written = i >= offset && i < offset + bytes;                         \
                    const unsigned char expected =                                                 \
                        written ? (unsigned char)(left * 13 + i) : 0xee;                           \
                    if (area[i] != expected) {                                                     \
                        fail_element("misaligned put", #TYPENAME, lengths[l], i, area[i],          \
                                     expected);                                                    \
                        break;                                                                     \
                    }                                                                              \
                }                                                                                  \
                memset(back, 0xdd, sizeof back);                                                   \
                shmem_##TYPENAME##_get((TYPE*)(back + offset), (const TYPE*)(area + offset),       \
                                       lengths[l], right);                                         \
                for (size_t i = 0; i < sizeof back; ++i) {                                         \
                    const int written = i >= offset && i < offset + bytes;                         \
                    const unsigned char expected = written ? (unsigned char)(me * 13 + i) : 0xdd;  \
                    if (back[i] != expected) {                                                     \
                        fail_element("misaligned get", #TYPENAME, lengths[l], i, back[i],          \
                                     expected);                                                    \
                        break;                                                                     \
                    }                                                                              \
                }                                                                                  \
                shmem_barrier_all();                                                               \
            }                                                                                      \
        }                                                                                          \
    }
DEFINE_MISALIGNED_TEST(char, char)
DEFINE_MISALIGNED_TEST(short, short)
DEFINE_MISALIGNED_TEST(int, int)

#define DEFINE_SIZED_TEST(BITS, BYTES)                                                             \
    static void test_sized_##BITS(void) {                                                          \
        enum { N = 9 };                                                                            \
        static _Alignas(16) unsigned char local[3 * N * BYTES];                                    \
        static _Alignas(16) unsigned char back[3 * N * BYTES];                                     \
        for (size_t i = 0; i < sizeof local; ++i) {                                                \
            local[i] = (unsigned char)(me + 7 * i);                                                \
        }                                                                                          \
        memset(area, 0, sizeof local);                                                             \
        shmem_barrier_all();                                                                       \
        shmem_put##BITS(area, local, N, right);                                                    \
        shmem_put##BITS##_nbi(area + N * BYTES, local + N * BYTES, N, right);                      \
        shmem_barrier_all();                                                                       \
        shmem_get##BITS(back, area, N, right);                                                     \
        shmem_get##BITS##_nbi(back + N * BYTES, area + N * BYTES, N, right);                       \
        shmem_quiet();                                                                             \
        if (memcmp(back, local, 2 * N * BYTES) != 0) {                                             \
            fail_element("put/get", #BITS, N, 0, 0, 0);                                            \
        }                                                                                          \
        shmem_barrier_all();                                                                       \
        memset(area, 0, sizeof local);                                                             \
        shmem_barrier_all();                                                                       \
        shmem_iput##BITS(area, local, 3, 1, N, right);                                             \
        shmem_barrier_all();                                                                       \
        memset(back, 0, sizeof back);                                                              \
        shmem_iget##BITS(back, area, 1, 3, N, right);                                              \
        if (memcmp(back, local, N * BYTES) != 0) {                                                 \
            fail_element("iput/iget", #BITS, N, 0, 0, 0);                                          \
        }                                                                                          \
        shmem_barrier_all();                                                                       \
    }
SHMEM_FOR_EACH_SIZE(DEFINE_SIZED_TEST)

static void test_generic(void) {
    long* remote = (long*)area;
    long local[4] = {me, me + 1, me + 2, me + 3};
    remote[5] = 0;
    shmem_barrier_all();
    shmem_put(remote, local, 4, right);
    shmem_p(&remote[5], (long)me * 10, right);
    shmem_barrier_all();
    long back[4];
    shmem_get(back, remote, 4, right);
    if (back[3] != me + 3 || shmem_g(&remote[5], right) != me * 10 || remote[0] != left) {
        fail_element("generic", "long", 4, 0, (double)back[3], me + 3);
    }
    shmem_barrier_all();
}

int main(int argc, char** argv) {
    start_test();
    right = (me + 1) % npes;
    left = (me + npes - 1) % npes;
    if (argc > 1 && strcmp(argv[argc - 1], "quick") == 0) {
        static size_t quick[] = {0, 1, 7, 9};
        memcpy(sizes, quick, sizeof quick);
        size_count = 4;
    }
    area = shmem_malloc(AREA_BYTES);
    if (area == NULL) {
        report_failure("shmem_malloc");
        return 1;
    }
#define RUN_TEST(TYPENAME, TYPE) test_##TYPENAME();
    SHMEM_FOR_EACH_RMA_TYPE(RUN_TEST)
#define RUN_SIZED_TEST(BITS, BYTES) test_sized_##BITS();
    SHMEM_FOR_EACH_SIZE(RUN_SIZED_TEST)
    test_bytes();
    test_misaligned_char();
    test_misaligned_short();
    test_misaligned_int();
    test_generic();
    shmem_free(area);
    return finish_test("rma");
}
