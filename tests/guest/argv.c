// Prints the arguments as main receives them. xbemu's semihosting command line holds the guest
// arguments alone, and picolibc's crt0 puts its placeholder "program-name" in argv[0], then
// splits the command line at spaces: an argument containing a space arrives as two.
#include <stdio.h>
#include <string.h>

int main(int argc, char** argv) {
    printf("argc %d\n", argc);
    unsigned long characters = 0;
    for (int i = 0; i < argc; i++) {
        printf("argv[%d] \"%s\" (%zu characters)\n", i, argv[i], strlen(argv[i]));
        characters += i > 0 ? strlen(argv[i]) : 0;
    }
    printf("argv[argc] is %s\n", argv[argc] == NULL ? "NULL" : "not NULL");
    printf("%lu characters in the arguments\n", characters);
    return 0;
}
