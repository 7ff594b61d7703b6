// Ends in the way its argument names, so one program checks every route an exit status
// takes to the host: returning from main, exit(), abort(), and a status wider than 8 bits
// (the host sees only the low 8 bits, as for a native process).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char** argv) {
    const char* mode = argc > 1 ? argv[1] : "";
    // Output before the end must be flushed and not lost, whatever the route.
    printf("ending by %s\n", mode);
    if (strcmp(mode, "return") == 0)
        return 7;
    if (strcmp(mode, "exit") == 0)
        exit(42);
    if (strcmp(mode, "exit-wide") == 0)
        exit(300);
    if (strcmp(mode, "abort") == 0)
        abort();
    printf("unknown mode\n");
    return 99;
}
