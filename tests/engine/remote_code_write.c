/* Code of one PE rewritten by another through xBGAS, as under mpirun --transport rma: the
 * writes reach the target's RAM through MPI one-sided operations, and must make the code the
 * target decoded (and the JIT translated) from that page stale, as a direct write does in one
 * process. PE 1 writes `function` (addi a0, a0, 1; ret) into a page of its own, fence.i, and runs
 * it often enough for the JIT to translate it. Then PE 0 rewrites it in PE 1's RAM to add 100,
 * with remote puts (MODE "put"), or with remote atomic swaps of each word (MODE "swap"; under
 * mpirun with PE 0 and PE 1 on one rank these go through the channel too), completes them
 * (fence), lets 50 ms of host time pass (a write's notice reaches a rank through its MPI progress
 * thread, which looks every 50 us) and signals; PE 1 runs the function again without fence.i.
 * Prints "remote code write: passed" and exits 0, or names the wrong result and exits 1.
 * usage: remote_code_write.elf put|swap */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <xbrtime.h>

enum { CALLS = 20, WORDS = 2 };

/* In a page of its own, apart from data, so that only code writes invalidate code. */
static uint32_t function[1024] __attribute__((aligned(4096)));
static volatile uint64_t rewritten __attribute__((aligned(4096)));

static uint32_t addi_a0(int32_t immediate) {
    const uint32_t a0 = 10;
    return ((uint32_t)immediate & 0xfffu) << 20 | a0 << 15 | a0 << 7 | 0x13u;
}

static int check(uint64_t added, const char* when) {
    typedef uint64_t (*generated_function)(uint64_t);
    const generated_function run = (generated_function)(uintptr_t)function;
    for (int call = 0; call < CALLS; call++) {
        const uint64_t argument = (uint64_t)call * 1000003u;
        const uint64_t result = run(argument);
        if (result != argument + added) {
            printf("remote code write: %s, call %d: added %llu, expected %llu\n", when, call,
                   (unsigned long long)(result - argument), (unsigned long long)added);
            return 0;
        }
    }
    return 1;
}

int main(int argc, char** argv) {
    const int swap = argc > 1 && strcmp(argv[1], "swap") == 0;
    if (xbrtime_init() != 0 || xbrtime_num_pes() < 2) {
        printf("remote code write: needs 2 PEs or more\n");
        return 1;
    }
    const int me = xbrtime_mype();
    int passed = 1;
    if (me == 1) {
        function[0] = addi_a0(1);
        function[1] = 0x00008067u; /* ret */
        __asm__ volatile("fence.i" ::: "memory");
        passed = check(1, "before the rewrite");
    }
    xbrtime_barrier();
    if (me == 0) {
        const uint32_t words[WORDS] = {addi_a0(100), 0x00008067u};
        if (swap) {
            for (int word = 0; word < WORDS; word++) {
                xbrtime_uint32_atomic_swap(&function[word], words[word], 1);
            }
        } else {
            xbrtime_uint32_put(function, words, WORDS, 1, 1);
        }
        xbrtime_fence();
        const clock_t start = clock();
        while (clock() - start < CLOCKS_PER_SEC / 20) {
        }
        const uint64_t done = 1;
        xbrtime_uint64_put((uint64_t*)&rewritten, &done, 1, 1, 1);
    } else if (me == 1) {
        while (rewritten == 0) {
        }
        passed = passed && check(100, "after PE 0 rewrote it");
    }
    xbrtime_barrier();
    if (me == 1 && passed) {
        printf("remote code write: passed\n");
    }
    xbrtime_close();
    return passed ? 0 : 1;
}
