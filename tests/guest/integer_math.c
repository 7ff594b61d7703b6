// Integer arithmetic: 64- and 32-bit multiplication and division on many operands, the
// division corner cases the RISC-V M extension defines (division by zero, most negative value
// divided by -1), the high halves of products, and 128-bit arithmetic through __int128, which
// GCC lowers to mulhu sequences and libgcc calls (__udivti3, __divti3, ...).
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

// The M-extension corner cases are undefined behaviour in C, so they are reached through the
// instructions themselves.
#define DEFINE_BINARY_INSTRUCTION(name, mnemonic)                                                  \
    static int64_t name(int64_t left, int64_t right) {                                             \
        int64_t result;                                                                            \
        __asm__ volatile(mnemonic " %0, %1, %2" : "=r"(result) : "r"(left), "r"(right));           \
        return result;                                                                             \
    }
DEFINE_BINARY_INSTRUCTION(instruction_div, "div")
DEFINE_BINARY_INSTRUCTION(instruction_divu, "divu")
DEFINE_BINARY_INSTRUCTION(instruction_rem, "rem")
DEFINE_BINARY_INSTRUCTION(instruction_remu, "remu")
DEFINE_BINARY_INSTRUCTION(instruction_divw, "divw")
DEFINE_BINARY_INSTRUCTION(instruction_divuw, "divuw")
DEFINE_BINARY_INSTRUCTION(instruction_remw, "remw")
DEFINE_BINARY_INSTRUCTION(instruction_remuw, "remuw")
DEFINE_BINARY_INSTRUCTION(instruction_mulh, "mulh")
DEFINE_BINARY_INSTRUCTION(instruction_mulhsu, "mulhsu")
DEFINE_BINARY_INSTRUCTION(instruction_mulhu, "mulhu")
DEFINE_BINARY_INSTRUCTION(instruction_mulw, "mulw")

static void print_division_corner_cases(void) {
    const int64_t dividends[] = {INT64_MIN, -7, 0, 7, INT64_MAX, (int64_t)0xffffffff80000000ULL,
                                 0x7fffffff};
    const int64_t divisors[] = {0, -1, 1, 3, -3, INT64_MIN};
    for (unsigned i = 0; i < sizeof dividends / sizeof dividends[0]; i++)
        for (unsigned j = 0; j < sizeof divisors / sizeof divisors[0]; j++) {
            int64_t a = dividends[i];
            int64_t b = divisors[j];
            printf("%" PRIx64 " %" PRIx64 ": div %" PRIx64 " divu %" PRIx64 " rem %" PRIx64
                   " remu %" PRIx64 " divw %" PRIx64 " divuw %" PRIx64 " remw %" PRIx64
                   " remuw %" PRIx64 "\n",
                   a, b, instruction_div(a, b), instruction_divu(a, b), instruction_rem(a, b),
                   instruction_remu(a, b), instruction_divw(a, b), instruction_divuw(a, b),
                   instruction_remw(a, b), instruction_remuw(a, b));
        }
}

static void print_high_products(void) {
    const int64_t operands[] = {
        0, 1, -1, INT64_MIN, INT64_MAX, 0x123456789abcdef0LL, -0x0fedcba987654321LL};
    const unsigned count = sizeof operands / sizeof operands[0];
    for (unsigned i = 0; i < count; i++)
        for (unsigned j = i; j < count; j++) {
            int64_t a = operands[i];
            int64_t b = operands[j];
            printf("%" PRIx64 " * %" PRIx64 ": mul %" PRIx64 " mulh %" PRIx64 " mulhsu %" PRIx64
                   " mulhu %" PRIx64 " mulw %" PRIx64 "\n",
                   a, b, (int64_t)((uint64_t)a * (uint64_t)b), instruction_mulh(a, b),
                   instruction_mulhsu(a, b), instruction_mulhu(a, b), instruction_mulw(a, b));
        }
}

// xorshift64*: operands that cover all magnitudes, the same on every machine.
static uint64_t random_state = 0x853c49e6748fea9bULL;
static uint64_t next_random(void) {
    random_state ^= random_state >> 12;
    random_state ^= random_state << 25;
    random_state ^= random_state >> 27;
    return random_state * 2685821657736338717ULL;
}

static uint64_t random_operand(void) {
    // A random shift gives small and large values alike, which division loops treat differently.
    return next_random() >> (next_random() % 64);
}

