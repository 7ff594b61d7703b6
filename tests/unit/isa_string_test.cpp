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

TEST_CASE("the registry resolves known extensions and names unknown ones") {
    ExtensionRegistry registry;
    register_base_extensions(registry);
    CHECK(registry.resolve("rv64gc").size() == 9);
    CHECK_THROWS_WITH_AS(registry.resolve("rv64gc_xbogus"),
                         doctest::Contains("unknown extension 'xbogus'"), IsaStringError);
    CHECK_THROWS_AS(registry.add(extension_rv64i()), std::invalid_argument);
}
