/* Trap entry of the single-PE xBGAS model (xbgas_model.c) and its installation.
 *
 * The handler runs on its own stack, found through mscratch, so that it never writes below the
 * program's sp. It saves x1-x31 in a frame the C code reads and updates, then either resumes the
 * program after the emulated instruction (mret) or enters the program's own handler with the
 * trap state in place; that entry needs a register to jump through, and t6 is it (the tests'
 * harness reserves t6 and the handlers it installs do not read it). */

#define FRAME_SIZE (32 * 8)
#define MODEL_STACK_SIZE 4096

    .section .text
    /* The trap vector must stay 4-byte aligned, which linker relaxation could undo. */
    .option norelax

/* xbgas_model_install(): the handler installed so far becomes the program's handler, the model
 * takes the trap vector, and the extended registers get their start-up values. Clobbers the
 * caller-saved registers, like any call. */
    .globl xbgas_model_install
xbgas_model_install:
    csrr t0, mtvec
    la t1, xbgas_model_guest_handler
    sd t0, 0(t1)
    la t0, xbgas_model_trap_entry
    csrw mtvec, t0
    la t0, model_stack_top
    csrw mscratch, t0
    tail xbgas_model_reset_registers

    .balign 4
xbgas_model_trap_entry:
    csrrw sp, mscratch, sp
    addi sp, sp, -FRAME_SIZE
    sd zero, 0(sp)
    sd x1, 8(sp)
    sd x3, 24(sp)
    sd x4, 32(sp)
    sd x5, 40(sp)
    sd x6, 48(sp)
    sd x7, 56(sp)
    sd x8, 64(sp)
    sd x9, 72(sp)
    sd x10, 80(sp)
    sd x11, 88(sp)
    sd x12, 96(sp)
    sd x13, 104(sp)
    sd x14, 112(sp)
    sd x15, 120(sp)
    sd x16, 128(sp)
    sd x17, 136(sp)
    sd x18, 144(sp)
    sd x19, 152(sp)
    sd x20, 160(sp)
    sd x21, 168(sp)
    sd x22, 176(sp)
    sd x23, 184(sp)
    sd x24, 192(sp)
    sd x25, 200(sp)
    sd x26, 208(sp)
    sd x27, 216(sp)
    sd x28, 224(sp)
    sd x29, 232(sp)
    sd x30, 240(sp)
    sd x31, 248(sp)
    csrr t0, mscratch
    sd t0, 16(sp)
    addi t0, sp, FRAME_SIZE
    csrw mscratch, t0

    mv a0, sp
    call xbgas_model_handle_trap
    mv t6, a0

    ld x1, 8(sp)
    ld x3, 24(sp)
    ld x4, 32(sp)
    ld x5, 40(sp)
    ld x6, 48(sp)
    ld x7, 56(sp)
    ld x8, 64(sp)
    ld x9, 72(sp)
    ld x10, 80(sp)
    ld x11, 88(sp)
    ld x12, 96(sp)
    ld x13, 104(sp)
    ld x14, 112(sp)
    ld x15, 120(sp)
    ld x16, 128(sp)
    ld x17, 136(sp)
    ld x18, 144(sp)
    ld x19, 152(sp)
    ld x20, 160(sp)
    ld x21, 168(sp)
    ld x22, 176(sp)
    ld x23, 184(sp)
    ld x24, 192(sp)
    ld x25, 200(sp)
    ld x26, 208(sp)
    ld x27, 216(sp)
    ld x28, 224(sp)
    ld x29, 232(sp)
    ld x30, 240(sp)
    bnez t6, deliver_to_guest
    ld x31, 248(sp)
    ld sp, 16(sp)
    mret

deliver_to_guest:
    ld sp, 16(sp)
    la t6, xbgas_model_guest_handler
    ld t6, 0(t6)
    jr t6

    .section .bss
    .balign 16
    .space MODEL_STACK_SIZE
model_stack_top:
