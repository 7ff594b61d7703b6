#include "xbemu/base_extensions.hpp"
#include "xbemu/decoder/decode_table.hpp"
#include "xbemu/decoder/extension_registry.hpp"
#include "xbemu/execution_engine.hpp"
#include "xbemu/xbgas/xbgas_extension.hpp"

#ifdef XBEMU_HAVE_JIT
#include "jit/code_cache.hpp"
#include "jit/native_operations.hpp"
#endif

#include <doctest/doctest.h>

using namespace xbemu;

TEST_CASE("engine names: --engine spells jit and interp, nothing else") {
    CHECK(parse_engine_name("jit") == EngineKind::Jit);
    CHECK(parse_engine_name("interp") == EngineKind::Interpreter);
    CHECK_FALSE(parse_engine_name("JIT").has_value());
    CHECK_FALSE(parse_engine_name("interpreter").has_value());
    for (const EngineKind kind : {EngineKind::Interpreter, EngineKind::Jit}) {
        CHECK(parse_engine_name(engine_name(kind)) == kind);
    }
    CHECK(default_engine() == (jit_available() ? EngineKind::Jit : EngineKind::Interpreter));
}

#ifdef XBEMU_HAVE_JIT

TEST_CASE("the translation cache allocates aligned, refuses what does not fit, and keeps what "
          "it was told to across resets") {
    CodeCache cache(4096);
    std::uint8_t* shared = cache.allocate(10);
    REQUIRE(shared == cache.base());
    cache.keep_allocated();
    CHECK(cache.used() == 0);
    std::uint8_t* first = cache.allocate(1);
    CHECK(first == cache.base() + 16);
    std::uint8_t* second = cache.allocate(100);
    CHECK(second == cache.base() + 32);
    CHECK(cache.used() == 32 + 100 - 10); // from the end of what it keeps
    CHECK(cache.allocate(4096) == nullptr);
    CHECK(cache.allocate(4096 - 144 + 1) == nullptr); // the next one starts at 144
    CHECK(cache.allocate(4096 - 144) != nullptr);
    CHECK(cache.allocate(1) == nullptr);
    cache.reset();
    CHECK(cache.used() == 0);
    CHECK(cache.allocate(1) == cache.base() + 16);
}

