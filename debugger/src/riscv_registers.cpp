#include "riscv_registers.hpp"

#include "extension_debug_support.hpp"
#include "xbemu/decoder/register_names.hpp"
#include "xbemu/extension_hart_state.hpp"

#include <algorithm>

namespace xbemu::gdb {

namespace {

// The CSRs of a machine with M and U modes that bare-metal programs and their debuggers use.
constexpr std::uint32_t kMachineCsrs[] = {
    0x300, 0x301, 0x302, 0x303, 0x304, 0x305, 0x306, 0x30a, 0x320, 0x340, 0x341, 0x342,
    0x343, 0x344, 0x3a0, 0x3a2, 0x3b0, 0x3b1, 0x3b2, 0x3b3, 0x3b4, 0x3b5, 0x3b6, 0x3b7,
    0x3b8, 0x3b9, 0x3ba, 0x3bb, 0x3bc, 0x3bd, 0x3be, 0x3bf, 0x7a0, 0x7a1, 0x7a2, 0x7a3,
    0x7a4, 0x7a5, 0xb00, 0xb02, 0xc00, 0xc01, 0xc02, 0xf11, 0xf12, 0xf13, 0xf14, 0xf15};
constexpr std::uint32_t kFflags = 1;
constexpr std::uint32_t kFrm = 2;
constexpr std::uint32_t kFcsr = 3;

bool enabled(const std::vector<std::string_view>& extensions, std::string_view name) {
    return std::find(extensions.begin(), extensions.end(), name) != extensions.end();
}

std::string integer_type(unsigned index) {
    switch (index) {
    case 1:
        return "code_ptr"; // ra
    case 2:
    case 3:
    case 4:
    case 8:
        return "data_ptr"; // sp, gp, tp, fp
    default:
        return "int";
    }
}

RegisterFeature cpu_feature() {
    RegisterFeature feature{"org.gnu.gdb.riscv.cpu", {}, {}};
    for (unsigned index = 0; index < 32; ++index) {
        feature.registers.push_back(
            {std::string(integer_register_name(index)), index, 64, integer_type(index), {}});
    }
    feature.registers.push_back({"pc", kPcRegister, 64, "code_ptr", {}});
    return feature;
}

RegisterFeature fpu_feature(bool double_precision) {
    RegisterFeature feature{"org.gnu.gdb.riscv.fpu", {}, {}};
    if (double_precision) {
        feature.type_declarations = "  <union id=\"riscv_double\">\n"
                                    "    <field name=\"float\" type=\"ieee_single\"/>\n"
                                    "    <field name=\"double\" type=\"ieee_double\"/>\n"
                                    "  </union>\n";
    }
    for (unsigned index = 0; index < 32; ++index) {
        feature.registers.push_back({std::string(float_register_name(index)),
                                     kFirstFloatRegister + index,
                                     double_precision ? 64U : 32U,
                                     double_precision ? "riscv_double" : "ieee_single",
                                     {}});
    }
    for (const std::uint32_t csr : {kFflags, kFrm, kFcsr}) {
        feature.registers.push_back(
            {std::string(csr_name(csr)), kFirstCsrRegister + csr, 32, "int", {}});
    }
    return feature;
}

RegisterFeature csr_feature() {
    RegisterFeature feature{"org.gnu.gdb.riscv.csr", {}, {}};
    for (const std::uint32_t csr : kMachineCsrs) {
        feature.registers.push_back(
            {std::string(csr_name(csr)), kFirstCsrRegister + csr, 64, "int", {}});
    }
    return feature;
}

// The number of the first row of each enabled extension that has a hart state.
struct ExtensionRegisterNumbers {
    const Extension* extension;
    unsigned first;
};
std::vector<ExtensionRegisterNumbers>
extension_register_numbers(std::span<const Extension* const> extensions) {
    std::vector<ExtensionRegisterNumbers> numbers;
    unsigned next = kFirstExtendedRegister;
    for (const Extension* extension : extensions) {
        if (extension->hart_state != nullptr) {
            numbers.push_back({extension, next});
            next += static_cast<unsigned>(extension->hart_state->debug_registers.size());
        }
    }
    return numbers;
}

} // namespace

RegisterLayout riscv_register_layout(std::span<const Extension* const> enabled_extensions) {
    std::vector<std::string_view> extensions;
    for (const Extension* extension : enabled_extensions) {
        extensions.push_back(extension->name);
    }
    RegisterLayout layout;
    layout.architecture = "riscv:rv64";
    layout.features.push_back(cpu_feature());
    for (unsigned number = 0; number <= kPcRegister; ++number) {
        layout.g_packet.push_back(number);
    }
    layout.pc = kPcRegister;
    if (enabled(extensions, "f")) {
        layout.features.push_back(fpu_feature(enabled(extensions, "d")));
    }
    layout.features.push_back(csr_feature());
    layout.features.push_back(
        {"org.gnu.gdb.riscv.virtual", {{"priv", kPrivilegeRegister, 64, "int", {}}}, {}});
    const std::vector<ExtensionRegisterNumbers> state_numbers =
        extension_register_numbers(enabled_extensions);
    for (const ExtensionDebugSupport& support : extension_debug_support()) {
        if (!enabled(extensions, support.extension)) {
            continue;
        }
        RegisterFeature feature{std::string(support.feature), {}, {}};
        const std::string group(support.extension);
        for (const ExtensionCsrRegister& reg : support.csrs) {
            feature.registers.push_back({reg.name, kFirstCsrRegister + reg.csr, 64, "int", group});
        }
        for (const ExtensionRegisterNumbers& entry : state_numbers) {
            if (entry.extension->name != support.extension) {
                continue;
            }
            unsigned number = entry.first;
            for (const ExtensionRegisterRow& row : entry.extension->hart_state->debug_registers) {
                feature.registers.push_back(
                    {std::string(row.name), number++, row.bits, "int", group});
            }
        }
        layout.features.push_back(std::move(feature));
    }
    return layout;
}

} // namespace xbemu::gdb
