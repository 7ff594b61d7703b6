// libm results printed with %a, so every bit of every result is compared. sqrt is one
// instruction (fsqrt.d), the rounding functions use the dynamic rounding mode in frm, and sin,
// exp, log and pow are long polynomial and table computations in picolibc, where one wrong FP
// instruction (a missed FMA, a flipped rounding direction) changes the last bits. Built with
// -frounding-math, so that rint() and friends are not evaluated at compile time in the default
// rounding mode.
#include <fenv.h>
#include <math.h>
#include <stdio.h>

static const double arguments[] = {
    0.0,  1e-310, 1e-8, 0.1,   0.5,   1.0, 1.5, 2.0, 2.5, 3.141592653589793,
    10.0, 100.5,  1e10, 1e300, -0.75, -2.5};
static const int argument_count = sizeof arguments / sizeof arguments[0];

static void print_elementary_functions(void) {
    for (int i = 0; i < argument_count; i++) {
        double x = arguments[i];
        printf("x=%a sqrt %a cbrt %a exp %a expm1 %a log %a log1p %a log2 %a log10 %a\n", x,
               sqrt(fabs(x)), cbrt(x), exp(x), expm1(x), log(fabs(x)), log1p(fabs(x)),
               log2(fabs(x)), log10(fabs(x)));
        printf("x=%a sin %a cos %a tan %a atan %a sinh %a tanh %a asin %a\n", x, sin(x), cos(x),
               tan(x), atan(x), sinh(x), tanh(x), asin(x / (1.0 + fabs(x))));
    }
}

static void print_two_argument_functions(void) {
    const double bases[] = {2.0, 0.5, 10.0, 1.0000001, 7.25, -3.0};
    const double exponents[] = {0.5, -1.0, 3.0, 52.0, 1e-3, -0.25};
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 6; j++) {
            double base = bases[i];
            double exponent = exponents[j];
            printf("pow(%.8g, %.8g) %a fmod %a remainder %a atan2 %a hypot %a\n", base, exponent,
                   pow(base, exponent), fmod(base * 1000.0, exponent), remainder(base, exponent),
                   atan2(base, exponent), hypot(base, exponent));
        }
    printf("fmod exact: %a %a %a\n", fmod(1e300, 3.0), fmod(-7.5, 2.0), fmod(0x1p-1060, 0x1p-1070));
    printf("pow specials: %a %a %a %a\n", pow(-8.0, 1.0 / 3.0), pow(0.0, -1.0), pow(-1.0, INFINITY),
           pow(2.0, -1075.0));
    printf("log(0) %a log(-1) %a sqrt(-1) %a exp(1000) %a exp(-1000) %a\n", log(0.0), log(-1.0),
           sqrt(-1.0), exp(1000.0), exp(-1000.0));
}

static const char* mode_name(int mode) {
    switch (mode) {
    case FE_TONEAREST:
        return "nearest";
    case FE_DOWNWARD:
        return "downward";
    case FE_UPWARD:
        return "upward";
    case FE_TOWARDZERO:
        return "toward zero";
    default:
        return "unknown";
    }
}

static void print_rounding_functions(void) {
    const double values[] = {-2.5, -1.5, -0.5, -0.4,       0.4,        0.5,
                             1.5,  2.5,  2.6,  1e15 + 0.5, 0x1p52 + 1, -0.0};
    for (unsigned i = 0; i < sizeof values / sizeof values[0]; i++) {
        double v = values[i];
        printf("%a: floor %a ceil %a trunc %a round %a lround %ld\n", v, floor(v), ceil(v),
               trunc(v), round(v), lround(v));
    }
    // rint, nearbyint and lrint follow the current rounding mode, which lives in frm.
    const int modes[] = {FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};
    for (int m = 0; m < 4; m++) {
        int status = fesetround(modes[m]);
        printf("mode %s (fesetround %d, fegetround matches %s):", mode_name(modes[m]), status,
               fegetround() == modes[m] ? "yes" : "no");
        for (unsigned i = 0; i < sizeof values / sizeof values[0]; i++)
            printf(" %a/%a/%ld", rint(values[i]), nearbyint(values[i]), lrint(values[i]));
        // Division and sqrt results depend on the rounding mode as well; volatile operands keep
        // the compiler from computing them at build time, in the default mode.
        volatile double one = 1.0;
        volatile double three = 3.0;
        volatile double two = 2.0;
        printf(" 1/3 %a sqrt2 %a\n", one / three, sqrt(two));
    }
    fesetround(FE_TONEAREST);
}

static void print_float_functions(void) {
    for (int i = 0; i < argument_count; i++) {
        float x = (float)arguments[i];
        printf("xf=%a sqrtf %a sinf %a cosf %a expf %a logf %a powf(x,1.5) %a\n", (double)x,
               (double)sqrtf(fabsf(x)), (double)sinf(x), (double)cosf(x), (double)expf(x),
               (double)logf(fabsf(x)), (double)powf(fabsf(x), 1.5f));
    }
}

static void print_exception_flags(void) {
    feclearexcept(FE_ALL_EXCEPT);
    volatile double zero = 0.0;
    volatile double one = 1.0;
    volatile double result = one / zero;
    printf("1/0 = %a raises divide-by-zero: %s\n", result,
           fetestexcept(FE_DIVBYZERO) ? "yes" : "no");
    feclearexcept(FE_ALL_EXCEPT);
    result = one / 3.0;
    printf("1/3 raises inexact: %s, invalid: %s\n", fetestexcept(FE_INEXACT) ? "yes" : "no",
           fetestexcept(FE_INVALID) ? "yes" : "no");
    feclearexcept(FE_ALL_EXCEPT);
    result = sqrt(-one);
    printf("sqrt(-1) raises invalid: %s\n", fetestexcept(FE_INVALID) ? "yes" : "no");
}

int main(void) {
    print_elementary_functions();
    print_two_argument_functions();
    print_rounding_functions();
    print_float_functions();
    print_exception_flags();
    return 0;
}
