// Semihosting file operations through picolibc's stdio: fopen/fwrite/fread/fseek/ftell/fclose,
// append and update modes, text I/O, rename and remove, and the failures (a file that does not
// exist, paths outside the directory xbemu confines the guest to). Relative names resolve in
// that directory (--fs-root), which the test gives a fresh empty one.
// picolibc opens "r+" with semihosting mode "a+", and "a" with mode "a" followed by a seek to the
// end; QEMU opens both without O_APPEND, so an update write lands where the guest seeked to.
#include <errno.h>
#include <semihost.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char data_name[] = "xbemu-file-io.dat";
static const char renamed_name[] = "xbemu-file-io-renamed.dat";
static const char text_name[] = "xbemu-file-io.txt";
enum { DATA_SIZE = 10000 };

static int failures;

// picolibc 1.8 has no rename() in its semihosting library; this is the SYS_RENAME call it wraps.
static int rename_file(const char* old_name, const char* new_name) {
    return sys_semihost_rename(old_name, new_name);
}

static void expect(int condition, const char* what) {
    printf("%s: %s\n", what, condition ? "ok" : "FAILED");
    failures += !condition;
}

static uint8_t data_byte(long offset) {
    return (uint8_t)(offset * 29 + (offset >> 7));
}

static int holds_data(const uint8_t* buffer, long first_offset, size_t length) {
    for (size_t i = 0; i < length; i++)
        if (buffer[i] != data_byte(first_offset + (long)i))
            return 0;
    return 1;
}

static void write_binary_file(void) {
    FILE* file = fopen(data_name, "wb");
    expect(file != NULL, "create binary file");
    if (file == NULL)
        exit(1);
    // Uneven chunk sizes cross picolibc's buffer boundaries at different places.
    uint8_t chunk[777];
    long offset = 0;
    int chunks_written = 1;
    while (offset < DATA_SIZE) {
        size_t length =
            DATA_SIZE - offset < (long)sizeof chunk ? (size_t)(DATA_SIZE - offset) : sizeof chunk;
        for (size_t i = 0; i < length; i++)
            chunk[i] = data_byte(offset + (long)i);
        chunks_written &= fwrite(chunk, 1, length, file) == length;
        offset += (long)length;
    }
    expect(chunks_written, "fwrite in 777-byte chunks");
    expect(ftell(file) == DATA_SIZE, "ftell after writing");
    expect(fclose(file) == 0, "fclose after writing");
}

static void read_binary_file(void) {
    FILE* file = fopen(data_name, "rb");
    expect(file != NULL, "open binary file for reading");
    if (file == NULL)
        exit(1);
    expect(fseek(file, 0, SEEK_END) == 0, "fseek to end");
    printf("size by ftell: %ld\n", ftell(file));
    static uint8_t buffer[DATA_SIZE];
    expect(fseek(file, 1234, SEEK_SET) == 0, "fseek to 1234");
    expect(fread(buffer, 1, 100, file) == 100 && holds_data(buffer, 1234, 100),
           "100 bytes at 1234");
    expect(ftell(file) == 1334, "ftell after reading");
    expect(fseek(file, -34, SEEK_CUR) == 0 && ftell(file) == 1300, "fseek backwards from current");
    expect(fread(buffer, 1, 10, file) == 10 && holds_data(buffer, 1300, 10), "10 bytes at 1300");
    rewind(file);
    expect(fread(buffer, 1, DATA_SIZE, file) == DATA_SIZE && holds_data(buffer, 0, DATA_SIZE),
           "whole file after rewind");
    expect(fread(buffer, 1, 1, file) == 0 && feof(file), "end of file");
    expect(fclose(file) == 0, "fclose after reading");
}

