#include "riscv_registers.hpp"
#include "xbemu/debugger/register_layout.hpp"
#include "xbemu/xbgas/xbgas_extension.hpp"

#include <deque>
#include <doctest/doctest.h>
#include <initializer_list>
#include <string_view>
#include <vector>

using namespace xbemu::gdb;
using xbemu::Extension;

namespace {

// The layout of the extensions named; those without hart state need only their names, xBGAS
// is the real one (its hart state's rows).
RegisterLayout layout_of(std::initializer_list<std::string_view> names) {
    static std::deque<Extension> named;
    std::vector<const Extension*> extensions;
    for (const std::string_view name : names) {
        if (name == "xbgas") {
            extensions.push_back(&xbemu::extension_xbgas());
        } else {
            extensions.push_back(&named.emplace_back(Extension{name, {}}));
        }
    }
    return riscv_register_layout(extensions);
}

const RegisterFeature* feature(const RegisterLayout& layout, std::string_view name) {
    for (const RegisterFeature& entry : layout.features) {
        if (entry.name == name) {
            return &entry;
        }
    }
    return nullptr;
}

} // namespace

TEST_CASE("the RISC-V layout numbers registers as gdb does") {
    const RegisterLayout layout = layout_of({"i", "m", "a", "f", "d", "zicsr"});
    CHECK(layout.architecture == "riscv:rv64");
    CHECK(layout.pc == 32U);
    CHECK(layout.g_packet.size() == 33);
    REQUIRE(layout.find(2) != nullptr);
    CHECK(layout.find(2)->name == "sp");
    CHECK(layout.find(kFirstFloatRegister + 10)->name == "fa0");
    CHECK(layout.find(kFirstFloatRegister + 10)->bits == 64U);
    CHECK(layout.find(kFirstCsrRegister + 0x300)->name == "mstatus");
    CHECK(layout.find(kFirstCsrRegister + 0x7a1)->name == "tdata1");
    CHECK(layout.find(kPrivilegeRegister)->name == "priv");
    CHECK(feature(layout, "org.gnu.gdb.riscv.fpu") != nullptr);
    CHECK(feature(layout, "org.xbemu.riscv.xbgas") == nullptr);
    CHECK(layout.find(kFirstExtendedRegister + 5) == nullptr);
}

TEST_CASE("F without D has 32-bit float registers; no F, no FPU feature") {
    const RegisterLayout single = layout_of({"i", "f"});
    CHECK(single.find(kFirstFloatRegister)->bits == 32U);
    CHECK(single.find(kFirstFloatRegister)->type == "ieee_single");
    const RegisterLayout integer = layout_of({"i", "m", "a"});
    CHECK(feature(integer, "org.gnu.gdb.riscv.fpu") == nullptr);
    CHECK(integer.find(kFirstFloatRegister) == nullptr);
}

TEST_CASE("xBGAS adds e0-e31 in a feature of its own") {
    const RegisterLayout layout = layout_of({"i", "m", "a", "f", "d", "xbgas"});
    const RegisterFeature* xbgas = feature(layout, "org.xbemu.riscv.xbgas");
    REQUIRE(xbgas != nullptr);
    CHECK(xbgas->registers.size() == 32);
    const TargetRegister* e5 = layout.find(kFirstExtendedRegister + 5);
    REQUIRE(e5 != nullptr);
    CHECK(e5->name == "e5");
    CHECK(e5->group == "xbgas");
    const std::string xml = target_description_xml(layout);
    CHECK(xml.find(R"(<reg name="e10" bitsize="64" type="int" regnum="4172" group="xbgas"/>)") !=
          std::string::npos);
    CHECK(xml.find(R"(<union id="riscv_double">)") != std::string::npos);
}

TEST_CASE("PIMP's CSRs join the layout when PIMP is enabled") {
    const RegisterLayout layout = layout_of({"i", "m", "a", "xpimp"});
    REQUIRE(feature(layout, "org.xbemu.riscv.pimp") != nullptr);
    CHECK(layout.find(kFirstCsrRegister + 0xc71)->name == "pimpid");
}
