/* xBGAS instructions written by name in inline assembly, which only the patched assembler
 * accepts: with it, xbcc builds this program. Each PE stores into the next PE's slot (esd, the
 * object ID set with eaddie), reads it back remotely (erld), adds to PE 0's counter (eamoadd.d)
 * and reads its PE number (movebe from e10). Prints one line per PE; exits 1 on a mismatch. */
#include "xbrtime.h"

#include <stdint.h>
#include <stdio.h>

static int64_t slot;
static int64_t counter;

/* Base-type stores take their object ID from the e register of the address register: pin the
 * address to t6 so that e31 is that register. */
static void store_remote(uint64_t object, int64_t* address, int64_t value) {
    register int64_t* pinned __asm__("t6") = address;
    __asm__ volatile("eaddie e31, %0, 0\n\tesd %2, 0(%1)"
                     :
                     : "r"(object), "r"(pinned), "r"(value)
                     : "memory");
}

static int64_t load_remote(uint64_t object, int64_t* address) {
    int64_t value;
    __asm__ volatile("eaddie e20, %1, 0\n\terld %0, %2, e20"
                     : "=r"(value)
                     : "r"(object), "r"(address)
                     : "memory");
    return value;
}

static int64_t add_remote(uint64_t object, int64_t* address, int64_t operand) {
    register int64_t* pinned __asm__("t6") = address;
    int64_t old;
    __asm__ volatile("eaddie e31, %1, 0\n\teamoadd.d %0, %3, (%2)"
                     : "=r"(old)
                     : "r"(object), "r"(pinned), "r"(operand)
                     : "memory");
    return old;
}

static uint64_t pe_number(void) {
    uint64_t value;
    __asm__ volatile("movebe %0, e10" : "=r"(value));
    return value;
}

int main(void) {
    xbrtime_init();
    const int me = xbrtime_mype();
    const int pes = xbrtime_num_pes();
    const uint64_t next = (uint64_t)(me + 1) % (uint64_t)pes + 1; /* object ID of PE p: p + 1 */
    store_remote(next, &slot, 1000 + me);
    add_remote(1, &counter, me + 1);
    __asm__ volatile("fence" ::: "memory");
    xbrtime_barrier();
    const int previous = (me + pes - 1) % pes;
    const int ok = pe_number() == (uint64_t)me && slot == 1000 + previous &&
                   load_remote(next, &slot) == 1000 + me &&
                   (me != 0 || counter == (int64_t)pes * (pes + 1) / 2);
    printf("mnemonics: PE %d %s\n", me, ok ? "passed" : "FAILED");
    xbrtime_close();
    return ok ? 0 : 1;
}