static void update_and_append(void) {
    FILE* file = fopen(data_name, "r+b");
    expect(file != NULL, "open for update");
    if (file == NULL)
        exit(1);
    const char patch[] = "PATCHED";
    expect(fseek(file, 5000, SEEK_SET) == 0 && fwrite(patch, 1, 7, file) == 7,
           "overwrite 7 bytes at 5000");
    char check[16] = {0};
    expect(fseek(file, 4998, SEEK_SET) == 0 && fread(check, 1, 11, file) == 11,
           "read back around the patch");
    expect(memcmp(check + 2, patch, 7) == 0 && (uint8_t)check[0] == data_byte(4998) &&
               (uint8_t)check[10] == data_byte(5008),
           "patch in place, neighbours untouched");
    fclose(file);

    file = fopen(data_name, "ab");
    expect(file != NULL, "open for append");
    if (file == NULL)
        exit(1);
    expect(fwrite("TAIL", 1, 4, file) == 4, "append 4 bytes");
    fclose(file);
    file = fopen(data_name, "rb");
    fseek(file, 0, SEEK_END);
    printf("size after append: %ld\n", ftell(file));
    char tail[5] = {0};
    fseek(file, -4, SEEK_END);
    expect(fread(tail, 1, 4, file) == 4 && strcmp(tail, "TAIL") == 0, "appended bytes at the end");
    fclose(file);
}

static void text_io(void) {
    FILE* file = fopen(text_name, "w");
    expect(file != NULL, "create text file");
    if (file == NULL)
        exit(1);
    for (int i = 1; i <= 5; i++)
        fprintf(file, "line %d: %d squared is %d\n", i, i, i * i);
    fputs("last line\n", file);
    fclose(file);

    file = fopen(text_name, "r");
    char line[80];
    int lines = 0;
    while (fgets(line, sizeof line, file) != NULL) {
        lines++;
        printf("read: %s", line);
    }
    printf("%d lines\n", lines);
    rewind(file);
    int number = 0;
    int square = 0;
    expect(fscanf(file, "line %*d: %d squared is %d", &number, &square) == 2 && number == 1 &&
               square == 1,
           "fscanf first line");
    fclose(file);
    expect(remove(text_name) == 0, "remove text file");
}

static void rename_and_remove(void) {
    expect(rename_file(data_name, renamed_name) == 0, "rename");
    errno = 0;
    FILE* old_file = fopen(data_name, "rb");
    expect(old_file == NULL && errno == ENOENT, "old name gone (ENOENT)");
    FILE* file = fopen(renamed_name, "rb");
    expect(file != NULL, "new name opens");
    if (file != NULL) {
        fseek(file, 0, SEEK_END);
        printf("size under the new name: %ld\n", ftell(file));
        fclose(file);
    }
    expect(remove(renamed_name) == 0, "remove");
    expect(fopen(renamed_name, "rb") == NULL, "removed file does not open");
}

static void failures_that_must_fail(void) {
    errno = 0;
    FILE* missing = fopen("no-such-file.txt", "r");
    expect(missing == NULL, "fopen of a missing file returns NULL");
    expect(errno == ENOENT, "errno is ENOENT");
    expect(remove("no-such-file.txt") != 0, "remove of a missing file fails");
    expect(rename_file("no-such-file.txt", "other.txt") != 0, "rename of a missing file fails");
    expect(fopen("no-such-directory/file.txt", "w") == NULL,
           "creating a file in a missing directory fails");
    // The guest is confined to its directory: neither ".." nor an absolute path leaves it.
    expect(fopen("../xbemu-escaped-file.txt", "w") == NULL, "creating a file in .. fails");
    expect(fopen("/etc/hostname", "r") == NULL, "opening a host absolute path fails");
}

int main(void) {
    // A file left behind by an interrupted earlier run must not change the outcome.
    remove(data_name);
    remove(renamed_name);
    remove(text_name);
    write_binary_file();
    read_binary_file();
    update_and_append();
    text_io();
    rename_and_remove();
    failures_that_must_fail();
    printf("failures: %d\n", failures);
    return failures == 0 ? 0 : 1;
}
