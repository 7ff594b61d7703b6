/* The start-up code of xbcc programs (the link script's entry point, in place of picolibc's
 * crt0), and the private heap behind malloc. Private memory is everything below the symmetric
 * region, so it grows with the guest RAM: the stack starts at its top (e13, the symmetric base,
 * on an xBGAS machine; the stack base SYS_HEAPINFO reports elsewhere), and the heap grows from
 * the end of .bss towards the stack, keeping __stack_size bytes (the link script's, 256 KiB by
 * default) free below the stack pointer. The link script's __stack, the end of a minimal stack
 * right after .bss, serves until the top is known and whenever the top lies below it.
 *
 * argv is built as picolibc's semihosting crt0 builds it: "program-name", then the semihosting
 * command line split at spaces. */
#include "runtime_state.h"

#include <errno.h>
#include <picotls.h>
#include <semihost.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

extern char __data_source[];
extern char __data_start[];
extern char __data_size[];
extern char __bss_start[];
extern char __bss_size[];
extern char __tls_base[];
extern char __heap_start[];
extern char __stack[];
extern char __stack_size[];

extern void __libc_init_array(void);
int main(int argc, char** argv);
uintptr_t xbrtime_private_memory_top(void);
void xbrtime_start_program(void) __attribute__((noreturn));

/* gp and a stack first (the minimal one), the FPU on, then the top of private memory, which
 * becomes the stack. */
__asm__(".section .text.init.enter, \"ax\", @progbits\n"
        ".globl _xbrtime_start\n"
        "_xbrtime_start:\n"
        ".option push\n"
        ".option norelax\n"
        "    la gp, __global_pointer$\n"
        ".option pop\n"
        "    la sp, __stack\n"
        "    li t0, 1 << 13\n"
        "    csrs mstatus, t0\n"
        "    csrwi fcsr, 0\n"
        "    call xbrtime_private_memory_top\n"
        "    mv sp, a0\n"
        "    tail xbrtime_start_program\n");

#define SEMIHOSTING_HEAP_INFORMATION 0x16

/* The stack base SYS_HEAPINFO reports, or 0. The parameter block holds the address of the
 * four-word answer, as the semihosting specification and QEMU have it (picolibc 1.8's
 * sys_semihost_heapinfo passes the answer block itself, which gets no answer). */
static uintptr_t semihosting_stack_base(void) {
    uintptr_t answer[4] = {0};
    uintptr_t parameter = (uintptr_t)answer;
    xbrtime_semihosting_call(SEMIHOSTING_HEAP_INFORMATION, (uintptr_t)&parameter);
    return answer[2];
}

uintptr_t xbrtime_private_memory_top(void) {
    uintptr_t top = xbrtime_probe_symmetric_base();
    if (top == 0) {
        top = semihosting_stack_base();
    }
    /* Below the minimal stack the program's own data would be overwritten. */
    return top > (uintptr_t)__stack ? top & ~(uintptr_t)15 : (uintptr_t)__stack;
}

/* The end of the heap; sbrk moves it. */
static char* heap_end;

void* sbrk(ptrdiff_t increment) {
    char* const old_end = heap_end;
    char* stack_pointer;
    __asm__("mv %0, sp" : "=r"(stack_pointer));
    const uintptr_t limit = (uintptr_t)stack_pointer - (uintptr_t)__stack_size;
    const uintptr_t new_end = (uintptr_t)old_end + (uintptr_t)increment;
    if (increment > 0 ? new_end > limit || new_end < (uintptr_t)old_end
                      : new_end < (uintptr_t)__heap_start) {
        errno = ENOMEM;
        return (void*)-1;
    }
    heap_end = (char*)new_end;
    return old_end;
}

#define COMMAND_LINE_BYTES 1024
#define MAX_ARGUMENTS 64

static int split_command_line(char** argv) {
    static char command_line[COMMAND_LINE_BYTES];
    int argc = 0;
    argv[argc++] = "program-name";
    if (sys_semihost_get_cmdline(command_line, sizeof command_line) == 0) {
        char* c = command_line;
        while (*c == ' ') {
            ++c;
        }
        while (*c != '\0' && argc < MAX_ARGUMENTS - 1) {
            argv[argc++] = c;
            while (*c != '\0' && *c != ' ') {
                ++c;
            }
            while (*c == ' ') {
                *c++ = '\0';
            }
        }
    }
    argv[argc] = NULL;
    return argc;
}

void xbrtime_start_program(void) {
    memcpy(__data_start, __data_source, (uintptr_t)__data_size);
    memset(__bss_start, 0, (uintptr_t)__bss_size);
    heap_end = __heap_start;
    _set_tls(__tls_base);
    __libc_init_array();
    static char* argv[MAX_ARGUMENTS];
    const int argc = split_command_line(argv);
    exit(main(argc, argv));
}
