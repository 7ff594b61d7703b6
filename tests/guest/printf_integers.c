// printf of integers of every width and conversion. The formatting itself is picolibc's code, so
// any difference from the expected output points at an emulated instruction (shifts, division by
// ten, sign extension of narrow types, loads of va_list slots) rather than at the library.
#include <inttypes.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

static void print_signed_widths(void) {
    signed char schar_values[] = {0, 1, -1, SCHAR_MAX, SCHAR_MIN};
    short short_values[] = {0, 7, -7, SHRT_MAX, SHRT_MIN};
    int int_values[] = {0, 42, -42, INT_MAX, INT_MIN};
    long long_values[] = {0, 123456789L, -123456789L, LONG_MAX, LONG_MIN};
    long long llong_values[] = {0, 9876543210LL, -9876543210LL, LLONG_MAX, LLONG_MIN};

    for (size_t i = 0; i < sizeof schar_values / sizeof schar_values[0]; i++)
        printf("hhd [%hhd] hhi [%hhi]\n", schar_values[i], schar_values[i]);
    for (size_t i = 0; i < sizeof short_values / sizeof short_values[0]; i++)
        printf("hd [%hd] hi [%hi]\n", short_values[i], short_values[i]);
    for (size_t i = 0; i < sizeof int_values / sizeof int_values[0]; i++)
        printf("d [%d] i [%i]\n", int_values[i], int_values[i]);
    for (size_t i = 0; i < sizeof long_values / sizeof long_values[0]; i++)
        printf("ld [%ld]\n", long_values[i]);
    for (size_t i = 0; i < sizeof llong_values / sizeof llong_values[0]; i++)
        printf("lld [%lld]\n", llong_values[i]);
    printf("INT64_MIN [%" PRId64 "] INT64_MAX [%" PRId64 "]\n", INT64_MIN, INT64_MAX);
    printf("INT32_MIN [%" PRId32 "] INT16_MIN [%" PRId16 "] INT8_MIN [%" PRId8 "]\n", INT32_MIN,
           INT16_MIN, INT8_MIN);
}

static void print_unsigned_widths(void) {
    unsigned int uint_values[] = {0, 1, 255, 65535, UINT_MAX};
    unsigned long ulong_values[] = {0, 4294967296UL, 0xdeadbeefcafef00dUL, ULONG_MAX};

    // Passing -1 through %hhu and %hu checks the truncation to the narrow type.
    printf("hhu [%hhu] hu [%hu]\n", (unsigned char)-1, (unsigned short)-1);
    printf("hhx [%hhx] hx [%hx]\n", 0x1234, 0x123456);
    for (size_t i = 0; i < sizeof uint_values / sizeof uint_values[0]; i++)
        printf("u [%u] x [%x] X [%X] o [%o]\n", uint_values[i], uint_values[i], uint_values[i],
               uint_values[i]);
    for (size_t i = 0; i < sizeof ulong_values / sizeof ulong_values[0]; i++)
        printf("lu [%lu] lx [%lx] lX [%lX] lo [%lo]\n", ulong_values[i], ulong_values[i],
               ulong_values[i], ulong_values[i]);
    printf("llu [%llu] llx [%llx]\n", ULLONG_MAX, 0x0123456789abcdefULL);
    printf("zu [%zu] zx [%zx] zd [%zd]\n", sizeof(long double), (size_t)SIZE_MAX, (ptrdiff_t)-5);
    printf("jd [%jd] ju [%ju] td [%td]\n", INTMAX_MIN, UINTMAX_MAX, (ptrdiff_t)PTRDIFF_MIN);
    printf("UINT64_MAX [%" PRIu64 "] hex [%#" PRIx64 "]\n", UINT64_MAX, UINT64_MAX);
}

static void print_field_widths_and_flags(void) {
    int values[] = {0, 5, -5, 12345, -12345};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        int v = values[i];
        printf("[%8d] [%-8d] [%08d] [%+d] [% d] [%+08d] [%-+8d] [%.3d] [%8.3d] [%-8.3d]\n", v, v, v,
               v, v, v, v, v, v, v);
    }
    printf("[%#x] [%#X] [%#o] [%#10x] [%#010x] [%-#10x]\n", 255, 255, 8, 255, 255, 255);
    printf("[%#x] [%#o] [%.0d] [%.0x] [%5.0d]\n", 0, 0, 0, 0, 0);
    printf("[%*d] [%-*d] [%.*d] [%*.*d]\n", 6, 42, 6, 42, 4, 42, 7, 5, -42);
    // A negative width taken from the argument list means left justification.
    printf("[%*d]\n", -6, 42);
    printf("[%20ld] [%-20ld] [%020ld]\n", LONG_MIN, LONG_MIN, LONG_MIN);
    printf("[%22lo] [%-18lx] [%018lX]\n", ULONG_MAX, 0xfeedUL, 0xfeedUL);
    printf("[%c] [%3c] [%-3c] [%%] [%5s] [%-5s] [%.2s]\n", 'A', 'B', 'C', "ab", "cd", "efgh");
}

static void print_computed_values(void) {
    // Values produced at run time so the compiler cannot fold the formatting inputs.
    uint64_t value = 1;
    for (int i = 0; i < 64; i += 9) {
        // Negated in unsigned arithmetic: for 2^63 the result is INT64_MIN without overflow.
        int64_t negated = (int64_t)(0 - value);
        printf("2^%-2d = %20" PRIu64 " = %#18" PRIx64 " = %22" PRIo64 " negated %21" PRId64 "\n", i,
               value, value, value, negated);
        value <<= 9;
    }
    int printed = printf("[%+.8d]\n", -123456);
    printf("printf returned %d\n", printed);
    char buffer[16];
    int needed = snprintf(buffer, sizeof buffer, "%lld", LLONG_MIN);
    printf("snprintf needed %d, kept \"%s\"\n", needed, buffer);
    needed = snprintf(buffer, 8, "%x-%x", 0xabcdU, 0x1234U);
    printf("truncated snprintf needed %d, kept \"%s\"\n", needed, buffer);
    printf("pointer [%p]\n", (void*)(uintptr_t)0x80001234UL);
}

int main(void) {
    print_signed_widths();
    print_unsigned_widths();
    print_field_widths_and_flags();
    print_computed_values();
    return 0;
}
