/* xbrtime's start-up, symmetric heap, barrier and addr_accessible, and the collectives' scratch
 * block across sessions. Each PE checks what it can see locally and what the others wrote into
 * it; the first failure prints a line and the program exits 1. */
#include "xbrtime.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int failed;
#define CHECK(condition)                                                                           \
    do {                                                                                           \
        if (!(condition) && !failed) {                                                             \
            failed = 1;                                                                            \
            printf("FAIL on PE %d, line %d: %s\n", xbrtime_mype(), __LINE__, #condition);          \
        }                                                                                          \
    } while (0)

#define PHASES 200
#define MAX_PES 64
/* Static data is symmetric too: every PE writes its phase number into slot `me` of every PE. */
static volatile uint64_t arrivals[MAX_PES];

static void check_barrier(int me, int n) {
    for (uint64_t phase = 1; phase <= PHASES; ++phase) {
        for (int pe = 0; pe < n; ++pe) {
            const uint64_t value = phase;
            /* non-blocking, so only the barrier completes the stores */
            xbrtime_uint64_put_nb((uint64_t*)&arrivals[me], &value, 1, 1, pe);
        }
        /* a PE that dawdles makes a broken barrier visible */
        for (volatile int delay = 0; delay < (me * 37 + (int)phase * 11) % 300; ++delay) {
        }
        xbrtime_barrier();
        for (int pe = 0; pe < n; ++pe) {
            CHECK(arrivals[pe] == phase);
        }
        xbrtime_barrier();
    }
}

static void check_heap(int me, int n) {
    CHECK(xbrtime_malloc(0) == NULL);
    CHECK(xbrtime_malloc((size_t)1 << 62) == NULL);
    char* a = xbrtime_malloc(1);
    char* b = xbrtime_malloc(100);
    char* c = xbrtime_malloc(4096);
    CHECK(a != NULL && b != NULL && c != NULL);
    CHECK(((uintptr_t)a | (uintptr_t)b | (uintptr_t)c) % 64 == 0);
    CHECK(a + 1 <= b && b + 100 <= c);
    /* the same addresses on every PE: PE 0's pointers, fetched from PE 0, match ours */
    static char* pointers[3];
    pointers[0] = a;
    pointers[1] = b;
    pointers[2] = c;
    xbrtime_barrier();
    char* on_pe0[3];
    xbrtime_uint64_get((uint64_t*)on_pe0, (const uint64_t*)pointers, 3, 1, 0);
    CHECK(on_pe0[0] == a && on_pe0[1] == b && on_pe0[2] == c);
    /* a freed block is reused, and freed neighbours merge */
    xbrtime_free(b);
    char* b2 = xbrtime_malloc(64);
    CHECK(b2 == b);
    xbrtime_free(b2);
    xbrtime_free(a);
    char* merged = xbrtime_malloc(200);
    CHECK(merged == a);
    /* a block written remotely by every PE */
    uint32_t* slots = xbrtime_malloc(n * sizeof(uint32_t));
    const uint32_t mine = 0x1000u + (uint32_t)me;
    xbrtime_barrier();
    for (int pe = 0; pe < n; ++pe) {
        xbrtime_uint32_put(&slots[me], &mine, 1, 1, pe);
    }
    xbrtime_barrier();
    for (int pe = 0; pe < n; ++pe) {
        CHECK(slots[pe] == 0x1000u + (uint32_t)pe);
    }
    xbrtime_barrier();
    xbrtime_free(slots);
    xbrtime_free(merged);
    xbrtime_free(c);
    /* everything freed: the heap starts over at the first address */
    char* again = xbrtime_malloc(1);
    CHECK(again == a);
    xbrtime_free(again);
    /* exhaustion gives NULL, and the heap still works afterwards */
    size_t big = (size_t)1 << 20;
    char* blocks[4096];
    int count = 0;
    while (count < 4096 && (blocks[count] = xbrtime_malloc(big)) != NULL) {
        ++count;
    }
    CHECK(count > 0 && count < 4096);
    while (count > 0) {
        xbrtime_free(blocks[--count]);
    }
    CHECK(xbrtime_malloc(big) == a);
    xbrtime_free(a);
}

static void check_accessible(int n) {
    static int static_object;
    int stack_object = 0;
    long* heap_object = xbrtime_malloc(sizeof(long));
    for (int pe = 0; pe < n; ++pe) {
        CHECK(xbrtime_addr_accessible(&static_object, pe) == 1);
        CHECK(xbrtime_addr_accessible(heap_object, pe) == 1);
        CHECK(xbrtime_addr_accessible(&stack_object, pe) == 0);
    }
    CHECK(xbrtime_addr_accessible(&static_object, -1) == 0);
    CHECK(xbrtime_addr_accessible(&static_object, n) == 0);
    xbrtime_free(heap_object);
}

/* The notified reduce_all (the default for integers) keeps a scratch block on the symmetric
 * heap between calls; a new session must not reuse the old session's, which the block allocated
 * next (at the same place) would share. */
static void check_collective_scratch(int me, int n) {
    static long contribution[8];
    static long sum[8];
    for (int i = 0; i < 8; ++i) {
        contribution[i] = me + i;
    }
    xbrtime_long_reduce_all_sum(sum, contribution, 8, 1);
    long* block = xbrtime_malloc(64 * sizeof(long));
    for (int i = 0; i < 64; ++i) {
        block[i] = 1000 + i;
    }
    xbrtime_long_reduce_all_sum(sum, contribution, 8, 1);
    for (int i = 0; i < 8; ++i) {
        CHECK(sum[i] == (long)n * (n - 1) / 2 + (long)n * i);
    }
    for (int i = 0; i < 64; ++i) {
        CHECK(block[i] == 1000 + i);
    }
    xbrtime_barrier();
    xbrtime_free(block);
}

int main(void) {
    CHECK(xbrtime_mype() == -1 && xbrtime_num_pes() == -1);
    for (int session = 0; session < 2; ++session) {
        if (xbrtime_init() != 0) {
            return 1;
        }
        const int me = xbrtime_mype();
        const int n = xbrtime_num_pes();
        CHECK(n >= 1 && n <= MAX_PES && me >= 0 && me < n);
        check_barrier(me, n);
        check_heap(me, n);
        check_accessible(n);
        check_collective_scratch(me, n);
        xbrtime_close();
        CHECK(xbrtime_mype() == -1 && xbrtime_num_pes() == -1);
    }
    if (failed) {
        return 1;
    }
    printf("runtime: passed\n");
    return 0;
}
