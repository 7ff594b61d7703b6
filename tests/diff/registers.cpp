#include "registers.hpp"

#include <fmt/format.h>

namespace xbemu::random_program {

namespace {

// How many recent destinations sources pick from, and how often.
constexpr std::size_t remembered_destinations = 6;
constexpr unsigned recent_source_percent = 35;

unsigned any_writable(RandomSource& random) {
    const auto index = static_cast<unsigned>(random.between(1, 30));
    return index >= base_register ? index + 1 : index;
}

unsigned any_compressed(RandomSource& random) {
    return static_cast<unsigned>(random.between(8, 15));
}

unsigned preferring_format(RandomSource& random, FpFormat format) {
    if (random.percent(10)) {
        return static_cast<unsigned>(random.below(32));
    }
    const unsigned first = format == FpFormat::single ? 0 : 16;
    return first + static_cast<unsigned>(random.below(16));
}

} // namespace

std::string integer_register(unsigned index) {
    return fmt::format("x{}", index);
}

std::string fp_register(unsigned index) {
    return fmt::format("f{}", index);
}

bool holds_singles(unsigned fp_register_index) {
    return fp_register_index < 16;
}

unsigned RegisterChooser::remember(unsigned index, bool fp, FpFormat format) {
    if (recently_written_.size() == remembered_destinations) {
        recently_written_.erase(recently_written_.begin());
    }
    recently_written_.push_back({index, fp, format});
    return index;
}

bool RegisterChooser::is_compressed_integer(const Written& written) {
    return !written.fp && written.index >= 8 && written.index <= 15;
}

template <typename Fits> bool RegisterChooser::recent(Fits fits, unsigned& index) {
    if (!random_.percent(recent_source_percent)) {
        return false;
    }
    std::vector<unsigned> candidates;
    for (const Written& written : recently_written_) {
        if (fits(written)) {
            candidates.push_back(written.index);
        }
    }
    if (candidates.empty()) {
        return false;
    }
    index = random_.pick_element(candidates);
    return true;
}

unsigned RegisterChooser::destination_never_zero() {
    return remember(any_writable(random_), false, FpFormat::double_precision);
}

unsigned RegisterChooser::destination() {
    return random_.percent(3) ? 0 : destination_never_zero();
}

unsigned RegisterChooser::updated() {
    unsigned index = 0;
    if (!recent([](const Written& written) { return !written.fp; }, index)) {
        index = any_writable(random_);
    }
    return remember(index, false, FpFormat::double_precision);
}

unsigned RegisterChooser::address_register() {
    return any_writable(random_);
}

unsigned RegisterChooser::source() {
    unsigned index = 0;
    if (recent([](const Written& written) { return !written.fp; }, index)) {
        return index;
    }
    if (random_.percent(5)) {
        return 0;
    }
    if (random_.percent(2)) {
        return base_register;
    }
    return static_cast<unsigned>(random_.below(32));
}

unsigned RegisterChooser::source_never_zero() {
    unsigned index = source();
    while (index == 0) {
        index = source();
    }
    return index;
}

unsigned RegisterChooser::compressed_destination() {
    return remember(any_compressed(random_), false, FpFormat::double_precision);
}

unsigned RegisterChooser::compressed_source() {
    unsigned index = 0;
    return recent(is_compressed_integer, index) ? index : any_compressed(random_);
}

unsigned RegisterChooser::compressed_updated() {
    return remember(compressed_source(), false, FpFormat::double_precision);
}

unsigned RegisterChooser::compressed_address_register() {
    return any_compressed(random_);
}

unsigned RegisterChooser::fp_destination(FpFormat format) {
    return remember(preferring_format(random_, format), true, format);
}

unsigned RegisterChooser::fp_source(FpFormat format) {
    unsigned index = 0;
    const auto fits = [format](const Written& written) {
        return written.fp && written.format == format;
    };
    return recent(fits, index) ? index : preferring_format(random_, format);
}

unsigned RegisterChooser::compressed_fp_destination() {
    return remember(any_compressed(random_), true, FpFormat::double_precision);
}

unsigned RegisterChooser::compressed_fp_source() {
    unsigned index = 0;
    const auto fits = [](const Written& written) {
        return written.fp && written.format == FpFormat::double_precision && written.index >= 8 &&
               written.index <= 15;
    };
    return recent(fits, index) ? index : any_compressed(random_);
}

} // namespace xbemu::random_program
