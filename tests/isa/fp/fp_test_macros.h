/* Floating-point cases for the self-checking ISA tests (on top of tests/isa/common/test_macros.h).
 *
 * Every case loads its operands from bit patterns (fmv.w.x / fmv.d.x / li), clears fflags, runs
 * one instruction and then checks both the destination bits and fflags, so a wrong result and a
 * wrong (or missing) exception flag both fail the case with its number.
 *
 * Register roles: fa0, fa1, fa2 are the floating-point operands, a2 the integer operand, fa3 the
 * floating-point destination, a0 the integer destination, a1 the flags read back, t0 scratch.
 *
 * Single-precision results are read with fmv.x.d, so every single case also checks that the
 * result was written NaN-boxed: expected single values are written as 32-bit patterns and
 * compared against 0xffffffff_xxxxxxxx.
 *
 * Rounding: the static-rm macros take the rounding-mode token (rne, rtz, rdn, rup, rmm, dyn) as
 * an optional last argument; without it the assembler encodes dyn. The _DYN macros first write
 * the given FRM_* value to frm and then encode rm = dyn, so the mode comes from the CSR.
 */
/* Macros for assembly files, laid out by hand. */
/* clang-format off */
#ifndef XBEMU_FP_TEST_MACROS_H
#define XBEMU_FP_TEST_MACROS_H

#include "test_macros.h"

#define FLAG_NX 0x01
#define FLAG_UF 0x02
#define FLAG_OF 0x04
#define FLAG_DZ 0x08
#define FLAG_NV 0x10

#define FRM_RNE 0
#define FRM_RTZ 1
#define FRM_RDN 2
#define FRM_RUP 3
#define FRM_RMM 4

#define NAN_BOX_MASK 0xffffffff00000000

/* The flags accrued before each case: none, or NX in the "sticky inexact" builds
 * (-DFP_STARTING_FLAGS=FLAG_NX), where every case's expected flags gain NX. That is the state
 * of floating-point code after its first inexact result, in which the JIT runs floating-point
 * arithmetic natively; every case must then give the same result and no other flag. */
#ifndef FP_STARTING_FLAGS
#define FP_STARTING_FLAGS 0
#endif

/* Operand loaders, by operand format: S = single (NaN-boxed by fmv.w.x), D = double or a raw
 * 64-bit register image (fmv.d.x). Integer operands are loaded into a2 by FP_CASE_FROM_INT. */
#define FP_LOAD_S(freg, bits) li t0, bits; fmv.w.x freg, t0
#define FP_LOAD_D(freg, bits) li t0, bits; fmv.d.x freg, t0

/* Destination checks, by result format: S and D read fa3, X reads a0. */
#define FP_CHECK_S(expected) \
    fmv.x.d a0, fa3; li t6, NAN_BOX_MASK | (expected); bne a0, t6, test_fail
#define FP_CHECK_D(expected) fmv.x.d a0, fa3; li t6, expected; bne a0, t6, test_fail
#define FP_CHECK_X(expected) li t6, expected; bne a0, t6, test_fail

#define FP_CHECK_FLAGS(expected_flags) \
    li t6, (expected_flags) | FP_STARTING_FLAGS; bne a1, t6, test_fail

#define FP_CASE_START(number, setup) \
test_##number:                       \
    li TESTNUM, number;              \
    setup

/* Generic cases: `setup` runs first (may be empty), `src`/`dst` are the format letters above,
 * `instruction` is the complete instruction under test. */
#define FP_CASE_R(number, setup, src, dst, expected_flags, expected, a, instruction...) \
    FP_CASE_START(number, setup);                                                        \
    FP_LOAD_##src(fa0, a);                                                               \
    fsflagsi FP_STARTING_FLAGS;                                                          \
    instruction;                                                                         \
    frflags a1;                                                                          \
    FP_CHECK_##dst(expected);                                                            \
    FP_CHECK_FLAGS(expected_flags)

#define FP_CASE_RR(number, setup, src, dst, expected_flags, expected, a, b, instruction...) \
    FP_CASE_START(number, setup);                                                            \
    FP_LOAD_##src(fa0, a);                                                                   \
    FP_LOAD_##src(fa1, b);                                                                   \
    fsflagsi FP_STARTING_FLAGS;                                                              \
    instruction;                                                                             \
    frflags a1;                                                                              \
    FP_CHECK_##dst(expected);                                                                \
    FP_CHECK_FLAGS(expected_flags)

