#pragma once
// Deterministic pseudo-random numbers for the program generator. The standard library's
// distributions are implementation-defined, so everything the generator draws is derived here
// from xoshiro256** to keep the program of a seed byte-identical across hosts and compilers.

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>

namespace xbemu::random_program {

class RandomSource {
public:
    explicit RandomSource(std::uint64_t seed);

    std::uint64_t next();
    // Uniform in [0, bound); `bound` must not be zero.
    std::uint64_t below(std::uint64_t bound);
    // Uniform in [low, high].
    std::int64_t between(std::int64_t low, std::int64_t high);
    // True with probability percent/100.
    bool percent(unsigned percent);
    // Index i with probability weights[i] / sum(weights); the sum must not be zero.
    std::size_t weighted_index(std::span<const unsigned> weights);

    template <typename T> T pick(std::initializer_list<T> choices) {
        return choices.begin()[below(choices.size())];
    }
    template <typename Container> const auto& pick_element(const Container& choices) {
        return choices[below(choices.size())];
    }

private:
    std::array<std::uint64_t, 4> state_{};
};

} // namespace xbemu::random_program
