/* mpb_init and mpb_finalize, the node queries, error reports and the flags of the buffers. */
#include "../xbrtime/runtime_state.h"
#include "mpb_internal.h"
#include "xbgas.h"
#include "xbrtime.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

struct mpb_state mpb_state = {.me = -1};

/* The smallest data area worth having: with fewer bytes left after the flags, the buffer holds
 * too many nodes. */
#define MPB_MIN_DATA_BYTES 512

void mpb_fail(const char* format, ...) {
    char line[240];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(line, sizeof line, format, arguments);
    va_end(arguments);
    xbrtime_report_error("%s", line);
    /* The other nodes may be waiting for this one: the whole job ends. */
    xbrtime_end_job(1);
}

void mpb_check_node(const char* routine, int node) {
    if (mpb_state.buffer == NULL) {
        mpb_fail("%s: call mpb_init first", routine);
    }
    if (node < 0 || node >= mpb_state.nodes) {
        mpb_fail("%s: node %d does not exist (the job has %d nodes)", routine, node,
                 mpb_state.nodes);
    }
}

void mpb_wait_at_least(volatile uint64_t* flag, uint64_t value) {
    while (*flag < value) {
    }
}

void mpb_set_remote_flag(int node, volatile uint64_t* flag, uint64_t value) {
    xb_ersd(xb_object_of_pe((uint64_t)node), (void*)flag, value);
}

void mpb_copy(void* to, const void* from, size_t bytes) {
    unsigned char* t = to;
    const unsigned char* f = from;
    size_t i = 0;
    if ((((uintptr_t)t | (uintptr_t)f) & (sizeof(uint64_t) - 1)) == 0) {
        for (; i + sizeof(uint64_t) <= bytes; i += sizeof(uint64_t)) {
            *(uint64_t*)(t + i) = *(const uint64_t*)(f + i);
        }
    }
    for (; i < bytes; ++i) {
        t[i] = f[i];
    }
}

unsigned char* mpb_scratch(size_t bytes, const char* routine) {
    if (bytes > mpb_state.scratch_bytes) {
        unsigned char* grown = realloc(mpb_state.scratch, bytes);
        if (grown == NULL) {
            mpb_fail("%s: no memory left for %zu bytes", routine, bytes);
        }
        mpb_state.scratch = grown;
        mpb_state.scratch_bytes = bytes;
    }
    return mpb_state.scratch;
}

int mpb_init(void) {
    if (mpb_state.buffer != NULL) {
        mpb_fail("mpb_init: called twice without mpb_finalize");
    }
    if (xbrtime_init() != 0) {
        return -1;
    }
    const int nodes = xbrtime_num_pes();
    const size_t flag_bytes =
        (size_t)nodes * (sizeof(struct mpb_flags) + sizeof(uint64_t)) + sizeof(uint64_t);
    /* The data area starts on a 64-byte boundary after the flags. */
    const size_t data_offset = (flag_bytes + 63) & ~(size_t)63;
    if (data_offset + MPB_MIN_DATA_BYTES > MPB_BYTES) {
        xbrtime_report_error("mpb_init: %d nodes' flags leave less than %d bytes of the %d-byte "
                             "buffer for data",
                             nodes, MPB_MIN_DATA_BYTES, MPB_BYTES);
        return -1;
    }
    unsigned char* buffer = xbrtime_malloc(MPB_BYTES);
    uint64_t* counters = calloc(3 * (size_t)nodes, sizeof(uint64_t));
    if (buffer == NULL || counters == NULL) {
        xbrtime_report_error("mpb_init: no memory left for the buffers");
        return -1;
    }
    for (size_t i = 0; i < MPB_BYTES; ++i) {
        buffer[i] = 0;
    }
    mpb_state.me = xbrtime_mype();
    mpb_state.nodes = nodes;
    mpb_state.flags = (volatile struct mpb_flags*)buffer;
    mpb_state.arrivals = (volatile uint64_t*)(buffer + (size_t)nodes * sizeof(struct mpb_flags));
    mpb_state.release = mpb_state.arrivals + nodes;
    mpb_state.data = buffer + data_offset;
    mpb_state.data_bytes = (MPB_BYTES - data_offset) & ~(size_t)7;
    mpb_state.sent_to = counters;
    mpb_state.received_from = counters + nodes;
    mpb_state.ready_for = counters + 2 * nodes;
    mpb_state.barriers = 0;
    mpb_state.scratch = NULL;
    mpb_state.scratch_bytes = 0;
    mpb_state.buffer = buffer;
    /* No node may write into another's buffer before that node has cleared it. */
    xbrtime_barrier();
    return 0;
}

void mpb_finalize(void) {
    if (mpb_state.buffer == NULL) {
        mpb_fail("mpb_finalize: call mpb_init first");
    }
    xbrtime_barrier();
    xbrtime_free(mpb_state.buffer);
    free(mpb_state.sent_to);
    free(mpb_state.scratch);
    mpb_state = (struct mpb_state){.me = -1};
    xbrtime_close();
}

int mpb_node_count(void) {
    return mpb_state.buffer == NULL ? -1 : mpb_state.nodes;
}

int mpb_my_node(void) {
    return mpb_state.me;
}
