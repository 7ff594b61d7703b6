// D: double precision.

#include "isa/execute.hpp"
#include "isa/float_execute.hpp"
#include "xbemu/base_extensions.hpp"
#include "xbemu/threaded_execution.hpp"

namespace xbemu {

namespace {

using namespace float_execute;
using D = Double;

void fcvt_s_d(Hart& h, const Op& op) {
    const fp::RoundingMode rm = h.rounding_mode(op.imm, op);
    const fp::Result32 result = fp::f64_to_f32(h.f[op.rs1], rm);
    h.accrue_flags(result.flags);
    h.write_single(op.rd, result.bits);
}
void fcvt_d_s(Hart& h, const Op& op) {
    // The conversion is exact, but a reserved rm field is still illegal.
    static_cast<void>(h.rounding_mode(op.imm, op));
    const fp::Result64 result = fp::f32_to_f64(h.read_single(op.rs1));
    h.accrue_flags(result.flags);
    h.write_double(op.rd, result.bits);
}
void fmv_x_d(Hart& h, const Op& op) {
    h.x[op.rd] = h.f[op.rs1];
}
void fmv_d_x(Hart& h, const Op& op) {
    h.write_double(op.rd, h.x[op.rs1]);
}

using enum TimingClass;
constexpr std::uint8_t kFp = kFloatingPoint;

const InstructionDescriptor kInstructions[] = {
    {"fld", 0x00003007, 0x0000707f, &formats::float_load, execute::fld, Load, kFp},
    {"fsd", 0x00003027, 0x0000707f, &formats::float_store, execute::fsd, Store, kFp},
    {"fmadd.d", 0x02000043, kR4, &formats::float_r4_rounding,
     threaded<fused_double<fp::FusedOp::MulAdd>>, FloatFused, kFp},
    {"fmsub.d", 0x02000047, kR4, &formats::float_r4_rounding,
     threaded<fused_double<fp::FusedOp::MulSub>>, FloatFused, kFp},
    {"fnmsub.d", 0x0200004b, kR4, &formats::float_r4_rounding,
     threaded<fused_double<fp::FusedOp::NegMulSub>>, FloatFused, kFp},
    {"fnmadd.d", 0x0200004f, kR4, &formats::float_r4_rounding,
     threaded<fused_double<fp::FusedOp::NegMulAdd>>, FloatFused, kFp},
    {"fadd.d", 0x02000053, kR, &formats::float_r_rounding, threaded<binary_rounded<D, fp::add64>>,
     FloatAdd, kFp},
    {"fsub.d", 0x0a000053, kR, &formats::float_r_rounding, threaded<binary_rounded<D, fp::sub64>>,
     FloatAdd, kFp},
    {"fmul.d", 0x12000053, kR, &formats::float_r_rounding, threaded<binary_rounded<D, fp::mul64>>,
     FloatMultiply, kFp},
    {"fdiv.d", 0x1a000053, kR, &formats::float_r_rounding, threaded<binary_rounded<D, fp::div64>>,
     FloatDivideDouble, kFp},
    {"fsqrt.d", 0x5a000053, kUnary, &formats::float_unary_rounding,
     threaded<unary_rounded<D, fp::sqrt64>>, FloatSqrtDouble, kFp},
    {"fsgnj.d", 0x22000053, kExact, &formats::float_r, threaded<sign_inject<D, 0>>, FloatMove, kFp},
    {"fsgnjn.d", 0x22001053, kExact, &formats::float_r, threaded<sign_inject<D, 1>>, FloatMove,
     kFp},
    {"fsgnjx.d", 0x22002053, kExact, &formats::float_r, threaded<sign_inject<D, 2>>, FloatMove,
     kFp},
    {"fmin.d", 0x2a000053, kExact, &formats::float_r, threaded<binary_exact<D, fp::min64>>,
     FloatAdd, kFp},
    {"fmax.d", 0x2a001053, kExact, &formats::float_r, threaded<binary_exact<D, fp::max64>>,
     FloatAdd, kFp},
    {"fcvt.s.d", 0x40100053, kUnary, &formats::float_unary_rounding, threaded<fcvt_s_d>,
     FloatConvert, kFp},
    {"fcvt.d.s", 0x42000053, kUnary, &formats::float_unary_exact, threaded<fcvt_d_s>, FloatConvert,
     kFp},
    {"feq.d", 0xa2002053, kExact, &formats::float_compare, threaded<compare<D, fp::eq64>>, FloatAdd,
     kFp},
    {"flt.d", 0xa2001053, kExact, &formats::float_compare, threaded<compare<D, fp::lt64>>, FloatAdd,
     kFp},
    {"fle.d", 0xa2000053, kExact, &formats::float_compare, threaded<compare<D, fp::le64>>, FloatAdd,
     kFp},
    {"fclass.d", 0xe2001053, kMove, &formats::integer_from_float,
     threaded<classify<D, fp::classify64>>, FloatMove, kFp},
    {"fcvt.w.d", 0xc2000053, kUnary, &formats::integer_from_float_rounding,
     threaded<to_integer<D, fp::f64_to_i32>>, FloatConvert, kFp},
    {"fcvt.wu.d", 0xc2100053, kUnary, &formats::integer_from_float_rounding,
     threaded<to_integer<D, fp::f64_to_u32>>, FloatConvert, kFp},
    {"fcvt.l.d", 0xc2200053, kUnary, &formats::integer_from_float_rounding,
     threaded<to_integer<D, fp::f64_to_i64>>, FloatConvert, kFp},
    {"fcvt.lu.d", 0xc2300053, kUnary, &formats::integer_from_float_rounding,
     threaded<to_integer<D, fp::f64_to_u64>>, FloatConvert, kFp},
    {"fcvt.d.w", 0xd2000053, kUnary, &formats::float_from_integer_exact,
     threaded<from_integer<D, fp::i32_to_f64>>, FloatConvert, kFp},
    {"fcvt.d.wu", 0xd2100053, kUnary, &formats::float_from_integer_exact,
     threaded<from_integer<D, fp::u32_to_f64>>, FloatConvert, kFp},
    {"fcvt.d.l", 0xd2200053, kUnary, &formats::float_from_integer_rounding,
     threaded<from_integer<D, fp::i64_to_f64>>, FloatConvert, kFp},
    {"fcvt.d.lu", 0xd2300053, kUnary, &formats::float_from_integer_rounding,
     threaded<from_integer<D, fp::u64_to_f64>>, FloatConvert, kFp},
    {"fmv.x.d", 0xe2000053, kMove, &formats::integer_from_float, threaded<fmv_x_d>, FloatMove, kFp},
    {"fmv.d.x", 0xf2000053, kMove, &formats::float_from_integer, threaded<fmv_d_x>, FloatMove, kFp},
};

} // namespace

const Extension& extension_rv64d() {
    static const Extension extension{"d", kInstructions, 'D' - 'A'};
    return extension;
}

} // namespace xbemu
