/* Two PEs wait, each in a loop of the shape argv[1] names, for a flag that nobody will ever set:
 * xbemu must see the wait whatever the loop looks like after compilation (-O0 or -O2), give the
 * host CPU away and report the deadlock.
 *   two-conditions  while (!done && !abort_requested);   two blocks at -O2
 *   struct-flag     a flag inside a struct
 *   function-call   the loop calls a function, which at -O0 (and, as it calls another, at -O2)
 *                   saves registers on the stack: stores that write what memory already holds
 *   counter         waits for a volatile counter to move from the value first read
 *   remote          polls the other PE's flag with xBGAS remote loads
 *   remote-atomic   reads the other PE's flag with a remote atomic OR of 0 (as a lock's waiter)
 *   local-atomic    reads its own flag with an AMO OR of 0
 * And loops that are no wait, or a wait that ends:
 *   progress        PE 0 increments a counter in memory until a flag is set, with its registers
 *                   the same at every block boundary (only memory changes); PE 1 waits; an
 *                   instruction limit ends the run
 *   handoff         PE 0 computes, then sets PE 1's flag, for which PE 1 waits in the
 *                   function-call loop; both exit with 0
 *   alternating     as handoff, but PE 1 counts down first (a loop that changes its state
 *                   without a store, so the cycle mode's polling detector goes on looking),
 *                   then waits in a loop that flips a register at each turn: its state repeats
 *                   every second turn, and the detector, which backs off from comparing a
 *                   state that did not repeat, still finds it
 *   timer           each PE waits in the two-conditions loop for a flag that its own timer
 *                   interrupt's handler sets; both exit with 0 */
#include <stdint.h>
#include <string.h>
#include <xbgas.h>

volatile int done;
volatile int abort_requested;
struct mailbox {
    long sequence;
    volatile int ready;
    char payload[20];
} mailbox;
volatile unsigned long ticks;
uint64_t done_word;

/* The timer's handler: sets `done` (to its address, which is not 0) and turns the timer off. */
void set_done_on_timer(void);
__asm__(".text\n"
        ".balign 4\n"
        "set_done_on_timer:\n\t"
        "csrw mscratch, t0\n\t"
        "li t0, 128\n\t"
        "csrc mie, t0\n\t"
        "lla t0, done\n\t"
        "sw t0, 0(t0)\n\t"
        "csrr t0, mscratch\n\t"
        "mret\n");

__attribute__((noinline)) static int read_flag(volatile int* flag) {
    return *flag;
}

__attribute__((noinline)) static int flag_is_set(void) {
    return read_flag(&done) + read_flag(&abort_requested);
}

/* PE 0's part of the waits that end: a computation, then PE 1's flag. */
static void compute_then_release_pe_1(void) {
    unsigned long value = 1;
    for (int i = 0; i < 20000; ++i) {
        value = value * 6364136223846793005UL + 1442695040888963407UL;
    }
    ticks = value;
    xb_esw(xb_object_of_pe(1), (void*)&done, 1);
    xb_fence();
}

int main(int argc, char** argv) {
    if (argc < 2) {
        return 2;
    }
    const char* shape = argv[1];
    const uint64_t other = (xb_pe_id() + 1) % xb_pe_count();
    if (strcmp(shape, "two-conditions") == 0) {
        while (!done && !abort_requested) {
        }
    } else if (strcmp(shape, "struct-flag") == 0) {
        while (!mailbox.ready) {
        }
    } else if (strcmp(shape, "function-call") == 0) {
        while (!flag_is_set()) {
        }
    } else if (strcmp(shape, "counter") == 0) {
        const unsigned long start = ticks;
        while (ticks == start) {
        }
    } else if (strcmp(shape, "remote") == 0) {
        while (xb_elw(xb_object_of_pe(other), (const void*)&done) == 0) {
        }
    } else if (strcmp(shape, "remote-atomic") == 0) {
        while (xb_eamoor_d(xb_object_of_pe(other), &done_word, 0) == 0) {
        }
    } else if (strcmp(shape, "local-atomic") == 0) {
        while (__atomic_fetch_or(&done_word, 0, __ATOMIC_ACQUIRE) == 0) {
        }
    } else if (strcmp(shape, "handoff") == 0) {
        if (xb_pe_id() == 0) {
            compute_then_release_pe_1();
        } else {
            while (!flag_is_set()) {
            }
        }
    } else if (strcmp(shape, "alternating") == 0) {
        if (xb_pe_id() == 0) {
            compute_then_release_pe_1();
        } else {
            __asm__ volatile("li t0, 3000\n\t"
                             "li t2, 0\n"
                             "1: addi t0, t0, -1\n\t"
                             "bnez t0, 1b\n"
                             "2: lw t1, 0(%0)\n\t"
                             "bnez t1, 3f\n\t"
                             "xori t2, t2, 1\n\t"
                             "j 2b\n"
                             "3:"
                             :
                             : "r"(&done)
                             : "t0", "t1", "t2", "memory");
        }
    } else if (strcmp(shape, "timer") == 0) {
        volatile uint64_t* mtimecmp = (volatile uint64_t*)0x2004000;
        const volatile uint64_t* mtime = (const volatile uint64_t*)0x200bff8;
        __asm__ volatile("csrw mtvec, %0" ::"r"(set_done_on_timer));
        *mtimecmp = *mtime + 1000;
        __asm__ volatile("csrs mie, %0\n\tcsrsi mstatus, 8" ::"r"(1UL << 7) : "memory");
        while (!done && !abort_requested) {
        }
    } else if (strcmp(shape, "progress") == 0) {
        if (xb_pe_id() == 0) {
            /* The counter passes through t0, which is 0 again before the branch. */
            __asm__ volatile("1: ld t0, 0(%0)\n\t"
                             "addi t0, t0, 1\n\t"
                             "sd t0, 0(%0)\n\t"
                             "li t0, 0\n\t"
                             "lw t1, 0(%1)\n\t"
                             "beqz t1, 1b"
                             :
                             : "r"(&ticks), "r"(&done)
                             : "t0", "t1", "memory");
        } else {
            while (!done) {
            }
        }
    } else {
        return 2;
    }
    return 0;
}
