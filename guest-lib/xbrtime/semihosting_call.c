/* A RISC-V semihosting call for the runtime's own uses (see runtime_state.h). */
#include "runtime_state.h"

uintptr_t xbrtime_semihosting_call(uintptr_t operation, uintptr_t parameter) {
    register uintptr_t a0 __asm__("a0") = operation;
    register uintptr_t a1 __asm__("a1") = parameter;
    /* The three instructions must be uncompressed and in one page. */
    __asm__ volatile(".option push\n\t"
                     ".option norvc\n\t"
                     ".balign 16\n\t"
                     "slli zero, zero, 0x1f\n\t"
                     "ebreak\n\t"
                     "srai zero, zero, 7\n\t"
                     ".option pop"
                     : "+r"(a0)
                     : "r"(a1)
                     : "memory");
    return a0;
}
