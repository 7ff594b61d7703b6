/* Synchronous exceptions taken in M-mode: mcause, mepc and mtval for illegal instructions,
 * environment calls, breakpoints, access faults outside memory and misaligned LR. */
#include "priv_macros.h"

RVTEST_CODE_BEGIN
    INSTALL_RECORDING_TRAP_HANDLER

    /* A write to a read-only CSR (csrrw zero, mvendorid, zero): mtval holds the 32 bits. */
    TEST_CASE(1, TRAP_CAUSE, CAUSE_ILLEGAL_INSTRUCTION,
              EXPECT_TRAP_AT(1f); illegal_csr_write: .word 0xf1101073; 1:)
    TEST_ADDRESS(2, TRAP_EPC, illegal_csr_write)
    TEST_CASE(3, TRAP_TVAL, 0xf1101073)

    /* The canonical unimp (csrrw zero, cycle, zero), also a write to a read-only CSR. */
    TEST_CASE(4, TRAP_CAUSE, CAUSE_ILLEGAL_INSTRUCTION,
              EXPECT_TRAP_AT(1f); illegal_unimp: .word 0xc0001073; 1:)
    TEST_ADDRESS(5, TRAP_EPC, illegal_unimp)
    TEST_CASE(6, TRAP_TVAL, 0xc0001073)

    /* The all-zero halfword is the defined illegal compressed instruction; mtval holds its 16
     * bits, which makes zero the only possible value. */
    TEST_CASE(7, TRAP_CAUSE, CAUSE_ILLEGAL_INSTRUCTION,
              EXPECT_TRAP_AT(1f); illegal_compressed_zero: .2byte 0x0000; 1:)
    TEST_ADDRESS(8, TRAP_EPC, illegal_compressed_zero)
    TEST_CASE(9, TRAP_TVAL, 0)

    /* c.addi4spn with a zero immediate is reserved. mtval holds only the 16 bits (right-justified,
     * upper bits clear), not the halfword that follows in memory. */
    TEST_CASE(10, TRAP_CAUSE, CAUSE_ILLEGAL_INSTRUCTION,
              EXPECT_TRAP_AT(1f); illegal_compressed_addi4spn: .2byte 0x0004; 1: .2byte 0x0001)
    TEST_ADDRESS(11, TRAP_EPC, illegal_compressed_addi4spn)
    TEST_CASE(12, TRAP_TVAL, 0x0004)

    /* c.jr with rs1 = x0 is reserved. */
    TEST_CASE(13, TRAP_CAUSE, CAUSE_ILLEGAL_INSTRUCTION,
              EXPECT_TRAP_AT(1f); illegal_compressed_jr: .2byte 0x8002; 1:)
    TEST_ADDRESS(14, TRAP_EPC, illegal_compressed_jr)
    TEST_CASE(15, TRAP_TVAL, 0x8002)

    /* fadd.d f1, f2, f3 with the reserved rounding mode 5. */
    TEST_CASE(16, TRAP_CAUSE, CAUSE_ILLEGAL_INSTRUCTION,
              EXPECT_TRAP_AT(1f); illegal_rounding_mode: .word 0x023150d3; 1:)
    TEST_ADDRESS(17, TRAP_EPC, illegal_rounding_mode)
    TEST_CASE(18, TRAP_TVAL, 0x023150d3)

    /* ecall from M-mode: cause 11, mepc at the ecall (not past it), mtval 0. */
    TEST_CASE(20, TRAP_CAUSE, CAUSE_MACHINE_ECALL,
              li TRAP_TVAL, -1; EXPECT_TRAP_AT(1f); machine_ecall: ecall; 1:)
    TEST_ADDRESS(21, TRAP_EPC, machine_ecall)
    TEST_CASE(22, TRAP_TVAL, 0)

    /* ebreak: the spec lets mtval be 0 or the address of the ebreak (QEMU 7.2 writes 0, Spike
     * the address), so only those two values pass. */
    TEST_CASE(23, TRAP_CAUSE, CAUSE_BREAKPOINT,
              EXPECT_TRAP_AT(1f); .option push; .option norvc; machine_ebreak: ebreak; .option pop; 1:)
    TEST_ADDRESS(24, TRAP_EPC, machine_ebreak)
    TEST_ZERO_OR_ADDRESS(25, TRAP_TVAL, machine_ebreak)
    TEST_CASE(26, TRAP_CAUSE, CAUSE_BREAKPOINT,
              EXPECT_TRAP_AT(1f); machine_c_ebreak: c.ebreak; 1:)
    TEST_ADDRESS(27, TRAP_EPC, machine_c_ebreak)
    TEST_ZERO_OR_ADDRESS(28, TRAP_TVAL, machine_c_ebreak)

    /* Loads and stores outside RAM and devices: access faults with mtval = the address. */
    TEST_CASE(30, TRAP_CAUSE, CAUSE_LOAD_ACCESS_FAULT,
              li t1, UNMAPPED_LOW_ADDRESS; EXPECT_TRAP_AT(1f); load_low: ld t0, 0(t1); 1:)
    TEST_ADDRESS(31, TRAP_EPC, load_low)
    TEST_CASE(32, TRAP_TVAL, UNMAPPED_LOW_ADDRESS)
    TEST_CASE(33, TRAP_CAUSE, CAUSE_LOAD_ACCESS_FAULT,
              li t1, UNMAPPED_PAST_RAM_ADDRESS - 8; EXPECT_TRAP_AT(1f); load_past_ram: lbu t0, 8(t1); 1:)
    TEST_ADDRESS(34, TRAP_EPC, load_past_ram)
    TEST_CASE(35, TRAP_TVAL, UNMAPPED_PAST_RAM_ADDRESS)
    TEST_CASE(36, TRAP_CAUSE, CAUSE_STORE_ACCESS_FAULT,
              li t1, UNMAPPED_LOW_ADDRESS; EXPECT_TRAP_AT(1f); store_low: sw t0, 0(t1); 1:)
    TEST_ADDRESS(37, TRAP_EPC, store_low)
    TEST_CASE(38, TRAP_TVAL, UNMAPPED_LOW_ADDRESS)
    TEST_CASE(39, TRAP_CAUSE, CAUSE_STORE_ACCESS_FAULT,
              li t1, UNMAPPED_PAST_RAM_ADDRESS; EXPECT_TRAP_AT(1f); store_past_ram: sd t0, 0(t1); 1:)
    TEST_ADDRESS(40, TRAP_EPC, store_past_ram)
    TEST_CASE(41, TRAP_TVAL, UNMAPPED_PAST_RAM_ADDRESS)
    /* A faulting load leaves its destination unwritten. */
    TEST_CASE(42, t0, 0x1234,
              li t0, 0x1234; li t1, UNMAPPED_LOW_ADDRESS; EXPECT_TRAP_AT(1f); ld t0, 0(t1); 1:)
    TEST_CASE(46, TRAP_CAUSE, CAUSE_LOAD_ACCESS_FAULT,
              li t1, UNMAPPED_PAST_RAM_ADDRESS; EXPECT_TRAP_AT(1f); lr_past_ram: lr.d t0, (t1); 1:)
    TEST_ADDRESS(47, TRAP_EPC, lr_past_ram)
    TEST_CASE(48, TRAP_TVAL, UNMAPPED_PAST_RAM_ADDRESS)

    /* Fetching outside memory: cause 1 with mepc and mtval both the target. */
    TEST_CASE(50, TRAP_CAUSE, CAUSE_INSTRUCTION_ACCESS_FAULT,
              li t1, UNMAPPED_LOW_ADDRESS; EXPECT_TRAP_AT(1f); jalr t1; 1:)
    TEST_CASE(51, TRAP_EPC, UNMAPPED_LOW_ADDRESS)
    TEST_CASE(52, TRAP_TVAL, UNMAPPED_LOW_ADDRESS)
    TEST_CASE(53, TRAP_CAUSE, CAUSE_INSTRUCTION_ACCESS_FAULT,
              li t1, UNMAPPED_PAST_RAM_ADDRESS; EXPECT_TRAP_AT(1f); jalr t1; 1:)
    TEST_CASE(54, TRAP_EPC, UNMAPPED_PAST_RAM_ADDRESS)
    TEST_CASE(55, TRAP_TVAL, UNMAPPED_PAST_RAM_ADDRESS)
    /* The jump itself retired: the link register holds the return address. */
    TEST_ADDRESS(56, ra, fetch_fault_link,
                 li t1, UNMAPPED_PAST_RAM_ADDRESS; EXPECT_TRAP_AT(fetch_fault_link); jalr t1; fetch_fault_link:)

    /* Misaligned LR raises load address misaligned with mtval = the address. (Misaligned AMOs
     * and SC are in atomic_faults.S, where QEMU 7.2 departs from the spec.) */
    TEST_CASE(60, TRAP_CAUSE, CAUSE_LOAD_MISALIGNED,
              la t1, atomic_area + 4; EXPECT_TRAP_AT(1f); lr_misaligned_d: lr.d t0, (t1); 1:)
    TEST_ADDRESS(61, TRAP_EPC, lr_misaligned_d)
    TEST_ADDRESS(62, TRAP_TVAL, atomic_area + 4)
    TEST_CASE(63, TRAP_CAUSE, CAUSE_LOAD_MISALIGNED,
              la t1, atomic_area + 1; EXPECT_TRAP_AT(1f); lr_misaligned_w: lr.w t0, (t1); 1:)
    TEST_ADDRESS(64, TRAP_EPC, lr_misaligned_w)
    TEST_ADDRESS(65, TRAP_TVAL, atomic_area + 1)
    TEST_CASE(66, t0, 0x1234,
              li t0, 0x1234; la t1, atomic_area + 2; EXPECT_TRAP_AT(1f); lr.w t0, (t1); 1:)

    RVTEST_PASS
    RECORDING_TRAP_HANDLER
RVTEST_CODE_END

RVTEST_DATA_BEGIN
atomic_area:
    .dword 0x55
    .dword 0
RVTEST_DATA_END
