/* Error messages of the runtime, on the host's standard error. picolibc's semihosting stdio
 * sends stderr through the same console handle as stdout; the semihosting convention names
 * standard error ":tt" opened for appending, so the runtime opens that itself. */
#include "runtime_state.h"

#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

void xbrtime_report_error(const char* format, ...) {
    static int descriptor = -1;
    if (descriptor < 0) {
        descriptor = open(":tt", O_WRONLY | O_APPEND | O_CREAT, 0);
    }
    char line[256];
    va_list arguments;
    va_start(arguments, format);
    int length = vsnprintf(line, sizeof line - 1, format, arguments);
    va_end(arguments);
    if (length < 0) {
        return;
    }
    if ((size_t)length > sizeof line - 2) {
        length = sizeof line - 2;
    }
    line[length++] = '\n';
    if (descriptor < 0 || write(descriptor, line, (size_t)length) != length) {
        fwrite(line, 1, (size_t)length, stderr);
    }
}
