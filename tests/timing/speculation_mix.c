/* Long compute phases that store all over several pages, of a length that differs between PEs
 * and rounds, ended by one interaction each: a remote store, a remote load, a remote atomic, a
 * PIMP word (with `pimp`), or a sleep in wfi until the timer. Every round also reads, without
 * waiting, a word the PE's predecessor stores into it remotely: whether that store has arrived
 * yet depends on simulated time alone. At the end each PE waits (a polling loop) for its
 * predecessor's flag. Each PE prints what it saw; the cycle mode must print the same whatever its
 * windows (speculative in one process, conservative under mpirun or with the commit log).
 * usage: speculation_mix [ROUNDS (24)] [pimp]   (--isa rv64gc_xbgas, or rv64gc_xbgas_xpimp) */
#include <pimp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xbgas.h>

enum { kWords = 6144, kSlots = 64 };

static uint64_t data[kWords];            /* 48 KiB: twelve pages */
static volatile uint64_t posted[kSlots]; /* the predecessor's remote stores */
static volatile uint64_t flag;
static uint64_t counter; /* PE 0's, for everyone's remote atomics */

static const uint64_t kClintMtimecmp = 0x2004000;
static const uint64_t kClintMtime = 0x200bff8;

static void sleep_until_timer(uint64_t ticks) {
    volatile uint64_t* mtimecmp = (volatile uint64_t*)kClintMtimecmp;
    const volatile uint64_t* mtime = (const volatile uint64_t*)kClintMtime;
    *mtimecmp = *mtime + ticks;
    /* Machine interrupts stay globally off: wfi wakes on the pending timer, no trap is taken. */
    __asm__ volatile("csrs mie, %0\n\twfi\n\tcsrc mie, %0" ::"r"(1UL << 7) : "memory");
    *mtimecmp = UINT64_MAX;
}

int main(int argc, char** argv) {
    const unsigned long rounds = argc > 1 ? strtoul(argv[1], NULL, 10) : 24;
    const int with_pimp = argc > 2 && strcmp(argv[2], "pimp") == 0;
    const uint64_t me = xb_pe_id();
    const uint64_t pes = xb_pe_count();
    const uint64_t next = (me + 1) % pes;
    uint64_t seen = 0;
    uint64_t value = me * 0x9e3779b97f4a7c15ULL + 1;
    for (unsigned long round = 0; round < rounds; ++round) {
        const unsigned long steps = 400 + (me * 7919 + round * 104729) % 2400;
        for (unsigned long step = 0; step < steps; ++step) {
            const unsigned long at = (step * 613 + round * 31 + me) % kWords;
            value = value * 6364136223846793005ULL + data[at];
            data[at] = value ^ (value >> 29);
        }
        seen = seen * 31 + posted[(round + kSlots - 1) % kSlots];
        switch (round % (with_pimp ? 5 : 4)) {
        case 0:
            xb_esd(xb_object_of_pe(next), (void*)&posted[round % kSlots], value);
            break;
        case 1:
            seen ^= xb_eld(xb_object_of_pe(next), &data[round % kWords]);
            break;
        case 2:
            seen += xb_eamoadd_d(xb_object_of_pe(0), &counter, 1);
            break;
        case 3:
            sleep_until_timer(1 + (me + round) % 5);
            break;
        default:
            pimp_raw_send(next, value);
            seen += pimp_raw_receive();
            break;
        }
    }
    xb_fence();
    xb_esd(xb_object_of_pe(next), (void*)&flag, 1);
    while (flag == 0) {
    }
    uint64_t sum = 0;
    for (unsigned long at = 0; at < kWords; ++at) {
        sum += data[at];
    }
    printf("PE %llu: seen %016llx data %016llx\n", (unsigned long long)me, (unsigned long long)seen,
           (unsigned long long)sum);
    return 0;
}
