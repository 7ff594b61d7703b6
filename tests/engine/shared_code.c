/* PEs of one process share the blocks decoded from the program as loaded; a PE whose program
 * code changes must leave them while the others keep running the original. A function in the
 * program's text, `add_one`, adds 1. Every PE runs it often enough for the JIT to translate it;
 * then PE 0 rewrites it in its own RAM (fence.i) to add 100, PE 1 rewrites PE 2's copy through
 * a remote put (no fence.i: the remote store must invalidate) to add 200, and every PE runs it
 * again and checks its own result: 101 on PE 0, 201 on PE 2, 1 on every other PE. Last, PE 0
 * writes the original back and runs it again (fence.i).
 * Prints "shared code: passed" and exits 0, or names the first wrong result and exits 1. */
#include <stdint.h>
#include <stdio.h>
#include <xbrtime.h>

enum { CALLS = 20 };

uint64_t add_one(uint64_t value);
/* Not compressed, so that one word holds the addi. */
__asm__(".pushsection .text.add_one, \"ax\", @progbits\n"
        ".option push\n"
        ".option norvc\n"
        ".globl add_one\n"
        ".p2align 2\n"
        "add_one:\n"
        "    addi a0, a0, 1\n"
        "    ret\n"
        ".option pop\n"
        ".popsection\n");

enum { MAX_PES = 64 };

static volatile uint64_t rewritten __attribute__((aligned(64)));
static volatile uint64_t passed_on[MAX_PES]; /* PE 0's: each PE's verdict, 1 when passed */

static uint32_t addi_a0(int32_t immediate) {
    const uint32_t a0 = 10;
    return ((uint32_t)immediate & 0xfffu) << 20 | a0 << 15 | a0 << 7 | 0x13u;
}

static int check(uint64_t added, const char* when) {
    for (int call = 0; call < CALLS; call++) {
        const uint64_t argument = (uint64_t)call * 1000003u;
        const uint64_t result = add_one(argument);
        if (result != argument + added) {
            printf("shared code: PE %d, %s: got %llu, expected %llu\n", xbrtime_mype(), when,
                   (unsigned long long)result, (unsigned long long)(argument + added));
            return 0;
        }
    }
    return 1;
}

int main(void) {
    if (xbrtime_init() != 0) {
        return 1;
    }
    const int me = xbrtime_mype();
    const int pes = xbrtime_num_pes();
    uint32_t* const code = (uint32_t*)(uintptr_t)add_one;
    const uint32_t original = code[0];
    int passed = check(1, "before any rewriting");
    xbrtime_barrier();
    if (me == 0) {
        code[0] = addi_a0(100);
        __asm__ volatile("fence.i" ::: "memory");
    }
    if (me == 1 && pes > 2) {
        const uint32_t word = addi_a0(200);
        xbrtime_uint32_put(code, &word, 1, 1, 2);
        const uint64_t done = 1;
        xbrtime_uint64_put((uint64_t*)&rewritten, &done, 1, 1, 2);
    }
    if (me == 2) {
        while (rewritten == 0) {
        }
    }
    const uint64_t expected = me == 0 ? 100 : me == 2 ? 200 : 1;
    passed = check(expected, "after rewriting") && passed;
    xbrtime_barrier();
    if (me == 0) {
        code[0] = original;
        __asm__ volatile("fence.i" ::: "memory");
    }
    passed = check(me == 2 ? 200 : 1, "after writing back") && passed;
    const uint64_t verdict = passed ? 1 : 0;
    xbrtime_uint64_put((uint64_t*)&passed_on[me], &verdict, 1, 1, 0);
    xbrtime_barrier();
    if (me == 0) {
        int all = 1;
        for (int pe = 0; pe < pes && pe < MAX_PES; pe++) {
            all = all && passed_on[pe] == 1;
        }
        if (all) {
            printf("shared code: passed\n");
        }
    }
    xbrtime_close();
    return passed ? 0 : 1;
}