static void check_division_identities(void) {
    uint64_t checksum = 0;
    int broken = 0;
    for (int i = 0; i < 20000; i++) {
        uint64_t a = random_operand();
        uint64_t b = random_operand() | 1;
        uint64_t quotient = a / b;
        uint64_t remainder = a % b;
        broken += quotient * b + remainder != a || remainder >= b;
        int64_t signed_a = (int64_t)(a ^ (next_random() & 0x8000000000000000ULL));
        int64_t signed_b = (int64_t)(b ^ (next_random() & 0x8000000000000000ULL));
        if (signed_b == -1)
            signed_b = 3;
        int64_t signed_quotient = signed_a / signed_b;
        int64_t signed_remainder = signed_a % signed_b;
        broken += signed_quotient * signed_b + signed_remainder != signed_a;
        uint32_t narrow_a = (uint32_t)a;
        uint32_t narrow_b = (uint32_t)b;
        // A positive divisor: INT32_MIN / -1 would overflow.
        int32_t narrow_signed = (int32_t)narrow_a / (int32_t)((narrow_b >> 1) | 1);
        checksum = checksum * 0x100000001b3ULL + quotient + remainder * 3 +
                   (uint64_t)signed_quotient + (uint64_t)signed_remainder + narrow_a / narrow_b +
                   (uint64_t)narrow_signed;
    }
    printf("20000 random divisions: identities broken %d, checksum %016" PRIx64 "\n", broken,
           checksum);
}

static void print_u128(const char* label, unsigned __int128 value) {
    char digits[40];
    int length = 0;
    do {
        digits[length++] = (char)('0' + (int)(value % 10));
        value /= 10;
    } while (value != 0);
    printf("%s", label);
    while (length > 0)
        putchar(digits[--length]);
    putchar('\n');
}

static void print_i128(const char* label, __int128 value) {
    if (value < 0) {
        printf("%s-", label);
        // Negating in unsigned arithmetic keeps the most negative value representable.
        print_u128("", -(unsigned __int128)value);
    } else {
        print_u128(label, (unsigned __int128)value);
    }
}

static void check_int128(void) {
    unsigned __int128 factorial = 1;
    for (unsigned n = 1; n <= 34; n++)
        factorial *= n;
    print_u128("34! = ", factorial);
    unsigned __int128 all_ones = ~(unsigned __int128)0;
    print_u128("2^128-1 = ", all_ones);
    __int128 most_negative = (__int128)((unsigned __int128)1 << 127);
    print_i128("-2^127 = ", most_negative);
    print_i128("-2^127 / 3 = ", most_negative / 3);
    print_i128("-2^127 % 1000000007 = ", most_negative % 1000000007);
    print_u128("(2^128-1) / (2^64+1) = ", all_ones / (((unsigned __int128)1 << 64) + 1));
    print_u128("34! / (34! / 34) = ", factorial / (factorial / 34));

    // The 128-bit product of two 64-bit values must agree with mulhu and mul.
    int broken = 0;
    unsigned __int128 accumulated = 0;
    for (int i = 0; i < 5000; i++) {
        uint64_t a = random_operand();
        uint64_t b = random_operand();
        unsigned __int128 product = (unsigned __int128)a * b;
        broken += (uint64_t)(product >> 64) != (uint64_t)instruction_mulhu((int64_t)a, (int64_t)b);
        broken += (uint64_t)product != a * b;
        unsigned __int128 divisor = ((unsigned __int128)random_operand() << 32) | 1;
        unsigned __int128 quotient = product / divisor;
        unsigned __int128 remainder = product % divisor;
        broken += quotient * divisor + remainder != product || remainder >= divisor;
        accumulated = accumulated * 31 + quotient + remainder;
    }
    printf("5000 random 128-bit products and divisions: broken %d\n", broken);
    print_u128("128-bit checksum ", accumulated);
}

static void check_bit_operations(void) {
    uint64_t value = 0x0123456789abcdefULL;
    printf("clz %d ctz %d popcount %d parity %d bswap %016" PRIx64 "\n", __builtin_clzll(value),
           __builtin_ctzll(value), __builtin_popcountll(value), __builtin_parityll(value),
           __builtin_bswap64(value));
    int32_t narrow = INT32_MAX;
    int64_t widened = (int64_t)(narrow + (int64_t)1);
    uint32_t wrapped = (uint32_t)INT32_MAX + 1u;
    printf("int32 max + 1 widened %" PRId64 ", wrapped %" PRIu32 ", as int32 %" PRId32 "\n",
           widened, wrapped, (int32_t)wrapped);
    printf("arithmetic shift of -1000 by 3: %" PRId64 ", logical: %" PRIx64 "\n",
           (int64_t)-1000 >> 3, (uint64_t)(int64_t)-1000 >> 3);
}

int main(void) {
    print_division_corner_cases();
    print_high_products();
    check_division_identities();
    check_int128();
    check_bit_operations();
    return 0;
}
