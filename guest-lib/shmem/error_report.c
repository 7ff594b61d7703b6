/* Reports of API misuse: one line on the host's standard error naming the PE that erred (in a
 * job of many, the routine alone does not say which), then the PE stops, and with it the job. */
#include "shmem_internal.h"
#include "xbrtime.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void shmem_internal_error(const char* format, ...) {
    char line[200];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(line, sizeof line, format, arguments);
    va_end(arguments);
    xbrtime_report_error("PE %d: %s", xbrtime_mype(), line);
    exit(1);
}
