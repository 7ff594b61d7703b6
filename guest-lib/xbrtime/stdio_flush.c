/* fflush for the programs xbrtime runs. picolibc's tinystdio keeps no list of open streams, and
 * its fflush(NULL) reads through the null pointer (a load access fault at address 0x18 in
 * picolibc 1.8), whereas the C standard says it flushes every output stream. Linked before the C
 * library, this definition replaces picolibc's: NULL flushes stdout and stderr, the streams a
 * program that calls fflush(NULL) before its output mixes with other PEs' means; any other
 * stream is flushed as picolibc does it. A stream opened with fopen is flushed by naming it. */
#include <stdio.h>

int fflush(FILE* stream) {
    if (stream == NULL) {
        const int out = fflush(stdout);
        const int err = fflush(stderr);
        return out != 0 || err != 0 ? EOF : 0;
    }
    return stream->flush != NULL ? stream->flush(stream) : 0;
}