#define FP_CASE_RRR(number, setup, src, dst, expected_flags, expected, a, b, c, instruction...) \
    FP_CASE_START(number, setup);                                                                \
    FP_LOAD_##src(fa0, a);                                                                       \
    FP_LOAD_##src(fa1, b);                                                                       \
    FP_LOAD_##src(fa2, c);                                                                       \
    fsflagsi FP_STARTING_FLAGS;                                                                  \
    instruction;                                                                                 \
    frflags a1;                                                                                  \
    FP_CHECK_##dst(expected);                                                                    \
    FP_CHECK_FLAGS(expected_flags)

#define FP_CASE_FROM_INT(number, setup, dst, expected_flags, expected, a, instruction...) \
    FP_CASE_START(number, setup);                                                          \
    li a2, a;                                                                              \
    fsflagsi FP_STARTING_FLAGS;                                                            \
    instruction;                                                                           \
    frflags a1;                                                                            \
    FP_CHECK_##dst(expected);                                                              \
    FP_CHECK_FLAGS(expected_flags)

/* fp <- fp op fp: fadd, fsub, fmul, fdiv, fsgnj*, fmin, fmax. */
#define TEST_FP_RR_S(n, inst, flags, result, a, b, rm...) \
    FP_CASE_RR(n, , S, S, flags, result, a, b, inst fa3, fa0, fa1 , ## rm)
#define TEST_FP_RR_D(n, inst, flags, result, a, b, rm...) \
    FP_CASE_RR(n, , D, D, flags, result, a, b, inst fa3, fa0, fa1 , ## rm)
#define TEST_FP_RR_S_DYN(n, frm, inst, flags, result, a, b) \
    FP_CASE_RR(n, fsrmi frm, S, S, flags, result, a, b, inst fa3, fa0, fa1, dyn)
#define TEST_FP_RR_D_DYN(n, frm, inst, flags, result, a, b) \
    FP_CASE_RR(n, fsrmi frm, D, D, flags, result, a, b, inst fa3, fa0, fa1, dyn)

/* fp <- op fp: fsqrt. */
#define TEST_FP_R_S(n, inst, flags, result, a, rm...) \
    FP_CASE_R(n, , S, S, flags, result, a, inst fa3, fa0 , ## rm)
#define TEST_FP_R_D(n, inst, flags, result, a, rm...) \
    FP_CASE_R(n, , D, D, flags, result, a, inst fa3, fa0 , ## rm)
#define TEST_FP_R_S_DYN(n, frm, inst, flags, result, a) \
    FP_CASE_R(n, fsrmi frm, S, S, flags, result, a, inst fa3, fa0, dyn)
#define TEST_FP_R_D_DYN(n, frm, inst, flags, result, a) \
    FP_CASE_R(n, fsrmi frm, D, D, flags, result, a, inst fa3, fa0, dyn)

/* fp <- fp op fp op fp: fmadd, fmsub, fnmsub, fnmadd. */
#define TEST_FP_RRR_S(n, inst, flags, result, a, b, c, rm...) \
    FP_CASE_RRR(n, , S, S, flags, result, a, b, c, inst fa3, fa0, fa1, fa2 , ## rm)
#define TEST_FP_RRR_D(n, inst, flags, result, a, b, c, rm...) \
    FP_CASE_RRR(n, , D, D, flags, result, a, b, c, inst fa3, fa0, fa1, fa2 , ## rm)
#define TEST_FP_RRR_S_DYN(n, frm, inst, flags, result, a, b, c) \
    FP_CASE_RRR(n, fsrmi frm, S, S, flags, result, a, b, c, inst fa3, fa0, fa1, fa2, dyn)
#define TEST_FP_RRR_D_DYN(n, frm, inst, flags, result, a, b, c) \
    FP_CASE_RRR(n, fsrmi frm, D, D, flags, result, a, b, c, inst fa3, fa0, fa1, fa2, dyn)

/* integer <- fp op fp: feq, flt, fle (result in a0, checked as a full 64-bit value). */
#define TEST_FP_CMP_S(n, inst, flags, result, a, b) \
    FP_CASE_RR(n, , S, X, flags, result, a, b, inst a0, fa0, fa1)
#define TEST_FP_CMP_D(n, inst, flags, result, a, b) \
    FP_CASE_RR(n, , D, X, flags, result, a, b, inst a0, fa0, fa1)

/* integer <- fp: fcvt.{w,wu,l,lu}.{s,d}, fclass, fmv.x.w (expected is the full 64-bit value). */
#define TEST_FP_TO_INT_S(n, inst, flags, result, a, rm...) \
    FP_CASE_R(n, , S, X, flags, result, a, inst a0, fa0 , ## rm)
#define TEST_FP_TO_INT_D(n, inst, flags, result, a, rm...) \
    FP_CASE_R(n, , D, X, flags, result, a, inst a0, fa0 , ## rm)
#define TEST_FP_TO_INT_S_DYN(n, frm, inst, flags, result, a) \
    FP_CASE_R(n, fsrmi frm, S, X, flags, result, a, inst a0, fa0, dyn)
#define TEST_FP_TO_INT_D_DYN(n, frm, inst, flags, result, a) \
    FP_CASE_R(n, fsrmi frm, D, X, flags, result, a, inst a0, fa0, dyn)

/* fp <- integer: fcvt.{s,d}.{w,wu,l,lu}, fmv.w.x, fmv.d.x. */
#define TEST_FP_FROM_INT_S(n, inst, flags, result, a, rm...) \
    FP_CASE_FROM_INT(n, , S, flags, result, a, inst fa3, a2 , ## rm)
#define TEST_FP_FROM_INT_D(n, inst, flags, result, a, rm...) \
    FP_CASE_FROM_INT(n, , D, flags, result, a, inst fa3, a2 , ## rm)
#define TEST_FP_FROM_INT_S_DYN(n, frm, inst, flags, result, a) \
    FP_CASE_FROM_INT(n, fsrmi frm, S, flags, result, a, inst fa3, a2, dyn)
#define TEST_FP_FROM_INT_D_DYN(n, frm, inst, flags, result, a) \
    FP_CASE_FROM_INT(n, fsrmi frm, D, flags, result, a, inst fa3, a2, dyn)

/* Between formats: fcvt.s.d (double operand, single result) and fcvt.d.s. */
#define TEST_FP_CVT_S_D(n, flags, result, a, rm...) \
    FP_CASE_R(n, , D, S, flags, result, a, fcvt.s.d fa3, fa0 , ## rm)
#define TEST_FP_CVT_S_D_DYN(n, frm, flags, result, a) \
    FP_CASE_R(n, fsrmi frm, D, S, flags, result, a, fcvt.s.d fa3, fa0, dyn)
#define TEST_FP_CVT_D_S(n, flags, result, a) \
    FP_CASE_R(n, , S, D, flags, result, a, fcvt.d.s fa3, fa0)

/* Single-precision operations on raw 64-bit register images (loaded with fmv.d.x), to check
 * how operands that are not properly NaN-boxed are read. Results are checked as above. */
#define TEST_FP_RR_S_RAW(n, inst, flags, result, a, b, rm...) \
    FP_CASE_RR(n, , D, S, flags, result, a, b, inst fa3, fa0, fa1 , ## rm)
#define TEST_FP_R_S_RAW(n, inst, flags, result, a, rm...) \
    FP_CASE_R(n, , D, S, flags, result, a, inst fa3, fa0 , ## rm)
#define TEST_FP_RRR_S_RAW(n, inst, flags, result, a, b, c, rm...) \
    FP_CASE_RRR(n, , D, S, flags, result, a, b, c, inst fa3, fa0, fa1, fa2 , ## rm)
#define TEST_FP_CMP_S_RAW(n, inst, flags, result, a, b) \
    FP_CASE_RR(n, , D, X, flags, result, a, b, inst a0, fa0, fa1)
#define TEST_FP_TO_INT_S_RAW(n, inst, flags, result, a, rm...) \
    FP_CASE_R(n, , D, X, flags, result, a, inst a0, fa0 , ## rm)
#define TEST_FP_CVT_D_S_RAW(n, flags, result, a) \
    FP_CASE_R(n, , D, D, flags, result, a, fcvt.d.s fa3, fa0)

#endif
