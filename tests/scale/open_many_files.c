// Opens this source file (the semihosting root is its folder) as many times as the argument says
// and keeps every handle, so that the guests of a process hold that many host files each. A
// failed open ends the program quietly with status 0: xbemu stops the job, in one line, when the
// guests reach the process's limit of open files, and this guest must not add lines of its own.
#include <semihost.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    const int count = argc > 1 ? atoi(argv[1]) : 1;
    for (int opened = 0; opened < count; opened++) {
        if (sys_semihost_open("open_many_files.c", 0) < 0)
            return 0;
    }
    printf("open_many_files: %d files open\n", count);
    return 0;
}
