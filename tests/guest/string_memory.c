// String and memory functions. picolibc's RISC-V memcpy, memset and strlen take word-at-a-time
// paths when pointers are aligned and byte paths otherwise, so every source/destination alignment
// and many lengths are compared with plain byte loops written here. Built with -fno-builtin, so
// that calls with constant arguments reach picolibc instead of being folded by the compiler.
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void expect(int condition, const char* what) {
    if (!condition) {
        printf("FAILED: %s\n", what);
        failures++;
    }
}

static uint8_t source_area[256];
static uint8_t destination_area[256];
static uint8_t reference_area[256];

static void reset_areas(void) {
    for (int i = 0; i < 256; i++) {
        source_area[i] = (uint8_t)(i * 37 + 11);
        destination_area[i] = 0xee;
        reference_area[i] = 0xee;
    }
}

static void test_memcpy_memset_alignments(void) {
    int cases = 0;
    int wrong = 0;
    for (int source_offset = 0; source_offset < 16; source_offset++)
        for (int destination_offset = 0; destination_offset < 16; destination_offset++)
            for (int length = 0; length <= 80; length += (length < 20 ? 1 : 7)) {
                reset_areas();
                memcpy(destination_area + destination_offset, source_area + source_offset,
                       (size_t)length);
                for (int i = 0; i < length; i++)
                    reference_area[destination_offset + i] = source_area[source_offset + i];
                wrong += memcmp(destination_area, reference_area, sizeof destination_area) != 0;
                cases++;
            }
    printf("memcpy: %d alignment/length cases, %d wrong\n", cases, wrong);
    expect(wrong == 0, "memcpy");

    cases = 0;
    wrong = 0;
    for (int offset = 0; offset < 16; offset++)
        for (int length = 0; length <= 100; length += (length < 24 ? 1 : 11)) {
            reset_areas();
            int fill = 0x80 + offset + length;
            memset(destination_area + offset, fill, (size_t)length);
            for (int i = 0; i < length; i++)
                reference_area[offset + i] = (uint8_t)fill;
            wrong += memcmp(destination_area, reference_area, sizeof destination_area) != 0;
            cases++;
        }
    printf("memset: %d alignment/length cases, %d wrong\n", cases, wrong);
    expect(wrong == 0, "memset");
}

static void test_memmove_overlaps(void) {
    int wrong = 0;
    for (int shift = -9; shift <= 9; shift++) {
        reset_areas();
        int from = 100;
        int to = from + shift;
        memmove(source_area + to, source_area + from, 50);
        for (int i = 0; i < 50; i++)
            wrong += source_area[to + i] != (uint8_t)((from + i) * 37 + 11);
    }
    printf("memmove: overlapping shifts -9..9, %d wrong bytes\n", wrong);
    expect(wrong == 0, "memmove");
}

static int sign(int value) {
    return (value > 0) - (value < 0);
}

static void test_comparisons_and_searches(void) {
    uint8_t left[40];
    uint8_t right[40];
    int wrong = 0;
    for (int position = 0; position < 40; position++) {
        memset(left, 'a', sizeof left);
        memset(right, 'a', sizeof right);
        // A byte above 0x7f must compare as unsigned char.
        right[position] = 0xc3;
        wrong += sign(memcmp(left, right, sizeof left)) != -1;
        wrong += sign(memcmp(right, left, sizeof left)) != 1;
        wrong += memcmp(left, right, (size_t)position) != 0;
        wrong += (uint8_t*)memchr(right, 0xc3, sizeof right) != right + position;
    }
    printf("memcmp/memchr: %d wrong\n", wrong);
    expect(wrong == 0, "memcmp/memchr");
    printf("memchr absent: %s\n", memchr(left, 'z', sizeof left) == NULL ? "NULL" : "found");

    static char text[128];
    wrong = 0;
    for (int start = 0; start < 8; start++)
        for (int length = 0; length < 40; length++) {
            memset(text, 'x', sizeof text);
            text[start + length] = '\0';
            wrong += strlen(text + start) != (size_t)length;
        }
    printf("strlen: all starts and lengths, %d wrong\n", wrong);
    expect(wrong == 0, "strlen");

    const char* sentence = "the quick brown fox jumps over the lazy dog";
    printf("strchr 'q' at %td, strrchr 'o' at %td, strchr NUL at %td\n",
           strchr(sentence, 'q') - sentence, strrchr(sentence, 'o') - sentence,
           strchr(sentence, '\0') - sentence);
    printf("strstr \"the\" at %td, \"lazy\" at %td, \"cat\" %s\n",
           strstr(sentence, "the") - sentence, strstr(sentence, "lazy") - sentence,
           strstr(sentence, "cat") == NULL ? "absent" : "found");
    printf("strspn letters %zu, strcspn \" \" %zu, strpbrk \"xyz\" at %td\n",
           strspn(sentence, "abcdefghijklmnopqrstuvwxyz"), strcspn(sentence, " "),
           strpbrk(sentence, "xyz") - sentence);
    printf("strcmp: %d %d %d, strncmp 3: %d, strcasecmp: %d\n", sign(strcmp("abc", "abd")),
           sign(strcmp("abd", "abc")), strcmp("same", "same"), strncmp("abcX", "abcY", 3),
           strcasecmp("MiXeD", "mixed"));
    printf("strcmp with high byte: %d\n", sign(strcmp("a\xc3", "a\x41")));
}

static void test_copies_and_tokens(void) {
    char buffer[64];
    strcpy(buffer, "alpha");
    strcat(buffer, "-beta");
    strncat(buffer, "-gammadelta", 6);
    printf("strcpy/strcat/strncat: \"%s\" (%zu)\n", buffer, strlen(buffer));

    char padded[10];
    memset(padded, '#', sizeof padded);
    strncpy(padded, "abc", sizeof padded);
    int zero_padding = 1;
    for (size_t i = 3; i < sizeof padded; i++)
        zero_padding &= padded[i] == '\0';
    printf("strncpy pads with NUL: %s\n", zero_padding ? "yes" : "no");
    expect(zero_padding, "strncpy padding");

    char* copy = strdup("duplicated string");
    printf("strdup: \"%s\"\n", copy);
    for (char* c = copy; *c; c++)
        *c = (char)toupper((unsigned char)*c);
    printf("toupper: \"%s\"\n", copy);
    free(copy);

    char csv[] = "one,two,,three;four";
    int count = 0;
    for (char* token = strtok(csv, ",;"); token != NULL; token = strtok(NULL, ",;"))
        printf("token %d: \"%s\"\n", ++count, token);
}

static void test_conversions(void) {
    char* end;
    printf("strtol: %ld %ld %ld %ld\n", strtol("-12345", NULL, 10), strtol("0x7fffffff", NULL, 16),
           strtol("777", NULL, 8), strtol("  +42xyz", &end, 0));
    printf("strtol stopped at \"%s\"\n", end);
    printf("strtoll min: %lld, strtoull max: %llu, strtoul base 36: %lu\n",
           strtoll("-9223372036854775808", NULL, 10), strtoull("18446744073709551615", NULL, 10),
           strtoul("zz", NULL, 36));
    printf("atoi: %d %d\n", atoi("2147483647"), atoi("-2147483648"));
    printf("strtod: %a %a %a\n", strtod("0.1", NULL), strtod("-1e-310", NULL),
           strtod("123456789012345678901234567890", NULL));
}

int main(void) {
    test_memcpy_memset_alignments();
    test_memmove_overlaps();
    test_comparisons_and_searches();
    test_copies_and_tokens();
    test_conversions();
    printf("failures: %d\n", failures);
    return failures == 0 ? 0 : 1;
}
