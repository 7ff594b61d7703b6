#include "xbemu/netsim/grid.hpp"

#include <fmt/format.h>
#include <stdexcept>

namespace xbemu::netsim {

Grid::Grid(const NetworkConfig& config, unsigned pe_count)
    : width_(config.width), height_(config.height), placement_(config.placement) {
    if (width_ == 0 && height_ == 0) {
        width_ = 1;
        while (width_ * width_ < pe_count) {
            ++width_;
        }
        height_ = (pe_count + width_ - 1) / width_;
    } else if (width_ == 0) {
        width_ = (pe_count + height_ - 1) / height_;
    } else if (height_ == 0) {
        height_ = (pe_count + width_ - 1) / width_;
    }
    width_ = width_ == 0 ? 1 : width_;
    height_ = height_ == 0 ? 1 : height_;
    if (static_cast<unsigned long long>(width_) * height_ > kMaxGridNodes) {
        throw std::invalid_argument(
            fmt::format("the network grid is {}x{} = {} nodes: at most {} are supported", width_,
                        height_, static_cast<unsigned long long>(width_) * height_, kMaxGridNodes));
    }
    if (static_cast<unsigned long long>(width_) * height_ < pe_count) {
        throw std::invalid_argument(
            fmt::format("the network grid is {}x{} = {} nodes, too small for {} PEs", width_,
                        height_, static_cast<unsigned long long>(width_) * height_, pe_count));
    }
}

GridPosition Grid::position(unsigned pe) const {
    if (placement_ == Placement::ColumnMajor) {
        return {pe / height_, pe % height_};
    }
    return {pe % width_, pe / width_};
}

} // namespace xbemu::netsim
