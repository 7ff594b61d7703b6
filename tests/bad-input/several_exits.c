/* Several PEs end with different statuses (argv[1] names the case); the job's status must be
 * the lowest-numbered failed PE's, the same on every run, in one process and under mpirun.
 *   at-once        PE p exits with 10 + p at once: 10
 *   later          PE 2 exits with 5 at once, PE 1 computes a while and then exits with 6,
 *                  the others exit with 0: 6
 *   others-run-on  PE 1 exits with 7, PE 0 keeps storing forever: the job stops after a
 *                  grace period with 7
 *   trap-after     PE 1 exits with 4, PE 2 executes an illegal instruction: 4, and PE 2's
 *                  trap is reported
 *   trap-before    PE 1 executes an illegal instruction, PE 2 exits with 4: 1, the trap */
#include <stdint.h>
#include <string.h>
#include <xbgas.h>

volatile uint64_t sink;

/* Without a trap handler (picolibc's would report the trap and exit with 1), so that xbemu
 * stops the PE. */
static void unhandled_illegal_instruction(void) {
    __asm__ volatile("csrw mtvec, zero\n\t.4byte 0");
}

int main(int argc, char** argv) {
    if (argc < 2) {
        return 2;
    }
    const char* mode = argv[1];
    const uint64_t pe = xb_pe_id();
    if (strcmp(mode, "at-once") == 0) {
        return 10 + (int)pe;
    }
    if (strcmp(mode, "later") == 0) {
        if (pe == 2) {
            return 5;
        }
        if (pe != 1) {
            return 0;
        }
        uint64_t value = 1;
        for (int i = 0; i < 50000; ++i) {
            value = value * 6364136223846793005ULL + 1442695040888963407ULL;
        }
        sink = value;
        return 6;
    }
    if (strcmp(mode, "others-run-on") == 0) {
        if (pe == 1) {
            return 7;
        }
        for (;;) {
            ++sink;
        }
    }
    if (strcmp(mode, "trap-after") == 0 || strcmp(mode, "trap-before") == 0) {
        const uint64_t trapping = strcmp(mode, "trap-after") == 0 ? 2 : 1;
        if (pe == trapping) {
            unhandled_illegal_instruction();
        }
        return pe == 3 - trapping ? 4 : 0;
    }
    return 2;
}
