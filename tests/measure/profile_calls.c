/* Functions of known length for --profile (check-profile.sh): main calls middle 10 times, and
 * middle calls leaf twice with jal ra (20 calls); main also calls tailer 3 times, which jumps to
 * leaf without linking (a tail call: leaf then runs in main's stack, not in tailer's). leaf runs
 * 202 instructions a time (li, 100 turns of addi and bnez, ret), middle 7, tailer 2: 4040
 * instructions in main;middle;leaf, 606 in main;leaf, 70 in main;middle, 6 in main;tailer.
 * Inclusive of their callees: middle 4110, tailer 6 (its tail call's leaf is main's). main then
 * calls recur(3), which calls itself down to recur(0): 8 instructions at each of the 3 levels
 * above 0, 2 at 0, 26 in all and inclusive (its stacks must not count once per frame), 4 calls.
 * All inside a region of interest. Built with -g: the profile names main's source file and
 * line. */
#include "xbemu.h"

#include <stdio.h>

void middle(void);
void tailer(void);
void recur(long depth);

__asm__(".text\n"
        ".globl leaf\n"
        ".type leaf, @function\n"
        "leaf:\n"
        "    li t0, 100\n"
        "1:  addi t0, t0, -1\n"
        "    bnez t0, 1b\n"
        "    ret\n"
        ".size leaf, . - leaf\n"
        ".globl middle\n"
        ".type middle, @function\n"
        "middle:\n"
        "    addi sp, sp, -16\n"
        "    sd ra, 8(sp)\n"
        "    jal ra, leaf\n"
        "    jal ra, leaf\n"
        "    ld ra, 8(sp)\n"
        "    addi sp, sp, 16\n"
        "    ret\n"
        ".size middle, . - middle\n"
        ".globl tailer\n"
        ".type tailer, @function\n"
        "tailer:\n"
        "    li t1, 5\n"
        "    j leaf\n"
        ".size tailer, . - tailer\n"
        ".globl recur\n"
        ".type recur, @function\n"
        "recur:\n"
        "    beqz a0, 2f\n"
        "    addi sp, sp, -16\n"
        "    sd ra, 8(sp)\n"
        "    addi a0, a0, -1\n"
        "    jal ra, recur\n"
        "    ld ra, 8(sp)\n"
        "    addi sp, sp, 16\n"
        "2:  ret\n"
        ".size recur, . - recur\n");

int main(void) {
    xbemu_roi_begin();
    for (int i = 0; i < 10; ++i) {
        middle();
    }
    for (int i = 0; i < 3; ++i) {
        tailer();
    }
    recur(3);
    xbemu_roi_end();
    printf("profile done\n");
    return 0;
}
