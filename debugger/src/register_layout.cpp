#include "xbemu/debugger/register_layout.hpp"

#include <fmt/format.h>

namespace xbemu::gdb {

const TargetRegister* RegisterLayout::find(unsigned number) const {
    for (const RegisterFeature& feature : features) {
        for (const TargetRegister& reg : feature.registers) {
            if (reg.number == number) {
                return &reg;
            }
        }
    }
    return nullptr;
}

std::string target_description_xml(const RegisterLayout& layout) {
    std::string xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n"
                      "<target version=\"1.0\">\n";
    xml += fmt::format("<architecture>{}</architecture>\n", layout.architecture);
    for (const RegisterFeature& feature : layout.features) {
        xml += fmt::format("<feature name=\"{}\">\n", feature.name);
        xml += feature.type_declarations;
        for (const TargetRegister& reg : feature.registers) {
            xml += fmt::format("  <reg name=\"{}\" bitsize=\"{}\" type=\"{}\" regnum=\"{}\"",
                               reg.name, reg.bits, reg.type, reg.number);
            if (!reg.group.empty()) {
                xml += fmt::format(" group=\"{}\"", reg.group);
            }
            xml += "/>\n";
        }
        xml += "</feature>\n";
    }
    return xml + "</target>\n";
}

} // namespace xbemu::gdb
