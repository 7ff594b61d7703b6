/* A job to checkpoint (check-checkpoint.sh): each PE fills a table (the set-up), PE 1 starts a
 * line it ends only after the checkpoint, a barrier, xbemu_checkpoint(), then a region of
 * interest where each PE stores a block of its table into the next PE's copy, a barrier, and
 * sums what it received; the PEs print their sums in turn. With the argument "open-file" PE 0
 * keeps a host file open across its xbemu_checkpoint(), which xbemu refuses to checkpoint; with
 * "uart" PE 0 configures the 16550 UART (line control, scratch register, divisor latch) before
 * the checkpoint and prints what it reads back after it. */
#include "xbemu.h"
#include "xbgas.h"
#include "xbrtime.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { kTable = 4096, kBlock = 256, kSetupRounds = 20 };

/* QEMU virt's 16550 UART: the divisor latch shares offsets 0 and 1 while LCR's DLAB bit is set. */
static volatile uint8_t* const uart = (volatile uint8_t*)0x10000000;
enum { kDivisorLow = 0, kDivisorHigh = 1, kLineControl = 3, kScratch = 7, kDlab = 0x80 };

static uint64_t table[kTable];

int main(int argc, char** argv) {
    const int open_file = argc > 1 && strcmp(argv[1], "open-file") == 0;
    const int configure_uart = argc > 1 && strcmp(argv[1], "uart") == 0;
    if (xbrtime_init() != 0) {
        return 1;
    }
    const int me = xbrtime_mype();
    const int pes = xbrtime_num_pes();
    uint64_t* inbox = xbrtime_malloc(kBlock * sizeof(uint64_t));
    uint64_t seed = 0x9e3779b97f4a7c15ULL * (uint64_t)(me + 1);
    for (int round = 0; round < kSetupRounds; ++round) {
        for (int i = 0; i < kTable; ++i) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            table[i] += seed;
        }
    }
    FILE* file = NULL;
    if (open_file && me == 0) {
        file = fopen("checkpoint-open-file.txt", "w");
    }
    if (me == 0) {
        printf("set-up done on %d PEs\n", pes);
    }
    if (configure_uart && me == 0) {
        uart[kLineControl] = kDlab;
        uart[kDivisorLow] = 0x0c;
        uart[kDivisorHigh] = 0x01;
        uart[kLineControl] = 0x1b;
        uart[kScratch] = 0x5a;
    }
    if (me == 1) {
        printf("PE 1 started this line before the checkpoint");
        fflush(stdout);
    }
    xbrtime_barrier();
    xbemu_checkpoint();
    if (me == 1) {
        printf(" and ended it after\n");
    }
    if (configure_uart && me == 0) {
        const unsigned line = uart[kLineControl];
        const unsigned scratch = uart[kScratch];
        uart[kLineControl] = (uint8_t)(line | kDlab);
        const unsigned divisor = uart[kDivisorLow] | (unsigned)uart[kDivisorHigh] << 8;
        uart[kLineControl] = (uint8_t)line;
        printf("PE 0: UART line control %02x, scratch %02x, divisor %04x\n", line, scratch,
               divisor);
    }
    xbemu_roi_begin();
    const uint64_t next = xb_object_of_pe((uint64_t)((me + 1) % pes));
    for (int i = 0; i < kBlock; ++i) {
        xb_esd(next, &inbox[i], table[i * (kTable / kBlock)] >> 8);
    }
    xb_fence();
    xbrtime_barrier();
    uint64_t sum = 0;
    for (int i = 0; i < kBlock; ++i) {
        sum += inbox[i] / (uint64_t)(i + 1);
    }
    xbemu_roi_end();
    for (int pe = 0; pe < pes; ++pe) {
        if (pe == me) {
            printf("PE %d: sum %016llx\n", me, (unsigned long long)sum);
        }
        xbrtime_barrier();
    }
    if (file != NULL) {
        fclose(file);
    }
    xbrtime_free(inbox);
    xbrtime_close();
    return 0;
}
