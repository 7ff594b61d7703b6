// Three implementations checked against one another, bit for bit and flag for flag: the x86 SSE
// unit run in each rounding mode through MXCSR (a reference that is too slow for the emulator),
// the integer soft-float, and the public functions (the host fast path with its soft-float
// fallbacks). The reference only knows RNE, RTZ, RDN and RUP; RMM is checked by showing that it
// differs from RNE exactly on ties, against an exact oracle where binary64 can provide one.

#include "fp/floating_point.hpp"
#include "fp/format.hpp"
#include "fp/soft_float.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <doctest/doctest.h>
#include <fmt/format.h>
#include <random>
#include <string>
#include <type_traits>
#include <vector>
#include <xmmintrin.h>

namespace {

using namespace xbemu::fp;

constexpr std::array kAllModes{RoundingMode::NearestEven, RoundingMode::TowardZero,
                               RoundingMode::Down, RoundingMode::Up,
                               RoundingMode::NearestMaxMagnitude};
constexpr std::array kFusedOps{FusedOp::MulAdd, FusedOp::MulSub, FusedOp::NegMulSub,
                               FusedOp::NegMulAdd};
constexpr int kRandomCasesPerMode = 20000;

// Boundary values of a format: signed zeros, subnormal and normal extremes, values around 1,
// infinities and quiet and signaling NaNs with and without payloads.
template <class Format> std::vector<typename Format::Bits> special_values() {
    using Bits = typename Format::Bits;
    const Bits one = static_cast<Bits>(Format::kBias) << Format::kFractionBits;
    const Bits min_normal = Format::kHiddenBit;
    const std::vector<Bits> magnitudes{0,
                                       1,
                                       2,
                                       3,
                                       Format::kFractionMask >> 1,
                                       Format::kFractionMask,
                                       min_normal,
                                       min_normal + 1,
                                       one - 1,
                                       one,
                                       one + 1,
                                       one | (Bits{1} << (Format::kFractionBits - 1)),
                                       one + Format::kHiddenBit,
                                       Format::kLargestFinite - 1,
                                       Format::kLargestFinite,
                                       Format::kInfinity,
                                       Format::kCanonicalNan,
                                       Format::kCanonicalNan | 0x1234,
                                       Format::kInfinity | 1,
                                       Format::kInfinity | (Format::kQuietBit >> 1)};
    std::vector<Bits> values;
    for (const Bits magnitude : magnitudes) {
        values.push_back(magnitude);
        values.push_back(magnitude | Format::kSignMask);
    }
    return values;
}

// Random operands concentrated where rounding is delicate: fractions with long runs of trailing
// zeros (exact results and ties), exponents at the subnormal and overflow ends, and operands
// close to one another (cancellation).
template <class Format> class OperandGenerator {
public:
    using Bits = typename Format::Bits;

    explicit OperandGenerator(std::uint64_t seed)
        : random_(seed), specials_(special_values<Format>()) {}

    Bits any() {
        switch (random_() % 16) {
        case 0:
            return specials_[random_() % specials_.size()];
        case 1:
        case 2:
            return static_cast<Bits>(random_());
        default:
            return with_exponent(random_exponent());
        }
    }

    // An operand whose exponent is within a few of `near`'s.
    Bits near(Bits near) {
        const int exponent = Format::biased_exponent(near) + static_cast<int>(random_() % 7) - 3;
        if (exponent < 0 || exponent >= Format::kMaxBiasedExponent) {
            return any();
        }
        return with_exponent(exponent);
    }

    // A value within a few units in the last place of `value`, possibly with its sign flipped.
    Bits perturbed(Bits value) {
        const Bits sign = (random_() & 1) != 0 ? Format::kSignMask : Bits{0};
        return (value + static_cast<Bits>(random_() % 7) - 3) ^ sign;
    }

    std::uint64_t next() { return random_(); }

    // A random operand with the given biased exponent.
    Bits with_exponent(int exponent) {
        Bits fraction = static_cast<Bits>(random_()) & Format::kFractionMask;
        switch (random_() % 4) {
        case 0:
            fraction &= ~((Bits{1} << (random_() % Format::kPrecision)) - 1);
            break;
        case 1:
            fraction |= (Bits{1} << (random_() % Format::kPrecision)) - 1;
            fraction &= Format::kFractionMask;
            break;
        default:
            break;
        }
        const Bits sign = (random_() & 1) != 0 ? Format::kSignMask : Bits{0};
        return sign | (static_cast<Bits>(exponent) << Format::kFractionBits) | fraction;
    }

private:
    int random_exponent() {
        const int max = Format::kMaxBiasedExponent;
        const int edge = Format::kPrecision + 3;
        switch (random_() % 4) {
        case 0:
            return static_cast<int>(random_() % edge);
        case 1:
            return max - 1 - static_cast<int>(random_() % edge);
        case 2:
            return Format::kBias - 40 + static_cast<int>(random_() % 80);
        default:
            return static_cast<int>(random_() % max);
        }
    }

    std::mt19937_64 random_;
    std::vector<typename Format::Bits> specials_;
};

const char* mode_name(RoundingMode rm) {
    constexpr std::array names{"RNE", "RTZ", "RDN", "RUP", "RMM"};
    return names[static_cast<unsigned>(rm)];
}

template <class Value> Value opaque(Value value) {
    asm volatile("" : "+x"(value));
    return value;
}

// The SSE unit with all exceptions masked, flush-to-zero and denormals-are-zero off, and the
// x86 rounding control for RNE, RTZ, RDN and RUP; results are canonicalized as RISC-V requires.
template <class Format, class Operation> auto on_hardware(RoundingMode rm, Operation operation) {
    constexpr std::array<std::uint32_t, 4> kMxcsr{0x1f80, 0x7f80, 0x3f80, 0x5f80};
    const std::uint32_t saved = _mm_getcsr();
    _mm_setcsr(kMxcsr[static_cast<unsigned>(rm)]);
    const auto value = opaque(operation());
    const std::uint32_t raised = _mm_getcsr();
    _mm_setcsr(saved);
    std::uint8_t flags = 0;
    flags |= (raised & 0x01) != 0 ? kInvalid : 0;
    flags |= (raised & 0x04) != 0 ? kDivideByZero : 0;
    flags |= (raised & 0x08) != 0 ? kOverflow : 0;
    flags |= (raised & 0x10) != 0 ? kUnderflow : 0;
    flags |= (raised & 0x20) != 0 ? kInexact : 0;
    const auto bits = std::bit_cast<typename Format::Bits>(value);
    using Result = std::conditional_t<std::is_same_v<Format, Binary32>, Result32, Result64>;
    return Result{Format::canonicalize(bits), flags};
}

template <class Format> auto to_host(typename Format::Bits x) {
    using Float = std::conditional_t<std::is_same_v<Format, Binary32>, float, double>;
    return opaque(std::bit_cast<Float>(x));
}

template <class Format>
auto hardware_add(typename Format::Bits a, typename Format::Bits b, RoundingMode rm) {
    return on_hardware<Format>(rm, [=] { return to_host<Format>(a) + to_host<Format>(b); });
}
template <class Format>
auto hardware_sub(typename Format::Bits a, typename Format::Bits b, RoundingMode rm) {
    return on_hardware<Format>(rm, [=] { return to_host<Format>(a) - to_host<Format>(b); });
}
template <class Format>
auto hardware_mul(typename Format::Bits a, typename Format::Bits b, RoundingMode rm) {
    return on_hardware<Format>(rm, [=] { return to_host<Format>(a) * to_host<Format>(b); });
}
template <class Format>
auto hardware_div(typename Format::Bits a, typename Format::Bits b, RoundingMode rm) {
    return on_hardware<Format>(rm, [=] { return to_host<Format>(a) / to_host<Format>(b); });
}
template <class Format> auto hardware_sqrt(typename Format::Bits a, RoundingMode rm) {
    return on_hardware<Format>(rm, [=] { return std::sqrt(to_host<Format>(a)); });
}
// std::fma is the FMA3 instruction on this host; x86 does not signal inf * 0 when the addend is
// a quiet NaN, which RISC-V does.
template <class Format>
auto hardware_fused(FusedOp op, typename Format::Bits a, typename Format::Bits b,
                    typename Format::Bits c, RoundingMode rm) {
    const bool negate_product = op == FusedOp::NegMulSub || op == FusedOp::NegMulAdd;
    const bool negate_addend = op == FusedOp::MulSub || op == FusedOp::NegMulAdd;
    const auto x = a ^ Format::sign_bit(negate_product);
    const auto z = c ^ Format::sign_bit(negate_addend);
    auto result = on_hardware<Format>(
        rm, [=] { return std::fma(to_host<Format>(x), to_host<Format>(b), to_host<Format>(z)); });
    if ((Format::is_infinity(a) && Format::is_zero(b)) ||
        (Format::is_zero(a) && Format::is_infinity(b))) {
        result.flags |= kInvalid;
    }
    return result;
}
Result32 hardware_narrow(std::uint64_t a, RoundingMode rm) {
    return on_hardware<Binary32>(rm, [=] { return static_cast<float>(to_host<Binary64>(a)); });
}

// Counts mismatches and keeps the first few for the failure message.
class Mismatches {
public:
    template <class Result>
    void compare(const std::string& operation, const Result& expected, const Result& actual) {
        flags_seen_ |= expected.flags;
        if (expected.bits == actual.bits && expected.flags == actual.flags) {
            return;
        }
        if (count_++ < 8) {
            report_ +=
                fmt::format("{}: expected {:#x} flags {:#x}, got {:#x} flags {:#x}\n", operation,
                            expected.bits, expected.flags, actual.bits, actual.flags);
        }
    }
    int count() const { return count_; }
    std::uint8_t flags_seen() const { return flags_seen_; }
    const std::string& report() const { return report_; }

private:
    int count_ = 0;
    std::uint8_t flags_seen_ = 0;
    std::string report_;
};

template <class... Bits> std::string describe(const char* name, RoundingMode rm, Bits... operands) {
    std::string text = fmt::format("{} {}", name, mode_name(rm));
    ((text += fmt::format(" {:#x}", operands)), ...);
    return text;
}

// Compares the soft-float with the hardware in the four modes it has, and the public functions
// with the soft-float in all five.
class ThreeWayCheck {
public:
    template <class Result, class Hardware, class Soft, class Public>
    void check(const std::string& operation, RoundingMode rm, Hardware hardware, Soft soft,
               Public public_function) {
        const Result soft_result = soft();
        if (rm != RoundingMode::NearestMaxMagnitude) {
            soft_versus_hardware_.compare(operation, static_cast<Result>(hardware()), soft_result);
        }
        public_versus_soft_.compare(operation, soft_result, static_cast<Result>(public_function()));
    }

