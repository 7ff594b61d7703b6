// printf of doubles and floats: %f %e %g %a with precisions, infinities and NaNs, subnormals and
// halfway cases. picolibc's conversion is not glibc's: it produces at most 17 significant decimal
// digits (then zeros), and %.17g gives the shortest string that reads back to the same double.
// The expected output is therefore picolibc's, and every computed value is also printed with %a,
// which is exact, so a wrong bit in an FP result cannot hide behind decimal rounding.
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

// Special values are written as bit patterns so that there is no doubt which double is meant.
static double double_from_bits(uint64_t bits) {
    double value;
    memcpy(&value, &bits, sizeof value);
    return value;
}

static void print_all_conversions(const char* label, double value) {
    printf("%-10s f[%f] .3f[%.3f] e[%e] .10e[%.10e] g[%g] .17g[%.17g] a[%a] A[%A]\n", label, value,
           value, value, value, value, value, value, value);
}

static void print_special_values(void) {
    double positive_infinity = double_from_bits(0x7ff0000000000000ULL);
    double quiet_nan = double_from_bits(0x7ff8000000000000ULL);
    printf("[%f] [%f] [%e] [%g] [%a]\n", positive_infinity, -positive_infinity, positive_infinity,
           -positive_infinity, positive_infinity);
    printf("[%F] [%E] [%G] [%A]\n", positive_infinity, -positive_infinity, positive_infinity,
           -positive_infinity);
    printf("[%f] [%e] [%g] [%a] [%F]\n", quiet_nan, quiet_nan, quiet_nan, quiet_nan, quiet_nan);
    printf("[%8f] [%-8f] [%+f] [%08f]\n", positive_infinity, positive_infinity, positive_infinity,
           positive_infinity);
    printf("zero [%f] [%e] [%g] [%a] negative zero [%f] [%e] [%g] [%a]\n", 0.0, 0.0, 0.0, 0.0,
           double_from_bits(0x8000000000000000ULL), double_from_bits(0x8000000000000000ULL),
           double_from_bits(0x8000000000000000ULL), double_from_bits(0x8000000000000000ULL));
}

static void print_extremes_and_subnormals(void) {
    print_all_conversions("DBL_MAX", DBL_MAX);
    print_all_conversions("-DBL_MAX", -DBL_MAX);
    print_all_conversions("DBL_MIN", DBL_MIN);
    print_all_conversions("DBL_EPS", DBL_EPSILON);
    print_all_conversions("min_sub", double_from_bits(1));
    print_all_conversions("max_sub", double_from_bits(0x000fffffffffffffULL));
    print_all_conversions("mid_sub", double_from_bits(0x0000000123456789ULL));
    printf("DBL_MAX %%.0f: %.0f\n", DBL_MAX);
    printf("FLT_MAX [%.9g] FLT_MIN [%.9g] float subnormal [%.9g] [%a]\n", (double)FLT_MAX,
           (double)FLT_MIN, (double)(FLT_MIN / 8.0f), (double)(FLT_MIN / 1024.0f));
}

static void print_halfway_rounding(void) {
    // Exactly representable halfway cases, and 2.675 and 1.005, which are a little below the
    // written decimal: the digit chosen depends on exact integer steps inside the conversion.
    double halfway[] = {0.5, 1.5, 2.5, 3.5, -0.5, -2.5, 0.125, 0.375, 2.675, 1.005, 1e22, 5e-324};
    for (size_t i = 0; i < sizeof halfway / sizeof halfway[0]; i++)
        printf("[%.0f] [%.1f] [%.2f] [%.0e] [%.1e] [%.2g] [%.1a]\n", halfway[i], halfway[i],
               halfway[i], halfway[i], halfway[i], halfway[i], halfway[i]);
    // 0x1.08p0 has a hexadecimal digit exactly halfway when printed with %.1a.
    printf("[%.1a] [%.1a] [%.0a] [%.0a]\n", 0x1.08p0, 0x1.18p0, 1.5, 2.5);
}

static void print_precision_and_flags(void) {
    double pi = 4.0 * atan(1.0);
    for (int precision = 0; precision <= 20; precision += 4)
        printf("pi %%.%d: f[%.*f] e[%.*e] g[%.*g]\n", precision, precision, pi, precision, pi,
               precision, pi);
    printf("[%12.4f] [%-12.4f] [%012.4f] [%+.4f] [% .4f] [%+012.3e]\n", -pi, pi, -pi, pi, pi, pi);
    printf("[%#.0f] [%#.0e] [%#g] [%#.3g] [%g] [%g]\n", 3.0, 3.0, 2.0, 1.0, 100000.0, 1000000.0);
    printf("[%g] [%g] [%g] [%g] [%G]\n", 0.0001, 0.00001, 123456789.0, 1e-300, 1.5e-7);
    printf("[%*.*f] [%-*.*e]\n", 10, 2, 1.0 / 3.0, 14, 3, -1.0 / 3.0);
}

static void print_floats(void) {
    // Floats are promoted to double by the call; the arithmetic before the call is single
    // precision, so these digits check float rounding too.
    float third = 1.0f / 3.0f;
    float sum = 0.0f;
    for (int i = 1; i <= 1000; i++)
        sum += 1.0f / (float)i;
    printf("float third [%.9g] [%a] [%f] [%e]\n", third, third, third, third);
    printf("float harmonic(1000) [%.9g] [%a]\n", sum, sum);
    printf("float 16777217 [%.1f] 0.1f [%.20f]\n", (float)16777217, 0.1f);
    printf("float subnormal min [%a] [%.9g]\n", FLT_TRUE_MIN, FLT_TRUE_MIN);
}

static void print_computed_doubles(void) {
    double value = 1.0;
    for (int i = 0; i < 12; i++) {
        printf("%2d: [%.17g] [%a] [%.6e]\n", i, value, value, value);
        value = value * -7.3 + 0.1;
    }
    double harmonic = 0.0;
    for (int i = 1; i <= 100000; i++)
        harmonic += 1.0 / i;
    printf("harmonic(100000) [%.17g] [%a]\n", harmonic, harmonic);
}

int main(void) {
    print_special_values();
    print_extremes_and_subnormals();
    print_halfway_rounding();
    print_precision_and_flags();
    print_floats();
    print_computed_doubles();
    return 0;
}
