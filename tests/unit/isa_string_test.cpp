#include "xbemu/base_extensions.hpp"
#include "xbemu/decoder/extension_registry.hpp"
#include "xbemu/decoder/isa_string.hpp"

#include <doctest/doctest.h>

using namespace xbemu;
using Names = std::vector<std::string>;

TEST_CASE("ISA strings expand to extension names") {
    CHECK(expand_isa_string("rv64gc") ==
          Names{"i", "m", "a", "f", "d", "zca", "zcd", "zicsr", "zifencei"});
    CHECK(expand_isa_string("RV64IMAC") == Names{"i", "m", "a", "zca", "zicsr", "zifencei"});
    CHECK(expand_isa_string("rv64i") == Names{"i", "zicsr", "zifencei"});
    CHECK(expand_isa_string("rv64gc_xbgas_xpimp") ==
          Names{"i", "m", "a", "f", "d", "zca", "zcd", "zicsr", "zifencei", "xbgas", "xpimp"});
    CHECK(expand_isa_string("rv64i_m_zicsr") == Names{"i", "m", "zicsr", "zifencei"});
}

TEST_CASE("pimp, the paper's name, is xpimp when it stands alone") {
    CHECK(expand_isa_string("rv64gc_pimp") ==
          Names{"i", "m", "a", "f", "d", "zca", "zcd", "zicsr", "zifencei", "xpimp"});
    CHECK(expand_isa_string("rv64gc_xbgas_pimp") == expand_isa_string("rv64gc_xbgas_xpimp"));
    CHECK(expand_isa_string("rv64i_pimp_xpimp") == Names{"i", "zicsr", "zifencei", "xpimp"});
    CHECK_THROWS_WITH_AS(expand_isa_string("rv64gcpimp"),
                         "invalid ISA string 'rv64gcpimp': unsupported extension 'p'",
                         IsaStringError);
}

TEST_CASE("bad ISA strings are refused with the reason") {
    CHECK_THROWS_WITH_AS(expand_isa_string("rv32gc"),
                         "invalid ISA string 'rv32gc': only RV64 is supported", IsaStringError);
    CHECK_THROWS_WITH_AS(expand_isa_string("rv64gcv"),
                         "invalid ISA string 'rv64gcv': unsupported extension 'v'", IsaStringError);
    CHECK_THROWS_WITH_AS(expand_isa_string("rv64imd"),
                         "invalid ISA string 'rv64imd': the D extension requires F",
                         IsaStringError);
    CHECK_THROWS_AS(expand_isa_string("x86"), IsaStringError);
    CHECK_THROWS_AS(expand_isa_string("rv64"), IsaStringError);
    CHECK_THROWS_AS(expand_isa_string("rv64mi"), IsaStringError);
    CHECK_THROWS_AS(expand_isa_string("rv64i2p1"), IsaStringError);
    CHECK_THROWS_AS(expand_isa_string("rv64i_x"), IsaStringError);
}

TEST_CASE("an ELF's architecture attribute gives extension names without versions") {
    CHECK(extensions_of_architecture("rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0") ==
          Names{"i", "m", "a", "f", "d", "zca", "zicsr", "zifencei", "zcd"});
    CHECK(extensions_of_architecture("rv64i2p1_m2p0_a2p1_c2p0_zmmul1p0_xbgas1p0") ==
          Names{"i", "m", "a", "zca", "zmmul", "xbgas"});
    CHECK(extensions_of_architecture("rv64imac") == Names{"i", "m", "a", "zca"});
    CHECK(extensions_of_architecture("rv32i2p1").empty());
}

TEST_CASE("the --isa to suggest adds what a program needs, and what that requires") {
    CHECK(isa_string_with("rv64g", {"zca"}) == "rv64gc");
    CHECK(isa_string_with("rv64imac", {"f", "d"}) == "rv64gc");
    CHECK(isa_string_with("rv64gc", {"xbgas"}) == "rv64gc_xbgas");
    CHECK(isa_string_with("rv64imac", {"zcd"}) == "rv64gc");
    CHECK(isa_string_with("rv64i", {"m"}) == "rv64im");
    CHECK(extension_spelling("zcd") == "C");
    CHECK(extension_spelling("f") == "F");
    CHECK(extension_spelling("xbgas") == "xbgas");
}

TEST_CASE("the registry names the extensions that define an encoding") {
    ExtensionRegistry registry;
    register_base_extensions(registry);
    const auto names = [&](std::uint32_t encoding) {
        Names result;
        for (const Extension* extension : registry.defining(encoding)) {
            result.emplace_back(extension->name);
        }
        return result;
    };
    CHECK(names(0x451d) == Names{"zca"});   // c.li a0, 7
    CHECK(names(0x02b50533) == Names{"m"}); // mul a0, a0, a1
    CHECK(names(0x00b57553) == Names{"f"}); // fadd.s fa0, fa0, fa1
    CHECK(names(0x00000000).empty());
}

TEST_CASE("the registry resolves known extensions and names unknown ones") {
    ExtensionRegistry registry;
    register_base_extensions(registry);
    CHECK(registry.resolve("rv64gc").size() == 9);
    CHECK_THROWS_WITH_AS(registry.resolve("rv64gc_xbogus"),
                         doctest::Contains("unknown extension 'xbogus'"), IsaStringError);
    CHECK_THROWS_AS(registry.add(extension_rv64i()), std::invalid_argument);
}
