/* The program that the commands in README.md and docs/ call prog.c: it prints its arguments, so
 * that every command line that runs it shows what reached main. */
#include <stdio.h>

int main(int argc, char** argv) {
    printf("prog:");
    for (int i = 1; i < argc; ++i) {
        printf(" %s", argv[i]);
    }
    printf(" (%d arguments)\n", argc - 1);
    return 0;
}
