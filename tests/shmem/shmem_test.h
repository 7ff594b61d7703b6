/* What the OpenSHMEM tests share: the calling PE and the number of PEs, the count of failed checks
 * with the reports of the first ten, the start and the closing summary, the members of active
 * sets, and pSync set-up and checks. Each test program is one file, which includes this once. */
#ifndef SHMEM_TEST_H
#define SHMEM_TEST_H

#include <shmem.h>
#include <stdarg.h>
#include <stdio.h>

static int me, npes, failures;

/* Counts a failed check; the first ten are reported, one line each: "PE me: FAIL <format>". */
__attribute__((format(printf, 1, 2))) static inline void report_failure(const char* format, ...) {
    if (failures++ < 10) {
        /* One printf for the whole line, so that the PEs' reports do not interleave within it. */
        char text[200];
        va_list arguments;
        va_start(arguments, format);
        vsnprintf(text, sizeof text, format, arguments);
        va_end(arguments);
        printf("PE %d: FAIL %s\n", me, text);
    }
}

static inline void fail(const char* what, long detail) {
    report_failure("%s (%ld)", what, detail);
}

/* shmem_init, then me and npes. */
static inline void start_test(void) {
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
}

/* For tests whose tables hold max_pes PEs: whether the job has more (which it then reports). */
static inline int too_many_pes(int max_pes) {
    if (npes > max_pes) {
        printf("PE %d: at most %d PEs\n", me, max_pes);
        return 1;
    }
    return 0;
}

/* shmem_finalize; PE 0 prints "shmem name: N PEs passed" when its checks passed, the line the
 * CTest test matches. Returns the exit status: 1 when a check failed on this PE. */
static inline int finish_test(const char* name) {
    shmem_finalize();
    if (failures == 0 && me == 0) {
        printf("shmem %s: %d PEs passed\n", name, npes);
    }
    return failures != 0;
}

/* The PE of member k of the active set that starts at PE start, every 2^log_stride PEs. */
static inline int set_member_pe(int start, int log_stride, int k) {
    return start + (k << log_stride);
}

static inline void init_psync(long* pSync, int size) {
    for (int i = 0; i < size; ++i) {
        pSync[i] = SHMEM_SYNC_VALUE;
    }
}

/* Every collective leaves its pSync as it found it: the index of the first of size words that
 * no longer holds SHMEM_SYNC_VALUE, or -1. */
static inline int changed_psync_word(const long* pSync, int size) {
    for (int i = 0; i < size; ++i) {
        if (pSync[i] != SHMEM_SYNC_VALUE) {
            return i;
        }
    }
    return -1;
}

#endif
