/* xbrtime_init/close and the queries on the PE layout. */
#include "runtime_state.h"
#include "xbgas.h"
#include "xbrtime.h"

/* From the linker script (picolibc.ld, which xbrtime.ld includes): the program's static data,
 * and the end of its private RAM (the top of the start-up stack). */
extern char __data_start[];
extern char __heap_start[];
extern char __stack[];

struct xbrtime_state xbrtime_state = {.pe = -1, .pe_count = -1};

int xbrtime_init(void) {
    if (xbrtime_probe_symmetric_base() == 0) {
        xbrtime_report_error(
            "xbrtime: this machine has no xBGAS extension (run xbemu with --isa rv64gc_xbgas)");
        return -1;
    }
    const uintptr_t base = xb_symmetric_base();
    const size_t size = xb_symmetric_size();
    if (base < (uintptr_t)__stack || size <= XBRTIME_CONTROL_BLOCK_SIZE) {
        xbrtime_report_error(
            "xbrtime: the symmetric region [%#lx, %#lx) overlaps the program's memory, "
            "which ends at %#lx (give xbemu more memory with -m)",
            (unsigned long)base, (unsigned long)(base + size), (unsigned long)__stack);
        return -1;
    }
    xbrtime_state.symmetric_base = base;
    xbrtime_state.symmetric_size = size;
    xbrtime_state.control = (struct xbrtime_control_block*)base;
    xbrtime_heap_reset(base + XBRTIME_CONTROL_BLOCK_SIZE, size - XBRTIME_CONTROL_BLOCK_SIZE);
    xbrtime_state.notified_scratch = NULL;
    xbrtime_state.notified_half_bytes = 0;
    xbrtime_state.pe = (int)xb_pe_id();
    xbrtime_state.pe_count = (int)xb_pe_count();
    /* Every PE has cleared its .bss once all are here, so static symmetric data may be written
     * from now on. */
    xbrtime_barrier();
    return 0;
}

void xbrtime_close(void) {
    if (xbrtime_state.pe_count < 0) {
        return;
    }
    xbrtime_barrier();
    xbrtime_heap_reset(0, 0);
    xbrtime_state.pe = -1;
    xbrtime_state.pe_count = -1;
}

int xbrtime_mype(void) {
    return xbrtime_state.pe;
}

int xbrtime_num_pes(void) {
    return xbrtime_state.pe_count;
}

int xbrtime_addr_accessible(const void* address, int pe) {
    if (pe < 0 || pe >= xbrtime_state.pe_count) {
        return 0;
    }
    const uintptr_t at = (uintptr_t)address;
    const int static_data = at >= (uintptr_t)__data_start && at < (uintptr_t)__heap_start;
    return static_data || xbrtime_heap_contains(at);
}
