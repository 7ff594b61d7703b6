/* Machine-mode CSRs that hold plain state: mscratch, mepc, mcause, mtvec, mie, the identity CSRs
 * misa and mhartid, and the counters mcycle/minstret (only "they count forward" here, because
 * QEMU's counters are not exact; instret_exact.S checks exact counts on xbemu). */
#include "priv_macros.h"

#define MISA_MXL_64 2
#define MISA_EXTENSION(letter) (1 << ((letter) - 'A'))
#define MISA_RV64GC_U (MISA_EXTENSION('I') | MISA_EXTENSION('M') | MISA_EXTENSION('A') | \
                       MISA_EXTENSION('F') | MISA_EXTENSION('D') | MISA_EXTENSION('C') | \
                       MISA_EXTENSION('U'))

/* A written counter reads back at least the written value and less than 2^32 past it: enough to
 * tell a write that took effect from one that was ignored (the counters start near zero). */
#define COUNTER_WRITE_VALUE 0x0000012300000000
#define COUNTER_WRITE_LIMIT 0x0000012400000000

RVTEST_CODE_BEGIN
    INSTALL_RECORDING_TRAP_HANDLER

    /* mscratch holds any 64-bit value; csrrw swaps, csrrs/csrrc set and clear bits. */
    TEST_CASE(1, a0, 0xdeadbeefcafef00d, li t0, 0xdeadbeefcafef00d; csrw mscratch, t0; csrr a0, mscratch)
    TEST_CASE(2, a0, 0xdeadbeefcafef00d, li t0, 0x0123456789abcdef; csrrw a0, mscratch, t0)
    TEST_CASE(3, a0, 0x0123456789abcdef, csrr a0, mscratch)
    TEST_CASE(4, a0, 0x8123456789abcdef, li t0, 1 << 63; csrrs zero, mscratch, t0; csrr a0, mscratch)
    TEST_CASE(5, a0, 0x8123456789abcd00, csrrci zero, mscratch, 0x1f; li t0, 0xe0; csrc mscratch, t0;
              csrr a0, mscratch)

    /* mepc holds 2-byte aligned addresses (C allows them); mepc_alignment.S checks bit 0. */
    TEST_CASE(10, a0, 0x80001236, li t0, 0x80001236; csrw mepc, t0; csrr a0, mepc)
    TEST_CASE(11, a0, 0x8000fff0, li t0, 0x8000fff0; csrw mepc, t0; csrr a0, mepc)

    /* mcause holds the legal cause values, with or without the interrupt bit. */
    TEST_CASE(20, a0, CAUSE_MACHINE_ECALL, li t0, CAUSE_MACHINE_ECALL; csrw mcause, t0; csrr a0, mcause)
    TEST_CASE(21, a0, CAUSE_MACHINE_TIMER_INTERRUPT,
              li t0, CAUSE_MACHINE_TIMER_INTERRUPT; csrw mcause, t0; csrr a0, mcause)
    /* A trap overwrites mcause, mepc and mtval. */
    TEST_CASE(22, a0, CAUSE_MACHINE_ECALL,
              li t0, 1234; csrw mtval, t0; EXPECT_TRAP_AT(1f); ecall; 1: csrr a0, mcause)
    TEST_CASE(23, a0, 0, csrr a0, mtval)

    /* mtvec holds a 4-byte aligned base in direct mode (0) and a 256-byte aligned one in
     * vectored mode (1). */
    TEST_ADDRESS(30, a0, recording_trap_handler, csrr a0, mtvec)
    TEST_ADDRESS(31, a0, vector_base + 1,
                 la t0, vector_base + 1; csrrw t1, mtvec, t0; csrr a0, mtvec; csrw mtvec, t1)
    TEST_ADDRESS(32, a0, recording_trap_handler, csrr a0, mtvec)

    /* mie keeps the machine software and timer enables. */
    TEST_CASE(40, a0, MIE_MSIE | MIE_MTIE, li t0, MIE_MSIE | MIE_MTIE; csrw mie, t0; csrr a0, mie; csrw mie, zero)
    TEST_CASE(41, a0, 0, csrr a0, mie; andi a0, a0, MIE_MSIE | MIE_MTIE)

    /* mstatus.MPP holds M and U. */
    TEST_CASE(50, a0, MSTATUS_MPP_M, li t0, MSTATUS_MPP; csrs mstatus, t0; csrr a0, mstatus; and a0, a0, t0)
    TEST_CASE(51, a0, 0, li t0, MSTATUS_MPP; csrc mstatus, t0; csrr a0, mstatus; and a0, a0, t0)

    /* misa: RV64 (MXL = 2) with at least I, M, A, F, D, C and U. */
    TEST_CASE(60, a0, MISA_MXL_64, csrr a0, misa; srli a0, a0, 62)
    TEST_CASE(61, a0, MISA_RV64GC_U, csrr a0, misa; li t0, MISA_RV64GC_U; and a0, a0, t0)
    /* The single hart is hart 0. */
    TEST_CASE(62, a0, 0, li a0, -1; csrr a0, mhartid)
    /* Reading a read-only CSR with csrrs/csrrc and x0 (no write) is legal. */
    TEST_CASE(63, a0, 0, li a0, -1; csrrs a0, mhartid, zero)
    TEST_CASE(64, a0, 0, li a0, -1; csrrci a0, mhartid, 0)

    /* mcycle and minstret count forward, and cycle/instret read the same counters. */
    TEST_CASE(70, a0, 1, csrr a1, minstret; nop; nop; nop; csrr a2, minstret; sltu a0, a1, a2)
    TEST_CASE(71, a0, 1, csrr a1, mcycle; nop; nop; nop; csrr a2, mcycle; sltu a0, a1, a2)
    TEST_CASE(72, a0, 1, csrr a1, minstret; nop; rdinstret a2; sltu a0, a1, a2)
    TEST_CASE(73, a0, 1, csrr a1, mcycle; nop; rdcycle a2; sltu a0, a1, a2)
    /* Writes to them take effect. */
    TEST_CASE(74, a0, 1,
              li t0, COUNTER_WRITE_VALUE; csrw minstret, t0; csrr a1, minstret;
              li t0, COUNTER_WRITE_LIMIT; sltu a0, a1, t0)
    TEST_CASE(75, a0, 0, li t0, COUNTER_WRITE_VALUE; sltu a0, a1, t0)
    TEST_CASE(76, a0, 1,
              li t0, COUNTER_WRITE_VALUE; csrw mcycle, t0; csrr a1, mcycle;
              li t0, COUNTER_WRITE_LIMIT; sltu a0, a1, t0)
    TEST_CASE(77, a0, 0, li t0, COUNTER_WRITE_VALUE; sltu a0, a1, t0)

    RVTEST_PASS
    RECORDING_TRAP_HANDLER

    .balign 256
vector_base:
    j test_unexpected_trap
RVTEST_CODE_END
