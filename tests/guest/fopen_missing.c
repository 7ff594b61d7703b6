// Opening a file that does not exist: fopen returns NULL with errno ENOENT, and so does remove.
// Only failing operations are used, so the program behaves the same whatever directory the
// emulator resolves names in, and its output can be compared with QEMU's. Update modes ("r+")
// are left out: picolibc asks the host for semihosting mode "a+" for them, which creates the file.
#include <errno.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    const char* modes[] = {"r", "rb"};
    int unexpected = 0;
    for (unsigned i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        errno = 0;
        FILE* file = fopen("xbemu-no-such-file.txt", modes[i]);
        printf("fopen(missing, \"%s\"): %s, errno %s\n", modes[i], file == NULL ? "NULL" : "a FILE",
               errno == ENOENT ? "ENOENT" : strerror(errno));
        if (file != NULL) {
            fclose(file);
            unexpected++;
        }
    }
    errno = 0;
    int removed = remove("xbemu-no-such-file.txt");
    printf("remove(missing): %d, errno %s\n", removed,
           errno == ENOENT ? "ENOENT" : strerror(errno));
    unexpected += removed == 0;
    return unexpected;
}
