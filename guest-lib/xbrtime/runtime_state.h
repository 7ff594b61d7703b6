/* The runtime's state on this PE, shared by the files of the library (not installed). */
#ifndef XBRTIME_RUNTIME_STATE_H
#define XBRTIME_RUNTIME_STATE_H

#include <stddef.h>
#include <stdint.h>

/* The first bytes of the symmetric region belong to the runtime. They sit outside the program's
 * .data/.bss, which picolibc's start-up code clears on every PE, so a PE that starts late cannot
 * wipe a signal another PE already sent it; the emulator hands the region over zeroed. */
#define XBRTIME_MAX_BARRIER_ROUNDS 32
struct xbrtime_control_block {
    /* barrier_round[i]: the number of the latest barrier in which PE (me - 2^i) mod n reached
     * round i. Each word has that one writer, and the numbers only grow. */
    volatile uint64_t barrier_round[XBRTIME_MAX_BARRIER_ROUNDS];
};
#define XBRTIME_CONTROL_BLOCK_SIZE 4096

struct xbrtime_state {
    int pe;
    int pe_count;
    uintptr_t symmetric_base;
    size_t symmetric_size;
    struct xbrtime_control_block* control;
    /* The notified collectives' symmetric scratch block (collective_notified.c) and the size of
     * each of its two data halves; forgotten with the heap at xbrtime_close. */
    char* notified_scratch;
    size_t notified_half_bytes;
};

extern struct xbrtime_state xbrtime_state;

/* Writes one line, formatted like printf and without its newline, to the host's standard
 * error. */
void xbrtime_report_error(const char* format, ...) __attribute__((format(printf, 1, 2)));

/* A RISC-V semihosting call: the operation and its parameter (a1); returns a0. */
uintptr_t xbrtime_semihosting_call(uintptr_t operation, uintptr_t parameter);

/* Flushes this PE's standard streams and ends every PE of the job with the status (also used by
 * shmem_global_exit and the PIMP library). */
void xbrtime_end_job(int status) __attribute__((noreturn));

/* The symmetric region's base (e13), or 0 on a machine without xBGAS (probe.S: misa's X bit
 * says only that some non-standard extension is there, PIMP perhaps). */
uintptr_t xbrtime_probe_symmetric_base(void);

/* The symmetric heap over [start, start + size); called by xbrtime_init. */
void xbrtime_heap_reset(uintptr_t start, size_t size);
/* 1 when [address, address + 1) lies in a block of the symmetric heap's area. */
int xbrtime_heap_contains(uintptr_t address);

/* The assembly transfer loops (transfer.S): nelems elements of 1 << log2_size bytes, stride in
 * bytes on both sides, to or from the PE with the given object ID. Neither waits for puts to
 * complete. */
#define XBRTIME_DECLARE_TRANSFER_LOOPS(size)                                                       \
    void xbrtime_transfer_put_##size(void* dest, const void* src, size_t nelems, ptrdiff_t stride, \
                                     uint64_t object);                                             \
    void xbrtime_transfer_get_##size(void* dest, const void* src, size_t nelems, ptrdiff_t stride, \
                                     uint64_t object);
XBRTIME_DECLARE_TRANSFER_LOOPS(1)
XBRTIME_DECLARE_TRANSFER_LOOPS(2)
XBRTIME_DECLARE_TRANSFER_LOOPS(4)
XBRTIME_DECLARE_TRANSFER_LOOPS(8)
XBRTIME_DECLARE_TRANSFER_LOOPS(16)
#undef XBRTIME_DECLARE_TRANSFER_LOOPS

#endif
