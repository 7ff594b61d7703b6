/* Remote-memory microbenchmark for xBGAS: PE 0 performs `count` memory operations on PE 1's
 * memory (remote: eld/esd through object ID 2) or on its own (local: ld/sd), as a dependent
 * pointer chase (latency), independent loads (load throughput) or stores (store throughput).
 * PE 1 waits until PE 0 is done. run-remote-memory-benchmark.sh times the runs.
 * usage: remote_memory latency|loads|stores local|remote count */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TABLE_ENTRIES 4096

static uint64_t table[TABLE_ENTRIES];

static uint64_t pe_id(void) {
    uint64_t id;
    __asm__ volatile(".insn i 0x7b, 6, %0, x10, 0" : "=r"(id)); /* eaddi id, e10, 0 */
    return id;
}

/* The two handshake words live at the start of the symmetric region (e13), which the C start-up
 * code leaves alone: a remote write into .data or .bss could be wiped by the target's crt0. */
static volatile uint64_t* handshake(void) {
    uint64_t base;
    __asm__ volatile(".insn i 0x7b, 6, %0, x13, 0" : "=r"(base)); /* eaddi base, e13, 0 */
    return (volatile uint64_t*)base;
}
enum { kPeerReady = 0, kDone = 1 };

/* e5 = object, then the access through x5 (t0), so that e[rs1] names the object. */
static inline uint64_t remote_load(uint64_t object, const uint64_t* address) {
    register uint64_t base __asm__("t0") = (uint64_t)address;
    uint64_t value;
    __asm__ volatile(".insn i 0x7b, 5, x5, %1, 0\n\t" /* eaddie e5, object, 0 */
                     ".insn i 0x77, 3, %0, 0(t0)"     /* eld value, 0(t0) */
                     : "=r"(value)
                     : "r"(object), "r"(base)
                     : "memory");
    return value;
}

static inline void remote_store(uint64_t object, uint64_t* address, uint64_t value) {
    register uint64_t base __asm__("t0") = (uint64_t)address;
    __asm__ volatile(".insn i 0x7b, 5, x5, %0, 0\n\t" /* eaddie e5, object, 0 */
                     ".insn s 0x7b, 3, %1, 0(t0)"     /* esd value, 0(t0) */
                     :
                     : "r"(object), "r"(value), "r"(base)
                     : "memory");
}

/* A single cycle through the whole table, so a chase touches every entry. */
static void build_permutation(void) {
    uint64_t state = 12345;
    uint64_t order[TABLE_ENTRIES];
    for (uint64_t i = 0; i < TABLE_ENTRIES; ++i) {
        order[i] = i;
    }
    for (uint64_t i = TABLE_ENTRIES - 1; i > 0; --i) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        const uint64_t j = (state >> 33) % (i + 1);
        const uint64_t swap = order[i];
        order[i] = order[j];
        order[j] = swap;
    }
    for (uint64_t i = 0; i < TABLE_ENTRIES; ++i) {
        table[order[i]] = order[(i + 1) % TABLE_ENTRIES];
    }
}

int main(int argc, char** argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: remote_memory latency|loads|stores local|remote count\n");
        return 2;
    }
    const char* operation = argv[1];
    const int remote = strcmp(argv[2], "remote") == 0;
    const uint64_t count = strtoull(argv[3], NULL, 10);
    const uint64_t peer = 2; /* object ID of PE 1 */
    build_permutation();
    volatile uint64_t* words = handshake();
    if (pe_id() != 0) {
        remote_store(1, (uint64_t*)&words[kPeerReady], 1); /* object ID 1: PE 0 */
        __asm__ volatile("fence" ::: "memory");
        while (words[kDone] == 0) {
        }
        return 0;
    }
    while (words[kPeerReady] == 0) {
    }

    uint64_t result = 0;
    if (strcmp(operation, "latency") == 0) {
        uint64_t index = 0;
        for (uint64_t i = 0; i < count; ++i) {
            index = remote ? remote_load(peer, &table[index]) : ((volatile uint64_t*)table)[index];
        }
        result = index;
    } else if (strcmp(operation, "loads") == 0) {
        for (uint64_t i = 0; i < count; i += 4) {
            const uint64_t slot = i % TABLE_ENTRIES;
            if (remote) {
                result += remote_load(peer, &table[slot]) + remote_load(peer, &table[slot + 1]) +
                          remote_load(peer, &table[slot + 2]) + remote_load(peer, &table[slot + 3]);
            } else {
                volatile uint64_t* local = table;
                result += local[slot] + local[slot + 1] + local[slot + 2] + local[slot + 3];
            }
        }
    } else if (strcmp(operation, "stores") == 0) {
        for (uint64_t i = 0; i < count; i += 4) {
            const uint64_t slot = i % TABLE_ENTRIES;
            if (remote) {
                remote_store(peer, &table[slot], i);
                remote_store(peer, &table[slot + 1], i);
                remote_store(peer, &table[slot + 2], i);
                remote_store(peer, &table[slot + 3], i);
            } else {
                volatile uint64_t* local = table;
                local[slot] = i;
                local[slot + 1] = i;
                local[slot + 2] = i;
                local[slot + 3] = i;
            }
        }
        __asm__ volatile("fence" ::: "memory");
        result = count;
    } else {
        fprintf(stderr, "remote_memory: unknown operation %s\n", operation);
        return 2;
    }
    remote_store(peer, (uint64_t*)&words[kDone], 1);
    __asm__ volatile("fence" ::: "memory");
    printf("%s %s %llu result %llu\n", operation, remote ? "remote" : "local",
           (unsigned long long)count, (unsigned long long)result);
    return 0;
}
