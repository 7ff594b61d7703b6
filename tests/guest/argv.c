// Prints the arguments picolibc's semihosting crt0 builds from SYS_GET_CMDLINE. The crt0 puts the
// fixed string "program-name" in argv[0], then splits the host's command line ("<ELF path>
// <arguments>") at spaces, so argv[1] is the ELF path and an argument containing a space arrives
// as two. Only the last component of the ELF path is printed: the directory depends on where the
// build tree is.
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    printf("argc %d\n", argc);
    printf("argv[0] \"%s\"\n", argv[0]);
    if (argc > 1) {
        const char *slash = strrchr(argv[1], '/');
        printf("argv[1] ends with \"%s\"\n", slash != NULL ? slash + 1 : argv[1]);
    }
    unsigned long characters = 0;
    for (int i = 2; i < argc; i++) {
        printf("argv[%d] \"%s\" (%zu characters)\n", i, argv[i], strlen(argv[i]));
        characters += strlen(argv[i]);
    }
    printf("argv[argc] is %s\n", argv[argc] == NULL ? "NULL" : "not NULL");
    printf("%lu characters in the arguments after the path\n", characters);
    return 0;
}
