// F: single precision, NaN-boxed in the 64-bit FP registers.

#include "isa/execute.hpp"
#include "isa/float_execute.hpp"
#include "xbemu/base_extensions.hpp"
#include "xbemu/threaded_execution.hpp"

namespace xbemu {

namespace {

using namespace float_execute;
using S = Single;

// fmv.x.w moves the raw low 32 bits, sign-extended; no NaN-box check.
void fmv_x_w(Hart& h, const Op& op) {
    h.x[op.rd] = static_cast<std::uint64_t>(
        static_cast<std::int64_t>(static_cast<std::int32_t>(h.f[op.rs1])));
}
void fmv_w_x(Hart& h, const Op& op) {
    h.write_single(op.rd, static_cast<std::uint32_t>(h.x[op.rs1]));
}

using enum TimingClass;
constexpr std::uint8_t kFp = kFloatingPoint;

const InstructionDescriptor kInstructions[] = {
    {"flw", 0x00002007, 0x0000707f, &formats::float_load, execute::flw, Load, kFp},
    {"fsw", 0x00002027, 0x0000707f, &formats::float_store, execute::fsw, Store, kFp},
    {"fmadd.s", 0x00000043, kR4, &formats::float_r4_rounding,
     threaded<fused<S, fp::fused32, fp::FusedOp::MulAdd>>, FloatFused, kFp},
    {"fmsub.s", 0x00000047, kR4, &formats::float_r4_rounding,
     threaded<fused<S, fp::fused32, fp::FusedOp::MulSub>>, FloatFused, kFp},
    {"fnmsub.s", 0x0000004b, kR4, &formats::float_r4_rounding,
     threaded<fused<S, fp::fused32, fp::FusedOp::NegMulSub>>, FloatFused, kFp},
    {"fnmadd.s", 0x0000004f, kR4, &formats::float_r4_rounding,
     threaded<fused<S, fp::fused32, fp::FusedOp::NegMulAdd>>, FloatFused, kFp},
    {"fadd.s", 0x00000053, kR, &formats::float_r_rounding, threaded<binary_rounded<S, fp::add32>>,
     FloatAdd, kFp},
    {"fsub.s", 0x08000053, kR, &formats::float_r_rounding, threaded<binary_rounded<S, fp::sub32>>,
     FloatAdd, kFp},
    {"fmul.s", 0x10000053, kR, &formats::float_r_rounding, threaded<binary_rounded<S, fp::mul32>>,
     FloatMultiply, kFp},
    {"fdiv.s", 0x18000053, kR, &formats::float_r_rounding, threaded<binary_rounded<S, fp::div32>>,
     FloatDivideSingle, kFp},
    {"fsqrt.s", 0x58000053, kUnary, &formats::float_unary_rounding,
     threaded<unary_rounded<S, fp::sqrt32>>, FloatSqrtSingle, kFp},
    {"fsgnj.s", 0x20000053, kExact, &formats::float_r, threaded<sign_inject<S, 0>>, FloatMove, kFp},
    {"fsgnjn.s", 0x20001053, kExact, &formats::float_r, threaded<sign_inject<S, 1>>, FloatMove,
     kFp},
    {"fsgnjx.s", 0x20002053, kExact, &formats::float_r, threaded<sign_inject<S, 2>>, FloatMove,
     kFp},
    {"fmin.s", 0x28000053, kExact, &formats::float_r, threaded<binary_exact<S, fp::min32>>,
     FloatAdd, kFp},
    {"fmax.s", 0x28001053, kExact, &formats::float_r, threaded<binary_exact<S, fp::max32>>,
     FloatAdd, kFp},
    {"fcvt.w.s", 0xc0000053, kUnary, &formats::integer_from_float_rounding,
     threaded<to_integer<S, fp::f32_to_i32>>, FloatConvert, kFp},
    {"fcvt.wu.s", 0xc0100053, kUnary, &formats::integer_from_float_rounding,
     threaded<to_integer<S, fp::f32_to_u32>>, FloatConvert, kFp},
    {"fcvt.l.s", 0xc0200053, kUnary, &formats::integer_from_float_rounding,
     threaded<to_integer<S, fp::f32_to_i64>>, FloatConvert, kFp},
    {"fcvt.lu.s", 0xc0300053, kUnary, &formats::integer_from_float_rounding,
     threaded<to_integer<S, fp::f32_to_u64>>, FloatConvert, kFp},
    {"fmv.x.w", 0xe0000053, kMove, &formats::integer_from_float, threaded<fmv_x_w>, FloatMove, kFp},
    {"fclass.s", 0xe0001053, kMove, &formats::integer_from_float,
     threaded<classify<S, fp::classify32>>, FloatMove, kFp},
    {"feq.s", 0xa0002053, kExact, &formats::float_compare, threaded<compare<S, fp::eq32>>, FloatAdd,
     kFp},
    {"flt.s", 0xa0001053, kExact, &formats::float_compare, threaded<compare<S, fp::lt32>>, FloatAdd,
     kFp},
    {"fle.s", 0xa0000053, kExact, &formats::float_compare, threaded<compare<S, fp::le32>>, FloatAdd,
     kFp},
    {"fcvt.s.w", 0xd0000053, kUnary, &formats::float_from_integer_rounding,
     threaded<from_integer<S, fp::i32_to_f32>>, FloatConvert, kFp},
    {"fcvt.s.wu", 0xd0100053, kUnary, &formats::float_from_integer_rounding,
     threaded<from_integer<S, fp::u32_to_f32>>, FloatConvert, kFp},
    {"fcvt.s.l", 0xd0200053, kUnary, &formats::float_from_integer_rounding,
     threaded<from_integer<S, fp::i64_to_f32>>, FloatConvert, kFp},
    {"fcvt.s.lu", 0xd0300053, kUnary, &formats::float_from_integer_rounding,
     threaded<from_integer<S, fp::u64_to_f32>>, FloatConvert, kFp},
    {"fmv.w.x", 0xf0000053, kMove, &formats::float_from_integer, threaded<fmv_w_x>, FloatMove, kFp},
};

} // namespace

const Extension& extension_rv64f() {
    static const Extension extension{"f", kInstructions, 'F' - 'A'};
    return extension;
}

} // namespace xbemu
