#pragma once
// Error-free transformations on host doubles (round to nearest, even): the rounded result of an
// operation together with an exact description of its rounding error. They need the host in
// its default floating-point environment (round to nearest, no flush-to-zero).

#include <cstdint>

namespace xbemu::fp::host {

// GCC may contract a product and a following sum into one fused operation (C++ allows it by
// default), which would change an error term. Passing a value through an empty asm that claims
// to modify it hides its origin and prevents that.
template <class Value> [[gnu::always_inline]] inline Value opaque(Value value) {
    asm("" : "+x"(value));
    return value;
}

struct Sum {
    double value;
    double error;
};

// value = RN(a + b) and value + error = a + b exactly (Knuth's TwoSum, valid without overflow
// and with subnormals).
[[gnu::always_inline]] inline Sum two_sum(double a, double b) {
    const double value = opaque(a + b);
    const double b_part = opaque(value - a);
    const double a_part = opaque(value - b_part);
    return {value, (a - a_part) + (b - b_part)};
}

inline int sign_of(double x) {
    return x > 0 ? 1 : (x < 0 ? -1 : 0);
}

} // namespace xbemu::fp::host
