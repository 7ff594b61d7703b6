/* mstatus.FS: with FS = Off every FP instruction and every access to fcsr, frm or fflags is an
 * illegal instruction; writing FP state makes FS Dirty, and SD mirrors FS = Dirty. */
#include "priv_macros.h"

#define SET_FS(state)                            \
    li t0, MSTATUS_FS;                           \
    csrc mstatus, t0;                            \
    li t0, state;                                \
    csrs mstatus, t0

#define READ_FS_AND_SD(reg)                      \
    csrr reg, mstatus;                           \
    li t0, MSTATUS_FS | MSTATUS_SD;              \
    and reg, reg, t0

RVTEST_CODE_BEGIN
    INSTALL_RECORDING_TRAP_HANDLER
    li t0, 0x4000000000000000
    fmv.d.x f1, t0

    /* FS reads back what was written, and SD is set exactly when FS is Dirty; writing SD itself
     * has no effect. */
    TEST_CASE(1, a0, 0, SET_FS(0); READ_FS_AND_SD(a0))
    TEST_CASE(2, a0, MSTATUS_FS_INITIAL, SET_FS(MSTATUS_FS_INITIAL); READ_FS_AND_SD(a0))
    TEST_CASE(3, a0, MSTATUS_FS_CLEAN, SET_FS(MSTATUS_FS_CLEAN); READ_FS_AND_SD(a0))
    TEST_CASE(4, a0, MSTATUS_FS_DIRTY | MSTATUS_SD, SET_FS(MSTATUS_FS_DIRTY); READ_FS_AND_SD(a0))
    TEST_CASE(5, a0, MSTATUS_FS_CLEAN,
              SET_FS(MSTATUS_FS_CLEAN); li t0, MSTATUS_SD; csrs mstatus, t0; READ_FS_AND_SD(a0))

    /* FS = Off: arithmetic, moves, loads, stores (also compressed) and the FP CSRs all trap as
     * illegal, with the instruction bits in mtval. */
    TEST_CASE(10, TRAP_CAUSE, CAUSE_ILLEGAL_INSTRUCTION,
              SET_FS(0); EXPECT_TRAP_AT(1f); off_fadd: fadd.d f2, f1, f1; 1:)
    TEST_ADDRESS(11, TRAP_EPC, off_fadd)
    TEST_INSTRUCTION_BITS(12, TRAP_TVAL, off_fadd)
    TEST_CASE(13, TRAP_CAUSE, CAUSE_ILLEGAL_INSTRUCTION,
              EXPECT_TRAP_AT(1f); off_fmv_to_integer: fmv.x.d a0, f1; 1:)
    TEST_INSTRUCTION_BITS(14, TRAP_TVAL, off_fmv_to_integer)
    TEST_CASE(15, TRAP_CAUSE, CAUSE_ILLEGAL_INSTRUCTION,
              li t0, 7; EXPECT_TRAP_AT(1f); off_fmv_to_fp: fmv.d.x f1, t0; 1:)
    TEST_INSTRUCTION_BITS(16, TRAP_TVAL, off_fmv_to_fp)
    TEST_CASE(17, TRAP_CAUSE, CAUSE_ILLEGAL_INSTRUCTION,
              la a1, fp_data; EXPECT_TRAP_AT(1f); .option push; .option norvc; off_fld: fld f1, 0(a1); .option pop; 1:)
    TEST_INSTRUCTION_BITS(18, TRAP_TVAL, off_fld)
    TEST_CASE(19, TRAP_CAUSE, CAUSE_ILLEGAL_INSTRUCTION,
              la a1, fp_data; EXPECT_TRAP_AT(1f); off_c_fld: c.fld f9, 0(a1); 1:)
    TEST_COMPRESSED_INSTRUCTION_BITS(20, TRAP_TVAL, off_c_fld)
    TEST_CASE(21, TRAP_CAUSE, CAUSE_ILLEGAL_INSTRUCTION,
              la a1, fp_data; EXPECT_TRAP_AT(1f); off_fsw: fsw f1, 8(a1); 1:)
    TEST_CASE(22, TRAP_CAUSE, CAUSE_ILLEGAL_INSTRUCTION,
              EXPECT_TRAP_AT(1f); off_fcsr_read: csrr a0, fcsr; 1:)
    TEST_INSTRUCTION_BITS(23, TRAP_TVAL, off_fcsr_read)
    TEST_CASE(24, TRAP_CAUSE, CAUSE_ILLEGAL_INSTRUCTION,
              EXPECT_TRAP_AT(1f); off_frm_write: csrwi frm, 1; 1:)
    TEST_INSTRUCTION_BITS(25, TRAP_TVAL, off_frm_write)
    TEST_CASE(26, TRAP_CAUSE, CAUSE_ILLEGAL_INSTRUCTION,
              EXPECT_TRAP_AT(1f); off_fflags_read: frflags a0; 1:)
    /* None of those changed FP state: FS is still Off, f1 still holds its value, the store left
     * memory alone. */
    TEST_CASE(27, a0, 0, READ_FS_AND_SD(a0))
    TEST_CASE(28, a0, 0x4000000000000000, SET_FS(MSTATUS_FS_INITIAL); fmv.x.d a0, f1)
    TEST_CASE(29, a0, 0x1122334455667788, la a1, fp_data; ld a0, 8(a1))
    TEST_CASE(30, a0, 0, frrm a0)

    /* Writing an FP register makes FS Dirty and SD set, from Initial and from Clean. */
    TEST_CASE(40, a0, MSTATUS_FS_DIRTY | MSTATUS_SD,
              SET_FS(MSTATUS_FS_INITIAL); fmv.d.x f3, zero; READ_FS_AND_SD(a0))
    TEST_CASE(41, a0, MSTATUS_FS_DIRTY | MSTATUS_SD,
              SET_FS(MSTATUS_FS_CLEAN); fadd.d f3, f1, f1; READ_FS_AND_SD(a0))
    TEST_CASE(42, a0, MSTATUS_FS_DIRTY | MSTATUS_SD,
              SET_FS(MSTATUS_FS_CLEAN); la a1, fp_data; fld f3, 0(a1); READ_FS_AND_SD(a0))
    /* So does writing fcsr. */
    TEST_CASE(43, a0, MSTATUS_FS_DIRTY | MSTATUS_SD,
              SET_FS(MSTATUS_FS_CLEAN); csrwi fflags, 0; READ_FS_AND_SD(a0))
    /* The value written under Clean arrived. */
    TEST_CASE(44, a0, 0x0102030405060708, fmv.x.d a0, f3)

    RVTEST_PASS
    RECORDING_TRAP_HANDLER
RVTEST_CODE_END

RVTEST_DATA_BEGIN
fp_data:
    .dword 0x0102030405060708
    .dword 0x1122334455667788
RVTEST_DATA_END
