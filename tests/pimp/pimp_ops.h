/* The PIMP instructions for the C programs of these tests, in the default layout, as raw
 * encodings (.insn): Debian's assembler knows no PIMP mnemonics. */
#ifndef PIMP_OPS_H
#define PIMP_OPS_H

#include <stdint.h>

static inline uint64_t pimp_id(void) {
    uint64_t id;
    __asm__ volatile("csrr %0, 0xc71" : "=r"(id));
    return id;
}

static inline uint64_t pimp_cores(void) {
    uint64_t cores;
    __asm__ volatile("csrr %0, 0xc70" : "=r"(cores));
    return cores;
}

static inline uint64_t cycles(void) {
    uint64_t value;
    __asm__ volatile("csrr %0, cycle" : "=r"(value));
    return value;
}

/* Nonzero when the send FIFO has room (brs taken) / the receive FIFO holds a message (bar). */
static inline int pimp_can_send(void) {
    int ready = 1;
    __asm__ volatile(".insn b 0x5b, 5, x0, x0, 1f\n\tli %0, 0\n1:" : "+r"(ready));
    return ready;
}

static inline int pimp_has_message(void) {
    int ready = 1;
    __asm__ volatile(".insn b 0x5b, 7, x0, x0, 1f\n\tli %0, 0\n1:" : "+r"(ready));
    return ready;
}

/* The waiting idiom: a branch to itself while the FIFO is not ready. */
static inline void pimp_send(uint64_t node, uint64_t word) {
    __asm__ volatile("1: .insn b 0x5b, 4, x0, x0, 1b\n\t"
                     ".insn r 0x5b, 0, 0, x0, %0, %1"
                     :
                     : "r"(node), "r"(word)
                     : "memory");
}

static inline void pimp_wait_for_message(void) {
    __asm__ volatile("1: .insn b 0x5b, 6, x0, x0, 1b" ::: "memory");
}

/* The oldest message: its sender, then its word (which takes it out of the FIFO). */
static inline uint64_t pimp_sender(void) {
    uint64_t sender;
    __asm__ volatile(".insn r 0x5b, 2, 0, %0, x0, x0" : "=r"(sender));
    return sender;
}

static inline uint64_t pimp_receive(void) {
    uint64_t word;
    __asm__ volatile(".insn r 0x5b, 3, 0, %0, x0, x0" : "=r"(word)::"memory");
    return word;
}

#endif
