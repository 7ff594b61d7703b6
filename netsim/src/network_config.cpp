#include "xbemu/netsim/network_config.hpp"

#include <array>
#include <utility>

namespace xbemu::netsim {

namespace {

constexpr std::array<std::pair<NetworkModel, std::string_view>, 5> kModelNames = {{
    {NetworkModel::Ideal, "ideal"},
    {NetworkModel::Fixed, "fixed"},
    {NetworkModel::Mesh, "mesh"},
    {NetworkModel::Torus, "torus"},
    {NetworkModel::Paternoster, "paternoster"},
}};

constexpr std::array<std::pair<Placement, std::string_view>, 2> kPlacementNames = {{
    {Placement::RowMajor, "row-major"},
    {Placement::ColumnMajor, "column-major"},
}};

template <typename Value, std::size_t N>
std::string_view name_of(const std::array<std::pair<Value, std::string_view>, N>& names,
                         Value value) {
    for (const auto& [candidate, name] : names) {
        if (candidate == value) {
            return name;
        }
    }
    return {};
}

template <typename Value, std::size_t N>
std::optional<Value> value_of(const std::array<std::pair<Value, std::string_view>, N>& names,
                              std::string_view name) {
    for (const auto& [value, candidate] : names) {
        if (candidate == name) {
            return value;
        }
    }
    return std::nullopt;
}

} // namespace

std::string_view model_name(NetworkModel model) {
    return name_of(kModelNames, model);
}
std::optional<NetworkModel> model_from_name(std::string_view name) {
    return value_of(kModelNames, name);
}
std::string_view placement_name(Placement placement) {
    return name_of(kPlacementNames, placement);
}
std::optional<Placement> placement_from_name(std::string_view name) {
    return value_of(kPlacementNames, name);
}

} // namespace xbemu::netsim
