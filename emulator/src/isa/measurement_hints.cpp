#include "isa/measurement_hints.hpp"

#include "xbemu/hart.hpp"
#include "xbemu/processing_element.hpp"

#include <fmt/format.h>

namespace xbemu::measurement_hints {

namespace {

// Longer labels are cut: a label names a snapshot, it is no channel for data.
constexpr std::size_t kLongestLabel = 200;
// a0: the encoding's rs1.
constexpr unsigned kLabelRegister = 10;

void request(Hart& hart, MeasurementHint hint, std::string label = {}) {
    hart.pe().measurement().request(hint, std::move(label));
    hart.request_measurement();
}

// The NUL-terminated label at `address` in the PE's RAM.
std::string label_at(ProcessingElement& pe, std::uint64_t address) {
    std::string label;
    while (label.size() < kLongestLabel && pe.ram().contains(address + label.size(), 1)) {
        const auto byte = static_cast<char>(pe.ram().host()[address + label.size() - kRamBase]);
        if (byte == '\0') {
            return label;
        }
        label += byte;
    }
    if (label.size() == kLongestLabel) {
        return label;
    }
    return fmt::format("(label at 0x{:x}, outside RAM)", address);
}

} // namespace

void roi_begin(Hart& hart, const DecodedInstruction&) {
    request(hart, MeasurementHint::RoiBegin);
}

void roi_end(Hart& hart, const DecodedInstruction&) {
    request(hart, MeasurementHint::RoiEnd);
}

void stats_reset(Hart& hart, const DecodedInstruction&) {
    request(hart, MeasurementHint::StatsReset);
}

void stats_dump(Hart& hart, const DecodedInstruction&) {
    request(hart, MeasurementHint::StatsDump, label_at(hart.pe(), hart.x[kLabelRegister]));
}

void checkpoint(Hart& hart, const DecodedInstruction&) {
    request(hart, MeasurementHint::Checkpoint);
}

} // namespace xbemu::measurement_hints
