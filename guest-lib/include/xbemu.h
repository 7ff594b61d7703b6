/* Measurement hints for programs that run on xbemu: regions of interest, statistics resets and
 * labelled snapshots (docs/measuring.md). Each is one RISC-V HINT instruction, `slti x0, rs1,
 * imm` (rd = x0, which the unprivileged ISA leaves to custom hints), so the same program runs
 * unchanged on QEMU, Spike or hardware, where each is a no-op. Needs nothing but a C compiler:
 * usable with picolibc alone, xbrtime, OpenSHMEM or PIMP.
 *
 *     xbemu_stats_reset();            zero the counters here
 *     xbemu_roi_begin();              count from here (with xbemu --stats-roi) ...
 *     kernel();
 *     xbemu_roi_end();                ... to here; several regions add up
 *     xbemu_stats_dump("kernel");     a labelled snapshot in --stats and --stats-json
 *
 * The "memory" clobber keeps the compiler from moving loads and stores across a hint.
 */
#ifndef XBEMU_H
#define XBEMU_H

/* The encodings, also for assembly files: `.4byte XBEMU_HINT_ROI_BEGIN`. */
#define XBEMU_HINT_ROI_BEGIN 0x10002013   /* slti x0, x0, 0x100 */
#define XBEMU_HINT_ROI_END 0x10102013     /* slti x0, x0, 0x101 */
#define XBEMU_HINT_STATS_RESET 0x10202013 /* slti x0, x0, 0x102 */
#define XBEMU_HINT_STATS_DUMP 0x10352013  /* slti x0, a0, 0x103: a0 = the label */
#define XBEMU_HINT_CHECKPOINT 0x10402013  /* slti x0, x0, 0x104 */

/* Starts a region of interest; regions do not nest (a begin inside one is ignored). */
static inline __attribute__((always_inline)) void xbemu_roi_begin(void) {
    __asm__ volatile("slti zero, zero, 0x100" ::: "memory");
}

/* Ends the region of interest (ignored outside one). */
static inline __attribute__((always_inline)) void xbemu_roi_end(void) {
    __asm__ volatile("slti zero, zero, 0x101" ::: "memory");
}

/* Zeroes the statistics of this PE at this point (with --stats-roi: the regions' sums). */
static inline __attribute__((always_inline)) void xbemu_stats_reset(void) {
    __asm__ volatile("slti zero, zero, 0x102" ::: "memory");
}

/* Writes this PE's statistics at this point, under `label` (a NUL-terminated string of up to
 * 200 characters), into xbemu's --stats and --stats-json output. */
static inline __attribute__((always_inline)) void xbemu_stats_dump(const char* label) {
    register const char* a0 __asm__("a0") = label;
    __asm__ volatile("slti zero, a0, 0x103" : : "r"(a0) : "memory");
}

/* Where a checkpoint of the job would be written: accepted, and a no-op, until xbemu writes
 * checkpoints. */
static inline __attribute__((always_inline)) void xbemu_checkpoint(void) {
    __asm__ volatile("slti zero, zero, 0x104" ::: "memory");
}

#endif
