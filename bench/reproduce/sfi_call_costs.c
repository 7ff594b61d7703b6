/* Instructions and cycles per call of four OpenSHMEM routines on the critical path of PGAS
 * communication, as the Scalable Fabric Interface paper counted them: shmem_int_p,
 * shmem_putmem_nbi of 8 bytes, shmem_quiet (with one put outstanding, and with none) and
 * shmem_barrier_all. PE 0 reads the instret and cycle CSRs around each call (their own cost,
 * measured around nothing, subtracted) and prints the average over the repetitions; the other
 * PEs take part in the barriers, and PE 1 is the target of the puts.
 *
 * usage: sfi_call_costs [repetitions (100)]     (2 PEs or more)
 * PE 0 prints, after a line of column names starting with '#':
 *   ROUTINE INSTRUCTIONS CYCLES     per call, averaged */
#include <shmem.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct counters {
    uint64_t instructions;
    uint64_t cycles;
};

static inline struct counters read_counters(void) {
    struct counters now;
    __asm__ volatile("rdinstret %0\n\trdcycle %1"
                     : "=r"(now.instructions), "=r"(now.cycles)
                     :
                     : "memory");
    return now;
}

static int target;
static char destination[8];
static const char source[8] = "sfi-put";

/* One function per routine, each reading the counters right before and after the call, so
 * that nothing but the call (its jal included) lies between the reads. */
#define TIMED(CALL)                                                                                \
    const struct counters start = read_counters();                                                 \
    CALL;                                                                                          \
    const struct counters end = read_counters();                                                   \
    return (struct counters) {                                                                     \
        end.instructions - start.instructions, end.cycles - start.cycles                           \
    }

__attribute__((noinline)) static struct counters time_nothing(int value) {
    (void)value;
    TIMED((void)0);
}

__attribute__((noinline)) static struct counters time_int_p(int value) {
    TIMED(shmem_int_p(&target, value, 1));
}

__attribute__((noinline)) static struct counters time_putmem_nbi(int value) {
    (void)value;
    TIMED(shmem_putmem_nbi(destination, source, sizeof destination, 1));
}

__attribute__((noinline)) static struct counters time_quiet(int value) {
    (void)value;
    TIMED(shmem_quiet());
}

__attribute__((noinline)) static struct counters time_quiet_after_put(int value) {
    (void)value;
    shmem_putmem_nbi(destination, source, sizeof destination, 1);
    TIMED(shmem_quiet());
}

__attribute__((noinline)) static struct counters time_barrier_all(int value) {
    (void)value;
    TIMED(shmem_barrier_all());
}

struct routine {
    const char* name;
    struct counters (*time)(int value);
    int every_pe; /* whether every PE calls it (the barrier), or PE 0 alone */
};

static const struct routine routines[] = {
    {"nothing", time_nothing, 0},
    {"shmem_int_p", time_int_p, 0},
    {"shmem_putmem_nbi", time_putmem_nbi, 0},
    {"shmem_quiet_after_put", time_quiet_after_put, 0},
    {"shmem_quiet", time_quiet, 0},
    {"shmem_barrier_all", time_barrier_all, 1},
};

/* One timed call on PE 0 (on every PE for the barrier), its puts completed afterwards. */
static struct counters timed_call(const struct routine* routine, int value) {
    struct counters cost = {0, 0};
    if (routine->every_pe || shmem_my_pe() == 0) {
        cost = routine->time(value);
        shmem_quiet();
    }
    return cost;
}

int main(int argc, char** argv) {
    shmem_init();
    const unsigned repetitions = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 100;
    if (shmem_n_pes() < 2 || repetitions == 0) {
        if (shmem_my_pe() == 0) {
            fprintf(stderr, "sfi_call_costs: needs 2 PEs or more and 1 repetition or more\n");
        }
        shmem_global_exit(2);
    }
    struct counters overhead = {0, 0};
    if (shmem_my_pe() == 0) {
        printf("# routine instructions-per-call cycles-per-call\n");
    }
    for (size_t r = 0; r < sizeof routines / sizeof *routines; ++r) {
        const struct routine* routine = &routines[r];
        shmem_barrier_all();
        timed_call(routine, -1); /* warms the code up, untimed */
        shmem_barrier_all();
        struct counters sum = {0, 0};
        for (unsigned i = 0; i < repetitions; ++i) {
            const struct counters call = timed_call(routine, (int)i);
            sum.instructions += call.instructions;
            sum.cycles += call.cycles;
        }
        const struct counters average = {sum.instructions / repetitions, sum.cycles / repetitions};
        if (r == 0) {
            overhead = average;
        } else if (shmem_my_pe() == 0) {
            printf("%s %llu %llu\n", routine->name,
                   (unsigned long long)(average.instructions - overhead.instructions),
                   (unsigned long long)(average.cycles - overhead.cycles));
        }
    }
    shmem_barrier_all();
    int status = 0;
    if (shmem_my_pe() == 1 && target != (int)repetitions - 1) {
        fprintf(stderr, "sfi_call_costs: PE 1's target is %d, not %u\n", target, repetitions - 1);
        status = 1;
    }
    shmem_finalize();
    return status;
}
