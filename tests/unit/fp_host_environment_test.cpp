// The library computes on the host in its default floating-point environment (round to nearest,
// no flush-to-zero) and never writes MXCSR: its control bits must be left as they are, and the
// sticky exception flags that other host code leaves in MXCSR must not leak into the results.

#include "fp/floating_point.hpp"

#include <array>
#include <cstdint>
#include <doctest/doctest.h>
#include <vector>
#include <xmmintrin.h>

namespace {

using namespace xbemu::fp;

constexpr std::array kAllModes{RoundingMode::NearestEven, RoundingMode::TowardZero,
                               RoundingMode::Down, RoundingMode::Up,
                               RoundingMode::NearestMaxMagnitude};

struct Observation {
    std::uint64_t bits;
    std::uint8_t flags;
    std::uint32_t mxcsr_after;

    bool operator==(const Observation&) const = default;
};

// Operations chosen to raise every flag and to involve subnormal operands and results.
std::vector<Observation> run_operations() {
    std::vector<Observation> observations;
    const auto observe = [&](auto result) {
        observations.push_back({result.bits, result.flags, _mm_getcsr()});
    };
    for (const RoundingMode rm : kAllModes) {
        observe(add64(0x3ff0000000000000, 0x3c90000000000000, rm));
        observe(add64(0x3ff0000000000000, 0x3ff0000000000000, rm));
        observe(mul64(0x0000000000000003, 0x3fe0000000000000, rm));
        observe(mul32(0x7f7fffff, 0x40000000, rm));
        observe(div32(0x3f800000, 0x00000000, rm));
        observe(div32(0x00000001, 0x40000000, rm));
        observe(sqrt64(0xbff0000000000000, rm));
        observe(sub32(0x00800000, 0x00000001, rm));
        observe(fused64(FusedOp::MulAdd, 0x0000000000000001, 0x3fe0000000000000, 0x0000000000000001,
                        rm));
        observe(fused32(FusedOp::NegMulAdd, 0x7f800000, 0x00000000, 0x7fc00000, rm));
        observe(f64_to_f32(0x36a8000000000000, rm));
    }
    return observations;
}

class MxcsrGuard {
public:
    MxcsrGuard() : saved_(_mm_getcsr()) {}
    MxcsrGuard(const MxcsrGuard&) = delete;
    MxcsrGuard& operator=(const MxcsrGuard&) = delete;
    ~MxcsrGuard() { _mm_setcsr(saved_); }

private:
    std::uint32_t saved_;
};

TEST_CASE("operations leave MXCSR control alone and ignore its sticky flags") {
    MxcsrGuard guard;
    constexpr std::uint32_t kDefault = 0x1f80;
    constexpr std::uint32_t kControlMask = ~std::uint32_t{0x3f};
    _mm_setcsr(kDefault);
    const std::vector<Observation> reference = run_operations();
    for (const Observation& observation : reference) {
        CHECK((observation.mxcsr_after & kControlMask) == kDefault);
    }

    constexpr std::uint32_t kAllExceptionFlags = 0x3f;
    _mm_setcsr(kDefault | kAllExceptionFlags);
    const std::vector<Observation> observed = run_operations();
    _mm_setcsr(kDefault);
    REQUIRE(observed.size() == reference.size());
    for (std::size_t i = 0; i < observed.size(); ++i) {
        CAPTURE(i);
        CHECK(observed[i].bits == reference[i].bits);
        CHECK(observed[i].flags == reference[i].flags);
        CHECK(observed[i].mxcsr_after == (kDefault | kAllExceptionFlags));
    }
}

} // namespace
