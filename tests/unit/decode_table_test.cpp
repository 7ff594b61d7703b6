#include "xbemu/base_extensions.hpp"
#include "xbemu/decoder/decode_table.hpp"
#include "xbemu/decoder/disassembler.hpp"
#include "xbemu/decoder/extension_registry.hpp"

#include <doctest/doctest.h>
#include <random>
#include <string>

using namespace xbemu;

namespace {

void execute_nothing(Hart&, const DecodedInstruction&) {}

std::vector<const Extension*> resolve(std::string_view isa) {
    ExtensionRegistry registry;
    register_base_extensions(registry);
    return registry.resolve(isa);
}

std::string mnemonic_of(const DecodeTable& table, std::uint32_t encoding) {
    const InstructionDescriptor* descriptor = table.find(encoding);
    return descriptor == nullptr ? "illegal" : std::string(descriptor->mnemonic);
}

} // namespace

TEST_CASE("rv64gc decodes representative encodings to the right instructions") {
    const auto extensions = resolve("rv64gc");
    const DecodeTable table(extensions);
    CHECK(mnemonic_of(table, 0x00c58533) == "add");      // add a0,a1,a2
    CHECK(mnemonic_of(table, 0x40c58533) == "sub");      // sub a0,a1,a2
    CHECK(mnemonic_of(table, 0x02c58533) == "mul");      // mul a0,a1,a2
    CHECK(mnemonic_of(table, 0x0005b503) == "ld");       // ld a0,0(a1)
    CHECK(mnemonic_of(table, 0x00b6b02f) == "amoadd.d"); // amoadd.d zero,a1,(a3)
    CHECK(mnemonic_of(table, 0x02b57553) == "fadd.d");   // fadd.d fa0,fa0,fa1
    CHECK(mnemonic_of(table, 0x30200073) == "mret");
    CHECK(mnemonic_of(table, 0x8330000f) == "fence.tso");
    CHECK(mnemonic_of(table, 0x0ff0000f) == "fence");
    CHECK(mnemonic_of(table, 0x0001) == "c.nop");
    CHECK(mnemonic_of(table, 0x0505) == "c.addi"); // c.addi a0,1
    CHECK(mnemonic_of(table, 0x6105) == "c.addi16sp");
    CHECK(mnemonic_of(table, 0x6505) == "c.lui");
    CHECK(mnemonic_of(table, 0x8082) == "c.jr"); // ret
    CHECK(mnemonic_of(table, 0x852e) == "c.mv");
    CHECK(mnemonic_of(table, 0x9002) == "c.ebreak");
    CHECK(mnemonic_of(table, 0x9502) == "c.jalr");
    CHECK(mnemonic_of(table, 0x952e) == "c.add");
    CHECK(mnemonic_of(table, 0x2008) == "c.fld");
}

TEST_CASE("reserved and unknown encodings are illegal") {
    const auto extensions = resolve("rv64gc");
    const DecodeTable table(extensions);
    CHECK(table.find(0x0000) == nullptr); // c.addi4spn with a zero immediate
    CHECK(table.find(0x6101) == nullptr); // c.addi16sp 0
    CHECK(table.find(0x6501) == nullptr); // c.lui a0,0
    CHECK(table.find(0x8002) == nullptr); // c.jr zero
    CHECK(table.find(0x4002) == nullptr); // c.lwsp zero
    CHECK(table.find(0x2001) == nullptr); // c.addiw zero
    CHECK(table.find(0xffffffff) == nullptr);
    CHECK(table.find(0x0000007f) == nullptr); // 64-bit-long encoding space
    CHECK(table.find(0x0200107f) == nullptr);
}

TEST_CASE("an ISA without C or D decodes none of their instructions") {
    const auto without_c = resolve("rv64imafd");
    const DecodeTable integer_only(without_c);
    CHECK(integer_only.find(0x0505) == nullptr);
    CHECK(integer_only.find(0x00c58533) != nullptr);

    const auto without_fp = resolve("rv64imac");
    const DecodeTable no_fpu(without_fp);
    CHECK(no_fpu.find(0x2008) == nullptr);     // c.fld needs D
    CHECK(no_fpu.find(0x02b57553) == nullptr); // fadd.d
    CHECK(no_fpu.find(0x0505) != nullptr);
}

TEST_CASE("every decoded instruction matches its descriptor and no more specific one") {
    const auto extensions = resolve("rv64gc");
    const DecodeTable table(extensions);
    std::mt19937 random(12345);
    int decoded = 0;
    for (int i = 0; i < 200000; ++i) {
        const std::uint32_t encoding = random();
        const InstructionDescriptor* descriptor = table.find(encoding);
        if (descriptor == nullptr) {
            continue;
        }
        ++decoded;
        const std::uint32_t bits = descriptor->compressed() ? (encoding & 0xffffU) : encoding;
        REQUIRE(descriptor->matches(bits));
        for (const Extension* extension : extensions) {
            for (const InstructionDescriptor& other : extension->instructions) {
                if (&other != descriptor && other.matches(bits)) {
                    // Only a more general encoding of the same family may also match.
                    CHECK(std::popcount(other.mask) < std::popcount(descriptor->mask));
                }
            }
        }
    }
    CHECK(decoded > 1000);
}

