/* pimp_probe_node_count: the node-count CSR, never 0 on a PIMP machine; 0 on a machine without
 * PIMP (see pimp_internal.h). */
#include "../xbrtime/probe_routine.h"
#include "pimp.h"

XBRTIME_PROBE_ROUTINE(pimp_probe_node_count, csrr a0, PIMP_CSR_NODES)
