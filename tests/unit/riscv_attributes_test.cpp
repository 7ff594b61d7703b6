#include "xbemu/decoder/register_names.hpp"
#include "xbemu/riscv_attributes.hpp"

#include <cstdint>
#include <doctest/doctest.h>
#include <string>
#include <vector>

namespace {

using xbemu::PrivilegedSpec;

// A section as gas writes it: "A", then one "riscv" subsection holding file attributes:
// stack_align 16, arch (a string, odd tag), then the given numeric tags.
std::vector<std::byte> attributes_section(const std::vector<std::uint8_t>& numeric_tags) {
    std::vector<std::uint8_t> file = {4, 16, 5};
    for (const char c : std::string("rv64i2p1_m2p0")) {
        file.push_back(static_cast<std::uint8_t>(c));
    }
    file.push_back(0);
    file.insert(file.end(), numeric_tags.begin(), numeric_tags.end());
    const auto file_length = static_cast<std::uint32_t>(file.size() + 5);
    std::vector<std::uint8_t> subsection = {'r', 'i', 's', 'c', 'v', 0, 1};
    for (unsigned shift = 0; shift < 32; shift += 8) {
        subsection.push_back(static_cast<std::uint8_t>(file_length >> shift));
    }
    subsection.insert(subsection.end(), file.begin(), file.end());
    const auto subsection_length = static_cast<std::uint32_t>(subsection.size() + 4);
    std::vector<std::byte> section = {std::byte{'A'}};
    for (unsigned shift = 0; shift < 32; shift += 8) {
        section.push_back(static_cast<std::byte>(subsection_length >> shift));
    }
    for (const std::uint8_t byte : subsection) {
        section.push_back(static_cast<std::byte>(byte));
    }
    return section;
}

} // namespace

TEST_CASE("the privileged spec comes from Tag_RISCV_priv_spec, _minor and _revision") {
    using xbemu::privileged_spec_from_attributes;
    CHECK(privileged_spec_from_attributes(attributes_section({8, 1, 10, 11})) ==
          PrivilegedSpec::V1_11);
    CHECK(privileged_spec_from_attributes(attributes_section({8, 1, 10, 10})) ==
          PrivilegedSpec::V1_10);
    CHECK(privileged_spec_from_attributes(attributes_section({8, 1, 10, 9, 12, 1})) ==
          PrivilegedSpec::V1_9_1);
    // Versions binutils does not know, and no version at all, fall back to the newest.
    CHECK(privileged_spec_from_attributes(attributes_section({8, 1, 10, 9})) ==
          PrivilegedSpec::V1_12);
    CHECK(privileged_spec_from_attributes(attributes_section({8, 2, 10, 0})) ==
          PrivilegedSpec::V1_12);
    CHECK(privileged_spec_from_attributes(attributes_section({})) == PrivilegedSpec::V1_12);
}

TEST_CASE("a malformed attributes section names CSRs for the newest spec, without reading past "
          "its end") {
    using xbemu::privileged_spec_from_attributes;
    const std::vector<std::byte> good = attributes_section({8, 1, 10, 11});
    for (std::size_t size = 0; size < good.size(); ++size) {
        CAPTURE(size);
        CHECK(privileged_spec_from_attributes(std::span(good.data(), size)) ==
              PrivilegedSpec::V1_12);
    }
    std::vector<std::byte> wrong_format = good;
    wrong_format[0] = std::byte{'B'};
    CHECK(privileged_spec_from_attributes(wrong_format) == PrivilegedSpec::V1_12);
    std::vector<std::byte> endless_number = attributes_section({8, 0x81});
    CHECK(privileged_spec_from_attributes(endless_number) == PrivilegedSpec::V1_12);
}

TEST_CASE("the architecture comes from Tag_RISCV_arch, and is empty when malformed") {
    using xbemu::architecture_from_attributes;
    const std::vector<std::byte> good = attributes_section({8, 1, 10, 11});
    CHECK(architecture_from_attributes(good) == "rv64i2p1_m2p0");
    CHECK(architecture_from_attributes({}).empty());
    CHECK(architecture_from_attributes(std::span(good.data(), good.size() - 1)).empty());
}

TEST_CASE("CSR names follow binutils' declarations for the chosen spec") {
    using xbemu::csr_name;
    CHECK(csr_name(0x300) == "mstatus");
    CHECK(csr_name(0x646) == "hviprio1");
    CHECK(csr_name(0x30a, PrivilegedSpec::V1_12) == "menvcfg");
    CHECK(csr_name(0x30a, PrivilegedSpec::V1_11).empty());
    CHECK(csr_name(0x320, PrivilegedSpec::V1_11) == "mcountinhibit");
    CHECK(csr_name(0x320, PrivilegedSpec::V1_9_1) == "mucounteren");
    CHECK(csr_name(0x343, PrivilegedSpec::V1_9_1) == "mbadaddr");
    CHECK(csr_name(0x3ef, PrivilegedSpec::V1_12) == "pmpaddr63");
    CHECK(csr_name(0x3ef, PrivilegedSpec::V1_11).empty());
    CHECK(csr_name(0x7ff).empty());
}