TEST_CASE("every descriptor of every base extension can be decoded") {
    const auto extensions = resolve("rv64gc");
    const DecodeTable table(extensions);
    for (const Extension* extension : extensions) {
        for (const InstructionDescriptor& descriptor : extension->instructions) {
            // Fill the free bits with a pattern that avoids the reserved encodings (non-zero
            // registers and immediates), then require the table to find this descriptor.
            const std::uint32_t encoding =
                descriptor.match |
                (0x0a5a5a50U & ~descriptor.mask & (descriptor.compressed() ? 0xffffU : ~0U));
            const InstructionDescriptor* found = table.find(encoding);
            INFO(descriptor.mnemonic);
            REQUIRE(found != nullptr);
            CHECK(found->matches(encoding & (descriptor.compressed() ? 0xffffU : ~0U)));
        }
    }
}

TEST_CASE("overlapping encodings of two extensions are refused with both names") {
    // The clash of the issue tracker's example: an xBGAS store and a PIMP branch on opcode 0x7b.
    static const InstructionDescriptor store_like[] = {
        {"esb", 0x0000007b, 0x0000707f, &formats::store, execute_nothing, TimingClass::Store},
    };
    static const InstructionDescriptor branch_like[] = {
        {"bns", 0x0000007b, 0x0000707f, &formats::branch, execute_nothing, TimingClass::Branch},
    };
    static const Extension first{"xfirst", store_like};
    static const Extension second{"xsecond", branch_like};
    const std::vector<const Extension*> extensions{&first, &second};
    CHECK_THROWS_WITH_AS(DecodeTable{extensions},
                         "instruction encodings overlap: 'esb' (xfirst) and 'bns' (xsecond)",
                         DecodeTableError);
}

TEST_CASE("within one extension only strictly nested encodings may overlap") {
    static const InstructionDescriptor nested[] = {
        {"general", 0x0001, 0xe003, &formats::c_addi, execute_nothing, TimingClass::Alu},
        {"specific", 0x0001, 0xffff, &formats::c_nop, execute_nothing, TimingClass::Alu},
    };
    static const Extension nested_extension{"xnested", nested};
    const std::vector<const Extension*> ok{&nested_extension};
    const DecodeTable table(ok);
    CHECK(table.find(0x0001)->mnemonic == "specific");
    CHECK(table.find(0x0505)->mnemonic == "general");

    static const InstructionDescriptor duplicate[] = {
        {"one", 0x00000033, 0xfe00707f, &formats::r, execute_nothing, TimingClass::Alu},
        {"two", 0x00000033, 0xfe00707f, &formats::r, execute_nothing, TimingClass::Alu},
    };
    static const Extension duplicate_extension{"xduplicate", duplicate};
    const std::vector<const Extension*> bad{&duplicate_extension};
    CHECK_THROWS_AS(DecodeTable{bad}, DecodeTableError);
}

TEST_CASE("a descriptor whose mask leaves the major opcode open is refused") {
    static const InstructionDescriptor open_opcode[] = {
        {"wild", 0x00000003, 0x00000003, &formats::r, execute_nothing, TimingClass::Alu},
    };
    static const Extension extension{"xwild", open_opcode};
    const std::vector<const Extension*> extensions{&extension};
    CHECK_THROWS_AS(DecodeTable{extensions}, DecodeTableError);
}

TEST_CASE("disassembly follows objdump's no-aliases syntax") {
    const auto extensions = resolve("rv64gc");
    const DecodeTable table(extensions);
    CHECK(disassemble(table, 0x00c58533, 0x80000000) == "add     a0,a1,a2");
    CHECK(disassemble(table, 0xfff58513, 0x80000000) == "addi    a0,a1,-1");
    CHECK(disassemble(table, 0x0085b503, 0) == "ld      a0,8(a1)");
    CHECK(disassemble(table, 0x00b6b02f | (3U << 25), 0) == "amoadd.d.aqrl zero,a1,(a3)");
    CHECK(disassemble(table, 0x00b50463, 0x80000000) == "beq     a0,a1,80000008");
    CHECK(disassemble(table, 0x02b57553, 0) == "fadd.d  fa0,fa0,fa1");
    CHECK(disassemble(table, 0x02b51553, 0) == "fadd.d  fa0,fa0,fa1,rtz");
    CHECK(disassemble(table, 0x30029073, 0) == "csrrw   zero,mstatus,t0");
    CHECK(disassemble(table, 0x8082, 0) == "c.jr    ra");
    CHECK(disassemble(table, 0x6105, 0) == "c.addi16sp sp,32");
    CHECK(disassemble(table, 0xffffffff, 0) == "unknown");
}
