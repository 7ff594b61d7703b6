// Reads the cycle counter in the middle of blocks of different lengths and costs that follow
// one another, so that in the cycle mode translated code enters each from the one before
// (chaining) rather than from the dispatch loop: each read must place its instruction in the
// block that runs (Hart::cycle_at), whatever block the loop started with. Prints a checksum of
// the differences between reads and the last few of them, the same on both engines.
// usage: cycle_reads.elf [rounds]
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

// Two multiplications (their stalls), then the cycle read as the block's fourth instruction.
static inline uint64_t read_late(uint64_t* value) {
    uint64_t cycle;
    uint64_t v = *value;
    __asm__ volatile("mul %0, %0, %0\n\t"
                     "addi %0, %0, 3\n\t"
                     "mul %0, %0, %0\n\t"
                     "csrr %1, mcycle\n\t"
                     : "+r"(v), "=r"(cycle));
    *value = v;
    return cycle;
}

// The cycle read as the block's second instruction, after a division.
static inline uint64_t read_early(uint64_t* value) {
    uint64_t cycle;
    uint64_t v = *value;
    __asm__ volatile("divu %0, %0, %2\n\t"
                     "csrr %1, mcycle\n\t"
                     "addi %0, %0, 5\n\t"
                     : "+r"(v), "=r"(cycle)
                     : "r"(UINT64_C(7)));
    *value = v;
    return cycle;
}

// A block of the longest length (MachineConfig::max_block_length, 256 instructions) that ends
// with a load, and the next block's first instruction using what it loaded: a load-use stall
// on entry to a block, then a cycle read in that block.
static inline uint64_t read_after_load_use(const uint64_t* cell) {
    uint64_t loaded;
    uint64_t sum = 0;
    uint64_t cycle;
    __asm__ volatile("j 1f\n\t"
                     ".balign 4\n"
                     "1:\n\t"
                     ".rept 255\n\t"
                     "addi %1, %1, 1\n\t"
                     ".endr\n\t"
                     "ld %0, 0(%3)\n\t"
                     "add %1, %1, %0\n\t"
                     "csrr %2, mcycle\n\t"
                     : "=&r"(loaded), "+r"(sum), "=r"(cycle)
                     : "r"(cell)
                     : "memory");
    return cycle + sum;
}

// A block that loops on itself and reads the CLINT's mtime (a device load, which calls a helper
// that reads the time) in the middle of each turn, after a multiplication's stall, and stores
// (no polling): translated code counts such a loop's turns in a register (docs/engine.md), and
// must account them before the read and when the loop ends.
static inline uint64_t read_in_loop(uint64_t turns, uint64_t* value) {
    uint64_t sum = 0;
    uint64_t time;
    uint64_t v = *value;
    __asm__ volatile("1:\n\t"
                     "mul %2, %2, %2\n\t"
                     "ld %1, 0(%5)\n\t"
                     "add %0, %0, %1\n\t"
                     "sd %0, 0(%4)\n\t"
                     "addi %3, %3, -1\n\t"
                     "bnez %3, 1b\n\t"
                     : "+r"(sum), "=&r"(time), "+r"(v), "+r"(turns)
                     : "r"(value), "r"(UINT64_C(0x200bff8))
                     : "memory");
    *value = v | 1;
    return sum;
}

int main(int argc, char** argv) {
    const long rounds = argc > 1 ? strtol(argv[1], NULL, 10) : 20000;
    uint64_t value = 12345;
    uint64_t checksum = 0;
    uint64_t previous = read_early(&value);
    for (long round = 0; round < rounds; ++round) {
        const uint64_t late = read_late(&value);
        if ((value >> 7) & 1) {
            value ^= late;
        }
        const uint64_t early = read_early(&value);
        if (round % 16 == 0) {
            checksum ^= read_after_load_use(&value);
        }
        checksum += read_in_loop((uint64_t)(round % 61) + 1, &value);
        checksum = checksum * 31 + (late - previous) * 7 + (early - late);
        previous = early;
        if (round >= rounds - 3) {
            printf("cycle reads: %" PRIu64 " %" PRIu64 "\n", late, early);
        }
    }
    printf("cycle reads checksum: %016" PRIx64 "\n", checksum);
    return 0;
}