TEST_CASE("native operations: base mnemonics, and the compressed instructions that run the same "
          "execute function") {
    ExtensionRegistry registry;
    register_base_extensions(registry);
    const std::vector<const Extension*> extensions = registry.resolve("rv64gc");
    const DecodeTable table(extensions);
    const NativeOperations operations(table, true);
    const NativeOperations without_fma(table, false);
    const auto operation_of = [&](std::uint32_t encoding) -> const NativeOperation* {
        const InstructionDescriptor* descriptor = table.find(encoding);
        REQUIRE(descriptor != nullptr);
        return operations.find(descriptor->execute);
    };
    const auto check = [&](std::uint32_t encoding, NativeOperation expected) {
        const NativeOperation* operation = operation_of(encoding);
        REQUIRE(operation != nullptr);
        CHECK(*operation == expected);
    };
    check(0x00a50513, NativeOperation::Addi);       // addi a0, a0, 10
    check(0x0529, NativeOperation::Addi);           // c.addi a0, 10
    check(0x4529, NativeOperation::Addi);           // c.li a0, 10
    check(0x00b50533, NativeOperation::Add);        // add a0, a0, a1
    check(0x852e, NativeOperation::Add);            // c.mv a0, a1
    check(0x00053503, NativeOperation::Ld);         // ld a0, 0(a0)
    check(0x6108, NativeOperation::Ld);             // c.ld a0, 0(a0)
    check(0x00008067, NativeOperation::Jalr);       // jalr x0, 0(ra): ret
    check(0x8082, NativeOperation::Jalr);           // c.jr ra
    check(0x9502, NativeOperation::CompressedJalr); // c.jalr a0: links pc + 2
    check(0x00053507, NativeOperation::Fld);        // fld fa0, 0(a0)
    check(0x2108, NativeOperation::Fld);            // c.fld fa0, 0(a0)
    check(0x00a53027, NativeOperation::Fsd);        // fsd fa0, 0(a0)
    check(0x02b50533, NativeOperation::Mul);        // mul a0, a0, a1
    check(0x02b54533, NativeOperation::Div);        // div a0, a0, a1
    check(0x02b5753b, NativeOperation::Remuw);      // remuw a0, a0, a1
    check(0x02b52533, NativeOperation::Mulhsu);     // mulhsu a0, a0, a1
    check(0x02b57553, NativeOperation::FaddD);      // fadd.d fa0, fa0, fa1 (dynamic rounding)
    check(0x62b5f543, NativeOperation::FmaddD);     // fmadd.d fa0, fa1, fa1, fa2
    check(0x22b58553, NativeOperation::FsgnjD);     // fmv.d fa0, fa1
    check(0xd2050553, NativeOperation::FcvtDW);     // fcvt.d.w fa0, a0
    check(0x00b57553, NativeOperation::FaddS);      // fadd.s fa0, fa0, fa1
    check(0x60b5f543, NativeOperation::FmaddS);     // fmadd.s fa0, fa1, fa1, fa2
    check(0xa0b52553, NativeOperation::FeqS);       // feq.s a0, fa0, fa1
    check(0xe0050553, NativeOperation::FmvXW);      // fmv.x.w a0, fa0
    check(0xf0050553, NativeOperation::FmvWX);      // fmv.w.x fa0, a0
    CHECK(without_fma.find(table.find(0x62b5f543)->execute) == nullptr);
    CHECK(without_fma.find(table.find(0x60b5f543)->execute) == nullptr);
    CHECK(without_fma.find(table.find(0x02b57553)->execute) != nullptr);
    CHECK(operation_of(0x28b50553) == nullptr);  // fmin.s fa0, fa0, fa1: a helper
    check(0xc2051553, NativeOperation::FcvtWD);  // fcvt.w.d a0, fa0, rtz
    check(0xd0357553, NativeOperation::FcvtSLu); // fcvt.s.lu fa0, a0
    check(0x42050553, NativeOperation::FcvtDS);  // fcvt.d.s fa0, fa0
    check(0x40157553, NativeOperation::FcvtSD);  // fcvt.s.d fa0, fa0
    CHECK(operation_of(0xe2051553) == nullptr);  // fclass.d a0, fa0: a helper
    CHECK(operation_of(0x00000073) == nullptr);  // ecall
    CHECK(operation_of(0x100525af) == nullptr);  // lr.w
    CHECK(ends_block(NativeOperation::Beq));
    CHECK(ends_block(NativeOperation::CompressedJalr));
    CHECK_FALSE(ends_block(NativeOperation::Sd));
    const OperandUse store = operand_use(NativeOperation::Sd);
    CHECK((store.reads_rs1 && store.reads_rs2 && !store.writes_rd));
    const OperandUse upper = operand_use(NativeOperation::Lui);
    CHECK((!upper.reads_rs1 && !upper.reads_rs2 && upper.writes_rd));
}

TEST_CASE("native operations: xBGAS's base loads and stores are the base ones behind a test of "
          "the object ID; the raw forms are helpers") {
    ExtensionRegistry registry;
    register_base_extensions(registry);
    registry.add(extension_xbgas());
    const DecodeTable table(registry.resolve("rv64gc_xbgas"));
    const NativeOperations operations(table, true);
    const auto descriptor_of = [&](std::uint32_t encoding, std::string_view mnemonic) {
        const InstructionDescriptor* descriptor = table.find(encoding);
        REQUIRE(descriptor != nullptr);
        CHECK(descriptor->mnemonic == mnemonic);
        return descriptor;
    };
    const InstructionDescriptor* load = descriptor_of(0x0007b577, "eld"); // eld a0, 0(a5)
    REQUIRE(operations.find(load->execute) != nullptr);
    CHECK(*operations.find(load->execute) == NativeOperation::Ld);
    CHECK(operations.checks_object(load->execute));
    const InstructionDescriptor* store = descriptor_of(0x00a7b07b, "esd"); // esd a0, 0(a5)
    REQUIRE(operations.find(store->execute) != nullptr);
    CHECK(*operations.find(store->execute) == NativeOperation::Sd);
    CHECK(operations.checks_object(store->execute));
    const InstructionDescriptor* raw = descriptor_of(0xab17b533, "erld"); // erld a0, a5, e17
    CHECK(operations.find(raw->execute) == nullptr);
    const InstructionDescriptor* plain = descriptor_of(0x0007b503, "ld"); // ld a0, 0(a5)
    CHECK_FALSE(operations.checks_object(plain->execute));
}

#endif
