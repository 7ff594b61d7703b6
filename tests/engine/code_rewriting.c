/* Code written at run time and rewritten again and again, on every PE at once: a stress test of
 * the decoded-block and translation caches. Each round, every PE
 *   - writes a function of FUNCTION_LENGTH addi instructions and a ret into a page of its own,
 *     runs it CALLS times (often enough for the JIT to translate it) and checks the result; in
 *     even rounds after fence.i, in odd rounds without, relying on the store into decoded code;
 *   - writes such a function, with other immediates, into the next PE's page (a remote put),
 *     signals it, and runs the one its previous PE wrote into its own page without fence.i:
 *     the remote store must have invalidated what the PE had decoded there.
 * Then every PE writes MANY_FUNCTIONS different functions at once and runs each CALLS times:
 * more code than a small translation cache holds.
 * Prints "code rewriting: passed" and exits 0, or names the first wrong result and exits 1.
 * usage: code_rewriting.elf [ROUNDS] (default 300) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <xbrtime.h>

enum { FUNCTION_LENGTH = 48, CALLS = 6, WORDS = FUNCTION_LENGTH + 1, MANY_FUNCTIONS = 2000 };

typedef uint64_t (*generated_function)(uint64_t);

/* Each in a page of its own, apart from data, so that only code writes invalidate code. */
static uint32_t own_code[1024] __attribute__((aligned(4096)));
static uint32_t neighbour_code[1024] __attribute__((aligned(4096)));
static volatile uint64_t neighbour_round __attribute__((aligned(4096)));
static uint32_t many_functions[MANY_FUNCTIONS][WORDS] __attribute__((aligned(4096)));

static uint32_t addi_a0(int32_t immediate) {
    const uint32_t a0 = 10;
    return ((uint32_t)immediate & 0xfffu) << 20 | a0 << 15 | a0 << 7 | 0x13u;
}

static int32_t immediate(int round, int writer, int index, int salt) {
    return (int32_t)((round * 7 + index * 13 + writer * 31 + salt) % 2000) - 1000;
}

/* The function's words for (round, writer, salt), and what it adds to its argument. */
static int64_t generate(uint32_t* words, int round, int writer, int salt) {
    int64_t sum = 0;
    for (int index = 0; index < FUNCTION_LENGTH; index++) {
        const int32_t value = immediate(round, writer, index, salt);
        words[index] = addi_a0(value);
        sum += value;
    }
    words[FUNCTION_LENGTH] = 0x00008067u; /* ret */
    return sum;
}

static int run_and_check(uint32_t* code, int64_t sum, int round, const char* what) {
    const generated_function function = (generated_function)(uintptr_t)code;
    for (int call = 0; call < CALLS; call++) {
        const uint64_t argument = (uint64_t)round * 1000003u + (uint64_t)call;
        const uint64_t result = function(argument);
        if (result != argument + (uint64_t)sum) {
            printf("code rewriting: PE %d, round %d, %s: got %llu, expected %llu\n", xbrtime_mype(),
                   round, what, (unsigned long long)result,
                   (unsigned long long)(argument + (uint64_t)sum));
            return 0;
        }
    }
    return 1;
}

int main(int argc, char** argv) {
    const int rounds = argc > 1 ? atoi(argv[1]) : 300;
    if (xbrtime_init() != 0) {
        return 1;
    }
    const int me = xbrtime_mype();
    const int pes = xbrtime_num_pes();
    const int next = (me + 1) % pes;
    const int previous = (me + pes - 1) % pes;
    static uint32_t words[WORDS];
    int passed = 1;
    for (int round = 1; round <= rounds && passed; round++) {
        const int64_t own_sum = generate(own_code, round, me, 0);
        if (round % 2 == 0) {
            __asm__ volatile("fence.i" ::: "memory");
        }
        passed = run_and_check(own_code, own_sum, round, "own code");

        generate(words, round, me, 500);
        xbrtime_uint32_put(neighbour_code, words, WORDS, 1, next);
        const uint64_t round_number = (uint64_t)round;
        xbrtime_uint64_put((uint64_t*)&neighbour_round, &round_number, 1, 1, next);
        while (neighbour_round != round_number) {
        }
        const int64_t neighbour_sum = generate(words, round, previous, 500);
        passed = passed && run_and_check(neighbour_code, neighbour_sum, round, "code from PE");
        /* Nobody rewrites a page before its PE has run it. */
        xbrtime_barrier();
    }
    xbrtime_barrier();
    static int64_t sums[MANY_FUNCTIONS];
    for (int function = 0; function < MANY_FUNCTIONS; function++) {
        sums[function] = generate(many_functions[function], function, me, 1000);
    }
    __asm__ volatile("fence.i" ::: "memory");
    for (int function = 0; function < MANY_FUNCTIONS && passed; function++) {
        passed = run_and_check(many_functions[function], sums[function], function, "many");
    }
    xbrtime_barrier();
    if (me == 0 && passed) {
        printf("code rewriting: passed\n");
    }
    xbrtime_close();
    return passed ? 0 : 1;
}
