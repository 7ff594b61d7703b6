/* picolibc's system interface over Spike's HTIF, for the speed kernels' HTIF build (Spike has
 * no semihosting): standard output through the syscall proxy's write, exit through the
 * riscv-tests pass/fail word, as riscv-tests' benchmarks/common/syscalls.c does. The same ELF
 * runs on xbemu, which implements both. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Spike and xbemu find these two words by their symbol names, so they may live anywhere in RAM
 * (picolibc's link script has no place for riscv-tests' .tohost section). tohost fills a page of
 * its own, as that section does: xbemu watches every store to the page that holds it, and the
 * kernels' own data on that page would run at a few MIPS. */
__attribute__((aligned(4096))) volatile uint64_t tohost[4096 / sizeof(uint64_t)];
__attribute__((aligned(64))) volatile uint64_t fromhost;

enum { kSyscallWrite = 64, kStandardOutput = 1 };

/* Output is collected up to a line so that a proxy round trip is paid per line, not per
 * character. */
static char line[256];
static size_t line_length;

static void syscall_write(const char* bytes, size_t length) {
    /* The proxy's request block: number and three arguments; the host puts the result in the
     * first word and sets fromhost. */
    static volatile uint64_t request[8] __attribute__((aligned(64)));
    request[0] = kSyscallWrite;
    request[1] = kStandardOutput;
    request[2] = (uintptr_t)bytes;
    request[3] = length;
    __sync_synchronize();
    tohost[0] = (uintptr_t)request;
    while (fromhost == 0) {
    }
    fromhost = 0;
    __sync_synchronize();
}

static int htif_flush(FILE* file) {
    (void)file;
    if (line_length > 0) {
        syscall_write(line, line_length);
        line_length = 0;
    }
    return 0;
}

static int htif_putc(char c, FILE* file) {
    line[line_length++] = c;
    if (c == '\n' || line_length == sizeof line) {
        htif_flush(file);
    }
    return (unsigned char)c;
}

static FILE htif_stdio = FDEV_SETUP_STREAM(htif_putc, NULL, htif_flush, _FDEV_SETUP_WRITE);
FILE* const stdin = &htif_stdio;
FILE* const stdout = &htif_stdio;
FILE* const stderr = &htif_stdio;

void _exit(int status) {
    htif_flush(stdout);
    tohost[0] = ((uint64_t)(unsigned)status << 1) | 1;
    for (;;) {
    }
}