    void verify(std::uint8_t required_flags) const {
        CHECK_MESSAGE(soft_versus_hardware_.count() == 0, soft_versus_hardware_.report());
        CHECK_MESSAGE(public_versus_soft_.count() == 0, public_versus_soft_.report());
        CHECK((soft_versus_hardware_.flags_seen() & required_flags) == required_flags);
        CHECK((public_versus_soft_.flags_seen() & required_flags) == required_flags);
    }

private:
    Mismatches soft_versus_hardware_;
    Mismatches public_versus_soft_;
};

// Biased exponents around the limits of the host fast path's comfortable range and of the
// exponent range itself, where results move between the fast path and the soft-float.
template <class Format> int boundary_exponent(std::uint64_t random) {
    constexpr std::array kBoundaries{1, 63, 124, Format::kMaxBiasedExponent - 3, Format::kBias};
    const int boundary = kBoundaries[random % kBoundaries.size()];
    return std::clamp(boundary + static_cast<int>((random >> 8) % 9) - 4, 1,
                      Format::kMaxBiasedExponent - 1);
}

template <class Format> struct BinaryOperation {
    using Bits = typename Format::Bits;
    using Result = std::conditional_t<std::is_same_v<Format, Binary32>, Result32, Result64>;
    const char* name;
    Result (*hardware)(Bits, Bits, RoundingMode);
    Result (*soft)(Bits, Bits, RoundingMode);
    Result (*public_function)(Bits, Bits, RoundingMode);
    // Combines exponents: the exponent of the result is about combine(a's, b's).
    int (*combine)(int, int);
};

template <class Format>
void cross_check_binary(const BinaryOperation<Format>& operation, std::uint8_t required_flags) {
    using Bits = typename Format::Bits;
    using Result = typename BinaryOperation<Format>::Result;
    OperandGenerator<Format> generator(0x5eed0001);
    ThreeWayCheck checker;
    const auto specials = special_values<Format>();
    for (const RoundingMode rm : kAllModes) {
        const auto check = [&](Bits a, Bits b) {
            checker.check<Result>(
                describe(operation.name, rm, a, b), rm,
                [&] { return operation.hardware(a, b, rm); },
                [&] { return operation.soft(a, b, rm); },
                [&] { return operation.public_function(a, b, rm); });
        };
        for (const Bits a : specials) {
            for (const Bits b : specials) {
                check(a, b);
            }
        }
        for (int i = 0; i < kRandomCasesPerMode; ++i) {
            const Bits a = generator.any();
            check(a, (i & 1) != 0 ? generator.near(a) : generator.any());
            // An operand pair whose result lands near a boundary exponent.
            const int target = boundary_exponent<Format>(generator.next());
            const int a_exponent =
                1 + static_cast<int>(generator.next() % (Format::kMaxBiasedExponent - 1));
            const int b_exponent = operation.combine(target, a_exponent);
            if (b_exponent >= 1 && b_exponent < Format::kMaxBiasedExponent) {
                check(generator.with_exponent(a_exponent), generator.with_exponent(b_exponent));
            } else {
                check(generator.with_exponent(target),
                      generator.near(generator.with_exponent(target)));
            }
        }
    }
    INFO(operation.name);
    checker.verify(required_flags);
}

template <class Format, class Result>
void cross_check_sqrt(Result (*hardware)(typename Format::Bits, RoundingMode),
                      Result (*soft)(typename Format::Bits, RoundingMode),
                      Result (*public_function)(typename Format::Bits, RoundingMode)) {
    using Bits = typename Format::Bits;
    OperandGenerator<Format> generator(0x5eed0002);
    ThreeWayCheck checker;
    for (const RoundingMode rm : kAllModes) {
        const auto check = [&](Bits a) {
            checker.check<Result>(
                describe("sqrt", rm, a), rm, [&] { return hardware(a, rm); },
                [&] { return soft(a, rm); }, [&] { return public_function(a, rm); });
        };
        for (const Bits a : special_values<Format>()) {
            check(a);
        }
        for (int i = 0; i < kRandomCasesPerMode; ++i) {
            check(generator.any());
            check(generator.with_exponent(boundary_exponent<Format>(generator.next())) &
                  ~Format::kSignMask);
            // Exact squares and their neighbours.
            const Bits root = generator.any() & ~Format::kSignMask;
            const auto squared = [&] {
                if constexpr (std::is_same_v<Format, Binary32>) {
                    return soft::mul32(root, root, RoundingMode::NearestEven).bits;
                } else {
                    return soft::mul64(root, root, RoundingMode::NearestEven).bits;
                }
            }();
            check(generator.perturbed(squared) & ~Format::kSignMask);
        }
    }
    checker.verify(kInexact | kInvalid);
}

template <class Format> struct FusedOperation {
    using Bits = typename Format::Bits;
    using Result = std::conditional_t<std::is_same_v<Format, Binary32>, Result32, Result64>;
    Result (*soft)(FusedOp, Bits, Bits, Bits, RoundingMode);
    Result (*public_function)(FusedOp, Bits, Bits, Bits, RoundingMode);
    Result (*multiply)(Bits, Bits, RoundingMode);
};

template <class Format> void cross_check_fused(const FusedOperation<Format>& operation) {
    using Bits = typename Format::Bits;
    using Result = typename FusedOperation<Format>::Result;
    OperandGenerator<Format> generator(0x5eed0003);
    ThreeWayCheck checker;
    const auto specials = special_values<Format>();
    for (const RoundingMode rm : kAllModes) {
        for (const FusedOp op : kFusedOps) {
            const auto check = [&](Bits a, Bits b, Bits c) {
                checker.check<Result>(
                    describe("fused", rm, a, b, c), rm,
                    [&] { return hardware_fused<Format>(op, a, b, c, rm); },
                    [&] { return operation.soft(op, a, b, c, rm); },
                    [&] { return operation.public_function(op, a, b, c, rm); });
            };
            for (const Bits a : specials) {
                for (const Bits b : specials) {
                    for (std::size_t c = (a ^ b) % 5; c < specials.size(); c += 5) {
                        check(a, b, specials[c]);
                    }
                }
            }
            for (int i = 0; i < kRandomCasesPerMode / 4; ++i) {
                Bits a = generator.any();
                Bits b = generator.any();
                if (i % 4 == 3) {
                    // A product near a boundary exponent.
                    const int target = boundary_exponent<Format>(generator.next());
                    const int a_exponent =
                        Format::kBias - 200 + static_cast<int>(generator.next() % 400);
                    const int b_exponent = target - a_exponent + Format::kBias;
                    if (a_exponent >= 1 && b_exponent >= 1 &&
                        a_exponent < Format::kMaxBiasedExponent &&
                        b_exponent < Format::kMaxBiasedExponent) {
                        a = generator.with_exponent(a_exponent);
                        b = generator.with_exponent(b_exponent);
                    }
                }
                const Bits product = operation.multiply(a, b, RoundingMode::TowardZero).bits;
                switch (i % 3) {
                case 0:
                    check(a, b, generator.any());
                    break;
                case 1:
                    // An addend that nearly cancels the product.
                    check(a, b, generator.perturbed(product));
                    break;
                default:
                    check(a, b, generator.near(product));
                    break;
                }
            }
        }
    }
    checker.verify(kInexact | kUnderflow | kOverflow | kInvalid);
}

int sum_exponent(int target, int) {
    return target;
}
int product_exponent(int target, int a) {
    return target - a + Binary64::kBias;
}
int quotient_exponent(int target, int a) {
    return a - target + Binary64::kBias;
}
int product_exponent32(int target, int a) {
    return target - a + Binary32::kBias;
}
int quotient_exponent32(int target, int a) {
    return a - target + Binary32::kBias;
}

TEST_CASE("add, sub, mul and div agree with the hardware and the soft-float") {
    const std::uint8_t rounding = kInexact | kOverflow | kInvalid;
    const std::uint8_t underflow = rounding | kUnderflow;
    cross_check_binary<Binary32>(
        {"add32", hardware_add<Binary32>, soft::add32, add32, sum_exponent}, rounding);
    cross_check_binary<Binary32>(
        {"sub32", hardware_sub<Binary32>, soft::sub32, sub32, sum_exponent}, rounding);
    cross_check_binary<Binary32>(
        {"mul32", hardware_mul<Binary32>, soft::mul32, mul32, product_exponent32}, underflow);
    cross_check_binary<Binary32>(
        {"div32", hardware_div<Binary32>, soft::div32, div32, quotient_exponent32},
        underflow | kDivideByZero);
    cross_check_binary<Binary64>(
        {"add64", hardware_add<Binary64>, soft::add64, add64, sum_exponent}, rounding);
    cross_check_binary<Binary64>(
        {"sub64", hardware_sub<Binary64>, soft::sub64, sub64, sum_exponent}, rounding);
    cross_check_binary<Binary64>(
        {"mul64", hardware_mul<Binary64>, soft::mul64, mul64, product_exponent}, underflow);
    cross_check_binary<Binary64>(
        {"div64", hardware_div<Binary64>, soft::div64, div64, quotient_exponent},
        underflow | kDivideByZero);
}

TEST_CASE("sqrt agrees with the hardware and the soft-float") {
    cross_check_sqrt<Binary32>(hardware_sqrt<Binary32>, soft::sqrt32, sqrt32);
    cross_check_sqrt<Binary64>(hardware_sqrt<Binary64>, soft::sqrt64, sqrt64);
}

TEST_CASE("fused multiply-add agrees with the hardware and the soft-float in all four variants") {
    cross_check_fused<Binary32>({soft::fused32, fused32, mul32});
    cross_check_fused<Binary64>({soft::fused64,
                                 [](FusedOp op, std::uint64_t a, std::uint64_t b, std::uint64_t c,
                                    RoundingMode rm) { return fused64(op, a, b, c, rm); },
                                 mul64});
}

TEST_CASE("binary64 to binary32 conversion agrees with the hardware and the soft-float") {
    OperandGenerator<Binary64> generator(0x5eed0004);
    ThreeWayCheck checker;
    for (const RoundingMode rm : kAllModes) {
        const auto check = [&](std::uint64_t a) {
            checker.check<Result32>(
                describe("f64_to_f32", rm, a), rm, [&] { return hardware_narrow(a, rm); },
                [&] { return soft::f64_to_f32(a, rm); }, [&] { return f64_to_f32(a, rm); });
        };
        for (const std::uint64_t a : special_values<Binary64>()) {
            check(a);
        }
        for (int i = 0; i < kRandomCasesPerMode; ++i) {
            // Exponents around the binary32 range: from below its subnormals to above its maximum.
            const int exponent = Binary64::kBias - 160 + static_cast<int>(generator.next() % 300);
            check(generator.any());
            check(generator.with_exponent(exponent));
        }
    }
    checker.verify(kInexact | kUnderflow | kOverflow | kInvalid);
}

// RMM can differ from RNE only on a tie, where RNE takes the even neighbour and RMM the one of
// larger magnitude; inexactness, overflow and tininess are the same in both modes.
class TieChecker {
public:
    template <class Result, class Compute>
    void check(const std::string& operation, Compute compute) {
        const Result nearest_even = compute(RoundingMode::NearestEven);
        const Result toward_zero = compute(RoundingMode::TowardZero);
        const bool negative = (nearest_even.bits >> (sizeof(nearest_even.bits) * 8 - 1)) != 0;
        const Result away = compute(negative ? RoundingMode::Down : RoundingMode::Up);
        const Result max_magnitude = compute(RoundingMode::NearestMaxMagnitude);
        const bool tie = nearest_even.bits == toward_zero.bits && max_magnitude.bits == away.bits &&
                         toward_zero.bits != away.bits && (nearest_even.bits & 1) == 0;
        ties_ += tie ? 1 : 0;
        if ((max_magnitude.bits == nearest_even.bits || tie) &&
            max_magnitude.flags == nearest_even.flags) {
            return;
        }
        if (failures_++ < 8) {
            report_ += fmt::format("{}: RNE {:#x} flags {:#x}, RMM {:#x} flags {:#x}\n", operation,
                                   nearest_even.bits, nearest_even.flags, max_magnitude.bits,
                                   max_magnitude.flags);
        }
    }
    int failures() const { return failures_; }
    int ties() const { return ties_; }
    const std::string& report() const { return report_; }

private:
    int failures_ = 0;
    int ties_ = 0;
    std::string report_;
};

TEST_CASE("RMM differs from RNE only on ties, in every operation") {
    OperandGenerator<Binary32> generator32(0x5eed0005);
    OperandGenerator<Binary64> generator64(0x5eed0006);
    std::array<TieChecker, 6> checkers{};
    enum { kAdd, kMul, kDiv, kSqrt, kFused, kNarrow };
    for (int i = 0; i < kRandomCasesPerMode; ++i) {
        const std::uint32_t a32 = generator32.any();
        const std::uint32_t b32 = (i & 1) != 0 ? generator32.near(a32) : generator32.any();
        const std::uint32_t c32 =
            generator32.perturbed(mul32(a32, b32, RoundingMode::TowardZero).bits);
        const std::uint64_t a64 = generator64.any();
        const std::uint64_t b64 = (i & 1) != 0 ? generator64.near(a64) : generator64.any();
        const std::uint64_t c64 =
            generator64.perturbed(mul64(a64, b64, RoundingMode::TowardZero).bits);
        const FusedOp op = kFusedOps[i % kFusedOps.size()];
        checkers[kAdd].check<Result32>(
            describe("add32", RoundingMode::NearestMaxMagnitude, a32, b32),
            [&](RoundingMode rm) { return add32(a32, b32, rm); });
        checkers[kAdd].check<Result32>(
            describe("sub32", RoundingMode::NearestMaxMagnitude, a32, b32),
            [&](RoundingMode rm) { return sub32(a32, b32, rm); });
        checkers[kAdd].check<Result64>(
            describe("add64", RoundingMode::NearestMaxMagnitude, a64, b64),
            [&](RoundingMode rm) { return add64(a64, b64, rm); });
        checkers[kAdd].check<Result64>(
            describe("sub64", RoundingMode::NearestMaxMagnitude, a64, b64),
            [&](RoundingMode rm) { return sub64(a64, b64, rm); });
        checkers[kMul].check<Result32>(
            describe("mul32", RoundingMode::NearestMaxMagnitude, a32, b32),
            [&](RoundingMode rm) { return mul32(a32, b32, rm); });
        checkers[kMul].check<Result64>(
            describe("mul64", RoundingMode::NearestMaxMagnitude, a64, b64),
            [&](RoundingMode rm) { return mul64(a64, b64, rm); });
        checkers[kDiv].check<Result32>(
            describe("div32", RoundingMode::NearestMaxMagnitude, a32, b32),
            [&](RoundingMode rm) { return div32(a32, b32, rm); });
        checkers[kDiv].check<Result64>(
            describe("div64", RoundingMode::NearestMaxMagnitude, a64, b64),
            [&](RoundingMode rm) { return div64(a64, b64, rm); });
        checkers[kSqrt].check<Result32>(describe("sqrt32", RoundingMode::NearestMaxMagnitude, a32),
                                        [&](RoundingMode rm) { return sqrt32(a32, rm); });
        checkers[kSqrt].check<Result64>(describe("sqrt64", RoundingMode::NearestMaxMagnitude, a64),
                                        [&](RoundingMode rm) { return sqrt64(a64, rm); });
        checkers[kFused].check<Result32>(
            describe("fused32", RoundingMode::NearestMaxMagnitude, a32, b32, c32),
            [&](RoundingMode rm) { return fused32(op, a32, b32, c32, rm); });
        checkers[kFused].check<Result64>(
            describe("fused64", RoundingMode::NearestMaxMagnitude, a64, b64, c64),
            [&](RoundingMode rm) { return fused64(op, a64, b64, c64, rm); });
        checkers[kNarrow].check<Result32>(
            describe("f64_to_f32", RoundingMode::NearestMaxMagnitude, a64),
            [&](RoundingMode rm) { return f64_to_f32(a64, rm); });
    }
    for (const auto& checker : checkers) {
        CHECK_MESSAGE(checker.failures() == 0, checker.report());
    }
    CHECK(checkers[kAdd].ties() > 100);
    CHECK(checkers[kMul].ties() > 100);
    CHECK(checkers[kFused].ties() > 100);
    CHECK(checkers[kNarrow].ties() > 10);
    // The square root of a floating-point number is never exactly halfway between two of them.
    CHECK(checkers[kSqrt].ties() == 0);
}

// Exact RMM rounding of a binary64 value to binary32: the midpoint of the two binary32 candidates
// is a binary64 number, so a tie is an equality test.
Result32 narrow_max_magnitude(std::uint64_t exact) {
    const Result32 nearest_even = f64_to_f32(exact, RoundingMode::NearestEven);
    const Result32 toward_zero = f64_to_f32(exact, RoundingMode::TowardZero);
    const bool negative = Binary64::is_negative(exact);
    const Result32 away = f64_to_f32(exact, negative ? RoundingMode::Down : RoundingMode::Up);
    if (toward_zero.bits == away.bits || Binary32::is_infinity(away.bits)) {
        return nearest_even;
    }
    const std::uint64_t sum = add64(f32_to_f64(toward_zero.bits).bits, f32_to_f64(away.bits).bits,
                                    RoundingMode::NearestEven)
                                  .bits;
    const std::uint64_t midpoint = mul64(sum, 0x3fe0000000000000, RoundingMode::NearestEven).bits;
    return midpoint == exact ? Result32{away.bits, nearest_even.flags} : nearest_even;
}

TEST_CASE("binary32 RMM results equal the exact result rounded to nearest, ties away") {
    OperandGenerator<Binary32> generator(0x5eed0007);
    OperandGenerator<Binary64> generator64(0x5eed0008);
    Mismatches narrowing;
    Mismatches arithmetic;
    int exact_cases = 0;
    const auto rmm = RoundingMode::NearestMaxMagnitude;
    const auto rne = RoundingMode::NearestEven;
    for (int i = 0; i < kRandomCasesPerMode; ++i) {
        const int exponent = Binary64::kBias - 160 + static_cast<int>(generator64.next() % 300);
        const std::uint64_t wide = generator64.near(static_cast<std::uint64_t>(exponent) << 52);
        if (!Binary64::is_nan(wide)) {
            narrowing.compare(describe("f64_to_f32", rmm, wide), narrow_max_magnitude(wide),
                              f64_to_f32(wide, rmm));
        }

        const std::uint32_t a = generator.any();
        const std::uint32_t b = (i & 1) != 0 ? generator.near(a) : generator.any();
        const std::uint32_t c = generator.perturbed(mul32(a, b, RoundingMode::TowardZero).bits);
        if (Binary32::is_nan(a) || Binary32::is_nan(b) || Binary32::is_nan(c) ||
            Binary32::is_infinity(a) || Binary32::is_infinity(b) || Binary32::is_infinity(c)) {
            continue;
        }
        const std::uint64_t wide_a = f32_to_f64(a).bits;
        const std::uint64_t wide_b = f32_to_f64(b).bits;
        const std::uint64_t wide_c = f32_to_f64(c).bits;
        // The binary64 product of binary32 numbers is exact; sums are checked when they are.
        const Result64 product = mul64(wide_a, wide_b, rne);
        arithmetic.compare(describe("mul32", rmm, a, b), narrow_max_magnitude(product.bits),
                           mul32(a, b, rmm));
        const Result64 sum = add64(wide_a, wide_b, rne);
        if (sum.flags == 0) {
            ++exact_cases;
            arithmetic.compare(describe("add32", rmm, a, b), narrow_max_magnitude(sum.bits),
                               add32(a, b, rmm));
        }
        const FusedOp op = kFusedOps[i % kFusedOps.size()];
        const Result64 fused = fused64(op, wide_a, wide_b, wide_c, rne);
        if (fused.flags == 0) {
            ++exact_cases;
            arithmetic.compare(describe("fused32", rmm, a, b, c), narrow_max_magnitude(fused.bits),
                               fused32(op, a, b, c, rmm));
        }
    }
    CHECK_MESSAGE(narrowing.count() == 0, narrowing.report());
    CHECK_MESSAGE(arithmetic.count() == 0, arithmetic.report());
    CHECK(exact_cases > kRandomCasesPerMode / 4);
    CHECK((narrowing.flags_seen() & (kUnderflow | kOverflow)) == (kUnderflow | kOverflow));
    CHECK((arithmetic.flags_seen() & (kUnderflow | kOverflow)) == (kUnderflow | kOverflow));
}

} // namespace
