#include "random_source.hpp"

#include <bit>
#include <numeric>

namespace xbemu::random_program {

namespace {

// SplitMix64 spreads a small seed over xoshiro's 256-bit state, which must not be all zero.
std::uint64_t split_mix(std::uint64_t& counter) {
    counter += 0x9e3779b97f4a7c15;
    std::uint64_t mixed = counter;
    mixed = (mixed ^ (mixed >> 30)) * 0xbf58476d1ce4e5b9;
    mixed = (mixed ^ (mixed >> 27)) * 0x94d049bb133111eb;
    return mixed ^ (mixed >> 31);
}

} // namespace

RandomSource::RandomSource(std::uint64_t seed) {
    for (std::uint64_t& word : state_) {
        word = split_mix(seed);
    }
}

std::uint64_t RandomSource::next() {
    const std::uint64_t result = std::rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t shifted = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= shifted;
    state_[3] = std::rotl(state_[3], 45);
    return result;
}

std::uint64_t RandomSource::below(std::uint64_t bound) {
    // Rejecting the values below 2^64 mod bound makes every residue equally likely.
    const std::uint64_t threshold = (0 - bound) % bound;
    for (;;) {
        const std::uint64_t value = next();
        if (value >= threshold) {
            return value % bound;
        }
    }
}

std::int64_t RandomSource::between(std::int64_t low, std::int64_t high) {
    const std::uint64_t span = static_cast<std::uint64_t>(high) - static_cast<std::uint64_t>(low);
    if (span == UINT64_MAX) {
        return static_cast<std::int64_t>(next());
    }
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(low) + below(span + 1));
}

bool RandomSource::percent(unsigned percent) {
    return below(100) < percent;
}

std::size_t RandomSource::weighted_index(std::span<const unsigned> weights) {
    const std::uint64_t total = std::accumulate(weights.begin(), weights.end(), std::uint64_t{0});
    std::uint64_t ticket = below(total);
    for (std::size_t index = 0; index < weights.size(); ++index) {
        if (ticket < weights[index]) {
            return index;
        }
        ticket -= weights[index];
    }
    return weights.size() - 1;
}

} // namespace xbemu::random_program
