/* xbrtime_probe_symmetric_base: e13, the symmetric region's base, which is never 0 on an xBGAS
 * machine; 0 on a machine without xBGAS (see runtime_state.h). */
#include "probe_routine.h"
#include "xbgas.h"

XBRTIME_PROBE_ROUTINE(xbrtime_probe_symmetric_base, XB_EADDI(a0, XB_EREG_SYMMETRIC_BASE, 0))
