/* Put with signal: the data, then a fence, then an atomic set or add of the signal word on the
 * same PE, so that a PE that sees the signal finds the data in place. The non-blocking forms
 * do the same (a stricter completion than the standard asks). */
#include "shmem.h"
#include "shmem_internal.h"
#include "xbrtime.h"

static void check_signal_operation(int sig_op, const char* routine) {
    if (sig_op != SHMEM_SIGNAL_SET && sig_op != SHMEM_SIGNAL_ADD) {
        shmem_internal_error("%s: %d is not SHMEM_SIGNAL_SET or SHMEM_SIGNAL_ADD", routine, sig_op);
    }
}

static void send_signal(uint64_t* sig_addr, uint64_t signal, int sig_op, int pe) {
    xbrtime_fence();
    if (sig_op == SHMEM_SIGNAL_SET) {
        xbrtime_uint64_atomic_set(sig_addr, signal, pe);
    } else {
        xbrtime_uint64_atomic_add(sig_addr, signal, pe);
    }
}

/* PUT(dest, source, nelems, world_pe) moves the data. */
#define PUT_WITH_SIGNAL(PUT, WORLD_PE)                                                             \
    check_signal_operation(sig_op, __func__);                                                      \
    const int world_pe = (WORLD_PE);                                                               \
    PUT(dest, source, nelems, world_pe);                                                           \
    send_signal(sig_addr, signal, sig_op, world_pe)

#define PLAIN_PE pe
#define CONTEXT_PE shmem_internal_context_pe(ctx, pe, __func__)

#define DEFINE_PUT_SIGNAL(TYPENAME, TYPE)                                                          \
    void shmem_##TYPENAME##_put_signal(TYPE* dest, const TYPE* source, size_t nelems,              \
                                       uint64_t* sig_addr, uint64_t signal, int sig_op, int pe) {  \
        PUT_WITH_SIGNAL(shmem_##TYPENAME##_put, PLAIN_PE);                                         \
    }                                                                                              \
    void shmem_##TYPENAME##_put_signal_nbi(TYPE* dest, const TYPE* source, size_t nelems,          \
                                           uint64_t* sig_addr, uint64_t signal, int sig_op,        \
                                           int pe) {                                               \
        PUT_WITH_SIGNAL(shmem_##TYPENAME##_put, PLAIN_PE);                                         \
    }                                                                                              \
    void shmem_ctx_##TYPENAME##_put_signal(shmem_ctx_t ctx, TYPE* dest, const TYPE* source,        \
                                           size_t nelems, uint64_t* sig_addr, uint64_t signal,     \
                                           int sig_op, int pe) {                                   \
        PUT_WITH_SIGNAL(shmem_##TYPENAME##_put, CONTEXT_PE);                                       \
    }                                                                                              \
    void shmem_ctx_##TYPENAME##_put_signal_nbi(shmem_ctx_t ctx, TYPE* dest, const TYPE* source,    \
                                               size_t nelems, uint64_t* sig_addr, uint64_t signal, \
                                               int sig_op, int pe) {                               \
        PUT_WITH_SIGNAL(shmem_##TYPENAME##_put, CONTEXT_PE);                                       \
    }
SHMEM_FOR_EACH_RMA_TYPE(DEFINE_PUT_SIGNAL)

#define DEFINE_UNTYPED_PUT_SIGNAL(SIZE)                                                            \
    void shmem_put##SIZE##_signal(void* dest, const void* source, size_t nelems,                   \
                                  uint64_t* sig_addr, uint64_t signal, int sig_op, int pe) {       \
        PUT_WITH_SIGNAL(shmem_put##SIZE, PLAIN_PE);                                                \
    }                                                                                              \
    void shmem_put##SIZE##_signal_nbi(void* dest, const void* source, size_t nelems,               \
                                      uint64_t* sig_addr, uint64_t signal, int sig_op, int pe) {   \
        PUT_WITH_SIGNAL(shmem_put##SIZE, PLAIN_PE);                                                \
    }                                                                                              \
    void shmem_ctx_put##SIZE##_signal(shmem_ctx_t ctx, void* dest, const void* source,             \
                                      size_t nelems, uint64_t* sig_addr, uint64_t signal,          \
                                      int sig_op, int pe) {                                        \
        PUT_WITH_SIGNAL(shmem_put##SIZE, CONTEXT_PE);                                              \
    }                                                                                              \
    void shmem_ctx_put##SIZE##_signal_nbi(shmem_ctx_t ctx, void* dest, const void* source,         \
                                          size_t nelems, uint64_t* sig_addr, uint64_t signal,      \
                                          int sig_op, int pe) {                                    \
        PUT_WITH_SIGNAL(shmem_put##SIZE, CONTEXT_PE);                                              \
    }
#define DEFINE_SIZED_PUT_SIGNAL(BITS, BYTES) DEFINE_UNTYPED_PUT_SIGNAL(BITS)
SHMEM_FOR_EACH_SIZE(DEFINE_SIZED_PUT_SIGNAL)
DEFINE_UNTYPED_PUT_SIGNAL(mem)

uint64_t shmem_signal_fetch(const uint64_t* sig_addr) {
    return *(const volatile uint64_t*)sig_addr;
}

/* Returns a value that satisfied the comparison, though the signal may change again at once. */
uint64_t shmem_signal_wait_until(uint64_t* sig_addr, int cmp, uint64_t cmp_value) {
    uint64_t value = 0;
    do {
        shmem_uint64_wait_until(sig_addr, cmp, cmp_value);
        value = *(volatile uint64_t*)sig_addr;
    } while (!shmem_uint64_test(&value, cmp, cmp_value));
    return value;
}
