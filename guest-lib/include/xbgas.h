/* xBGAS instructions for a toolchain that does not know them (binutils 2.40).
 *
 * Each XB_* macro expands to one `.insn` directive with the encoding of
 * docs/xbgas.md: the spec 2.0.0 layout for loads, stores and register moves,
 * the 2024 tool layout (opcode 0x6b) for the remote atomics. The operands follow the
 * instructions' assembly syntax, with extended registers written as plain numbers 0-31 because
 * the assembler has no names for them:
 *
 *     XB_ELD(a0, 8(a1))          eld   a0, 8(a1)        object e11, address a1 + 8
 *     XB_ERLD(a0, a1, 17)        erld  a0, a1, e17      object e17, address a1
 *     XB_ERSD(a2, a1, 17)        ersd  a2, a1, e17      data a2, address a1, object e17
 *     XB_EADDIE(17, a3, 1)       eaddie e17, a3, 1
 *     XB_EAMOADD_D(a0, a2, (a1)) eamoadd.d a0, a2, (a1)  object e11
 *
 * In a .S file the macros are used as instructions. In C they become strings through XB_ASM, so
 * that inline asm can name its operands: asm(XB_ASM(XB_ELD(%0, 0(%1))) : ...). The second half
 * of the file wraps every instruction in a static inline C function for guest programs in C.
 */
/* Macros for assembly files, laid out by hand. */
/* clang-format off */
#ifndef XBGAS_H
#define XBGAS_H

/* An extended register operand: the instruction field holding it is an x register field, so
 * `.insn` takes it as the x register of the same number. */
#define XB_EREG(number) XB_EREG_PASTE(number)
#define XB_EREG_PASTE(number) x##number

#define XB_OPCODE_LOAD 0x77
#define XB_OPCODE_STORE 0x7b
#define XB_OPCODE_EADDIX 0x03
#define XB_OPCODE_RAW 0x33
#define XB_OPCODE_AMO 0x6b

#define XB_FUNCT7_RAW_LOAD 0x55
#define XB_FUNCT7_RAW_STORE 0x22

#define XB_WIDTH_B 0
#define XB_WIDTH_H 1
#define XB_WIDTH_W 2
#define XB_WIDTH_D 3
#define XB_WIDTH_BU 4
#define XB_WIDTH_HU 5
#define XB_WIDTH_E 7

/* funct3 of the register moves that share the store opcode, and of eaddix */
#define XB_FUNCT3_EADDI 6
#define XB_FUNCT3_EADDIE 5
#define XB_FUNCT3_EADDIX 7

/* Base-type loads: object ID e[rs1], address x[rs1] + imm; `address` is written imm(rs1). */
#define XB_ELB(rd, address) .insn i XB_OPCODE_LOAD, XB_WIDTH_B, rd, address
#define XB_ELH(rd, address) .insn i XB_OPCODE_LOAD, XB_WIDTH_H, rd, address
#define XB_ELW(rd, address) .insn i XB_OPCODE_LOAD, XB_WIDTH_W, rd, address
#define XB_ELD(rd, address) .insn i XB_OPCODE_LOAD, XB_WIDTH_D, rd, address
#define XB_ELBU(rd, address) .insn i XB_OPCODE_LOAD, XB_WIDTH_BU, rd, address
#define XB_ELHU(rd, address) .insn i XB_OPCODE_LOAD, XB_WIDTH_HU, rd, address
/* e[extd] = the doubleword at x[rs1] + imm in local memory */
#define XB_ELE(extd, address) .insn i XB_OPCODE_LOAD, XB_WIDTH_E, XB_EREG(extd), address

/* Base-type stores: object ID e[rs1], address x[rs1] + imm, data x[rs2]. */
#define XB_ESB(rs2, address) .insn s XB_OPCODE_STORE, XB_WIDTH_B, rs2, address
#define XB_ESH(rs2, address) .insn s XB_OPCODE_STORE, XB_WIDTH_H, rs2, address
#define XB_ESW(rs2, address) .insn s XB_OPCODE_STORE, XB_WIDTH_W, rs2, address
#define XB_ESD(rs2, address) .insn s XB_OPCODE_STORE, XB_WIDTH_D, rs2, address
/* the doubleword at x[rs1] + imm in local memory = e[ext2] */
#define XB_ESE(ext2, address) .insn s XB_OPCODE_STORE, XB_WIDTH_E, XB_EREG(ext2), address

/* Raw loads: object ID e[ext2], address x[rs1]. */
#define XB_RAW_LOAD(width, rd, rs1, ext2)    \
    .insn r XB_OPCODE_RAW, width, XB_FUNCT7_RAW_LOAD, rd, rs1, XB_EREG(ext2)
#define XB_ERLB(rd, rs1, ext2) XB_RAW_LOAD(XB_WIDTH_B, rd, rs1, ext2)
#define XB_ERLH(rd, rs1, ext2) XB_RAW_LOAD(XB_WIDTH_H, rd, rs1, ext2)
#define XB_ERLW(rd, rs1, ext2) XB_RAW_LOAD(XB_WIDTH_W, rd, rs1, ext2)
#define XB_ERLD(rd, rs1, ext2) XB_RAW_LOAD(XB_WIDTH_D, rd, rs1, ext2)
#define XB_ERLBU(rd, rs1, ext2) XB_RAW_LOAD(XB_WIDTH_BU, rd, rs1, ext2)
#define XB_ERLHU(rd, rs1, ext2) XB_RAW_LOAD(XB_WIDTH_HU, rd, rs1, ext2)
#define XB_ERLE(extd, rs1, ext2) XB_RAW_LOAD(XB_WIDTH_E, XB_EREG(extd), rs1, ext2)

/* Raw stores: data x[rs1], address x[rs2], object ID e[ext3] (held in the rd field). */
#define XB_RAW_STORE(width, rs1, rs2, ext3)  \
    .insn r XB_OPCODE_RAW, width, XB_FUNCT7_RAW_STORE, XB_EREG(ext3), rs1, rs2
#define XB_ERSB(rs1, rs2, ext3) XB_RAW_STORE(XB_WIDTH_B, rs1, rs2, ext3)
#define XB_ERSH(rs1, rs2, ext3) XB_RAW_STORE(XB_WIDTH_H, rs1, rs2, ext3)
#define XB_ERSW(rs1, rs2, ext3) XB_RAW_STORE(XB_WIDTH_W, rs1, rs2, ext3)
#define XB_ERSD(rs1, rs2, ext3) XB_RAW_STORE(XB_WIDTH_D, rs1, rs2, ext3)
#define XB_ERSE(ext1, rs2, ext3) XB_RAW_STORE(XB_WIDTH_E, XB_EREG(ext1), rs2, ext3)

/* Register moves; all wrap at 64 bits. */
#define XB_EADDI(rd, ext1, imm) .insn i XB_OPCODE_STORE, XB_FUNCT3_EADDI, rd, XB_EREG(ext1), imm
#define XB_EADDIE(extd, rs1, imm)            \
    .insn i XB_OPCODE_STORE, XB_FUNCT3_EADDIE, XB_EREG(extd), rs1, imm
#define XB_EADDIX(extd, ext1, imm)           \
    .insn i XB_OPCODE_EADDIX, XB_FUNCT3_EADDIX, XB_EREG(extd), XB_EREG(ext1), imm
#define XB_MOVEBE(rd, ext1) XB_EADDI(rd, ext1, 0)
#define XB_MOVEEB(extd, rs1) XB_EADDIE(extd, rs1, 0)
#define XB_MOVEEE(extd, ext1) XB_EADDIX(extd, ext1, 0)

/* Remote atomics: funct5 in bits 31:27, then aq (bit 26) and rl (bit 25), as in the A
 * extension. Object ID e[rs1], address x[rs1], operand x[rs2], old value to x[rd]; `address` is
 * written (rs1), and the parentheses are dropped by expanding XB_PARENTHESISED_REGISTER. */
#define XB_AMO_ADD 0x00
#define XB_AMO_SWAP 0x01
#define XB_AMO_LR 0x02
#define XB_AMO_SC 0x03
#define XB_AMO_XOR 0x04
#define XB_AMO_OR 0x08
#define XB_AMO_AND 0x0c
#define XB_AMO_MIN 0x10
#define XB_AMO_MAX 0x14
#define XB_AMO_MINU 0x18
#define XB_AMO_MAXU 0x1c

#define XB_ORDER_NONE 0
#define XB_ORDER_RL 1
#define XB_ORDER_AQ 2
#define XB_ORDER_AQRL 3

#define XB_PARENTHESISED_REGISTER(register_name) register_name
#define XB_EAMO(funct5, width, order, rd, rs2, address)          \
    .insn r XB_OPCODE_AMO, width, ((funct5) << 2) | (order), rd, \
        XB_PARENTHESISED_REGISTER address, rs2

#define XB_EAMOADD_W(rd, rs2, address) XB_EAMO(XB_AMO_ADD, XB_WIDTH_W, 0, rd, rs2, address)
#define XB_EAMOSWAP_W(rd, rs2, address) XB_EAMO(XB_AMO_SWAP, XB_WIDTH_W, 0, rd, rs2, address)
#define XB_EAMOXOR_W(rd, rs2, address) XB_EAMO(XB_AMO_XOR, XB_WIDTH_W, 0, rd, rs2, address)
#define XB_EAMOOR_W(rd, rs2, address) XB_EAMO(XB_AMO_OR, XB_WIDTH_W, 0, rd, rs2, address)
#define XB_EAMOAND_W(rd, rs2, address) XB_EAMO(XB_AMO_AND, XB_WIDTH_W, 0, rd, rs2, address)
#define XB_EAMOMIN_W(rd, rs2, address) XB_EAMO(XB_AMO_MIN, XB_WIDTH_W, 0, rd, rs2, address)
#define XB_EAMOMAX_W(rd, rs2, address) XB_EAMO(XB_AMO_MAX, XB_WIDTH_W, 0, rd, rs2, address)
#define XB_EAMOMINU_W(rd, rs2, address) XB_EAMO(XB_AMO_MINU, XB_WIDTH_W, 0, rd, rs2, address)
#define XB_EAMOMAXU_W(rd, rs2, address) XB_EAMO(XB_AMO_MAXU, XB_WIDTH_W, 0, rd, rs2, address)
#define XB_EAMOADD_D(rd, rs2, address) XB_EAMO(XB_AMO_ADD, XB_WIDTH_D, 0, rd, rs2, address)
#define XB_EAMOSWAP_D(rd, rs2, address) XB_EAMO(XB_AMO_SWAP, XB_WIDTH_D, 0, rd, rs2, address)
#define XB_EAMOXOR_D(rd, rs2, address) XB_EAMO(XB_AMO_XOR, XB_WIDTH_D, 0, rd, rs2, address)
#define XB_EAMOOR_D(rd, rs2, address) XB_EAMO(XB_AMO_OR, XB_WIDTH_D, 0, rd, rs2, address)
#define XB_EAMOAND_D(rd, rs2, address) XB_EAMO(XB_AMO_AND, XB_WIDTH_D, 0, rd, rs2, address)
#define XB_EAMOMIN_D(rd, rs2, address) XB_EAMO(XB_AMO_MIN, XB_WIDTH_D, 0, rd, rs2, address)
#define XB_EAMOMAX_D(rd, rs2, address) XB_EAMO(XB_AMO_MAX, XB_WIDTH_D, 0, rd, rs2, address)
#define XB_EAMOMINU_D(rd, rs2, address) XB_EAMO(XB_AMO_MINU, XB_WIDTH_D, 0, rd, rs2, address)
#define XB_EAMOMAXU_D(rd, rs2, address) XB_EAMO(XB_AMO_MAXU, XB_WIDTH_D, 0, rd, rs2, address)
#define XB_ELR_W(rd, address) XB_EAMO(XB_AMO_LR, XB_WIDTH_W, 0, rd, x0, address)
#define XB_ELR_D(rd, address) XB_EAMO(XB_AMO_LR, XB_WIDTH_D, 0, rd, x0, address)
#define XB_ESC_W(rd, rs2, address) XB_EAMO(XB_AMO_SC, XB_WIDTH_W, 0, rd, rs2, address)
#define XB_ESC_D(rd, rs2, address) XB_EAMO(XB_AMO_SC, XB_WIDTH_D, 0, rd, rs2, address)

/* The start-up contents of e10-e13 (the de-facto ABI of the reference). */
#define XB_EREG_PE_ID 10
#define XB_EREG_PE_COUNT 11
#define XB_EREG_SYMMETRIC_SIZE 12
#define XB_EREG_SYMMETRIC_BASE 13

#define XB_STRINGIFY(text...) #text
#define XB_ASM(instruction...) XB_STRINGIFY(instruction)

#ifndef __ASSEMBLER__

#include <stdint.h>

/* The C wrappers.
 *
 * Object IDs: 0 is this PE, xb_object_of_pe(p) = p + 1 names PE p. Addresses are this PE's
 * addresses of symmetric objects (static data, or the symmetric region): every PE runs the same
 * program, so an object lies at the same address on every PE.
 *
 * The wrappers use e31 for the object ID and e30 for data that travels in an extended register,
 * so they overwrite both; the base-type forms also pin the address to t6 (x31), whose extended
 * register e31 then supplies the object ID. Loads return the whole destination register, so a
 * caller sees the sign or zero extension the instruction performed. Stores may be posted until
 * xb_fence(). */

#define XB_EREG_OBJECT 31
#define XB_EREG_DATA 30
/* The x register whose number is XB_EREG_OBJECT. */
#define XB_PINNED_ADDRESS_REGISTER "t6"

/* e31 = the object ID in operand `operand` (written %n), as the first line of an asm body. */
#define XB_SET_OBJECT(operand) XB_ASM(XB_EADDIE(XB_EREG_OBJECT, operand, 0)) "\n\t"

static inline uint64_t xb_object_of_pe(uint64_t pe) { return pe + 1; }

#define XB_DEFINE_EREG_READER(name, extended_register)                              \
    static inline uint64_t name(void) {                                             \
        uint64_t value;                                                             \
        __asm__ volatile(XB_ASM(XB_EADDI(%0, extended_register, 0)) : "=r"(value)); \
        return value;                                                               \
    }
XB_DEFINE_EREG_READER(xb_pe_id, XB_EREG_PE_ID)
XB_DEFINE_EREG_READER(xb_pe_count, XB_EREG_PE_COUNT)
XB_DEFINE_EREG_READER(xb_symmetric_size, XB_EREG_SYMMETRIC_SIZE)
XB_DEFINE_EREG_READER(xb_symmetric_base, XB_EREG_SYMMETRIC_BASE)

#define XB_DEFINE_BASE_LOAD(name, result_type, LOAD)                               \
    static inline result_type name(uint64_t object, const void* address) {         \
        register const void* pinned __asm__(XB_PINNED_ADDRESS_REGISTER) = address; \
        result_type value;                                                         \
        __asm__ volatile(XB_SET_OBJECT(%1) XB_ASM(LOAD(%0, 0(%2)))                 \
                         : "=r"(value)                                             \
                         : "r"(object), "r"(pinned)                                \
                         : "memory");                                              \
        return value;                                                              \
    }
XB_DEFINE_BASE_LOAD(xb_elb, int64_t, XB_ELB)
XB_DEFINE_BASE_LOAD(xb_elh, int64_t, XB_ELH)
XB_DEFINE_BASE_LOAD(xb_elw, int64_t, XB_ELW)
XB_DEFINE_BASE_LOAD(xb_eld, uint64_t, XB_ELD)
XB_DEFINE_BASE_LOAD(xb_elbu, uint64_t, XB_ELBU)
XB_DEFINE_BASE_LOAD(xb_elhu, uint64_t, XB_ELHU)

#define XB_DEFINE_RAW_LOAD(name, result_type, LOAD)                             \
    static inline result_type name(uint64_t object, const void* address) {      \
        result_type value;                                                      \
        __asm__ volatile(XB_SET_OBJECT(%1) XB_ASM(LOAD(%0, %2, XB_EREG_OBJECT)) \
                         : "=r"(value)                                          \
                         : "r"(object), "r"(address)                            \
                         : "memory");                                           \
        return value;                                                           \
    }
XB_DEFINE_RAW_LOAD(xb_erlb, int64_t, XB_ERLB)
XB_DEFINE_RAW_LOAD(xb_erlh, int64_t, XB_ERLH)
XB_DEFINE_RAW_LOAD(xb_erlw, int64_t, XB_ERLW)
XB_DEFINE_RAW_LOAD(xb_erld, uint64_t, XB_ERLD)
XB_DEFINE_RAW_LOAD(xb_erlbu, uint64_t, XB_ERLBU)
XB_DEFINE_RAW_LOAD(xb_erlhu, uint64_t, XB_ERLHU)

#define XB_DEFINE_BASE_STORE(name, STORE)                                     \
    static inline void name(uint64_t object, void* address, uint64_t value) { \
        register void* pinned __asm__(XB_PINNED_ADDRESS_REGISTER) = address;  \
        __asm__ volatile(XB_SET_OBJECT(%0) XB_ASM(STORE(%2, 0(%1)))           \
                         :                                                    \
                         : "r"(object), "r"(pinned), "r"(value)               \
                         : "memory");                                         \
    }
XB_DEFINE_BASE_STORE(xb_esb, XB_ESB)
XB_DEFINE_BASE_STORE(xb_esh, XB_ESH)
XB_DEFINE_BASE_STORE(xb_esw, XB_ESW)
XB_DEFINE_BASE_STORE(xb_esd, XB_ESD)

#define XB_DEFINE_RAW_STORE(name, STORE)                                         \
    static inline void name(uint64_t object, void* address, uint64_t value) {    \
        __asm__ volatile(XB_SET_OBJECT(%0) XB_ASM(STORE(%2, %1, XB_EREG_OBJECT)) \
                         :                                                       \
                         : "r"(object), "r"(address), "r"(value)                 \
                         : "memory");                                            \
    }
XB_DEFINE_RAW_STORE(xb_ersb, XB_ERSB)
XB_DEFINE_RAW_STORE(xb_ersh, XB_ERSH)
XB_DEFINE_RAW_STORE(xb_ersw, XB_ERSW)
XB_DEFINE_RAW_STORE(xb_ersd, XB_ERSD)

/* The extended-register transfers, with the value passing through e30. */
static inline uint64_t xb_erle(uint64_t object, const void* address) {
    uint64_t value;
    __asm__ volatile(XB_SET_OBJECT(%1) XB_ASM(XB_ERLE(XB_EREG_DATA, %2, XB_EREG_OBJECT)) "\n\t"
                     XB_ASM(XB_EADDI(%0, XB_EREG_DATA, 0))
                     : "=r"(value)
                     : "r"(object), "r"(address)
                     : "memory");
    return value;
}

static inline void xb_erse(uint64_t object, void* address, uint64_t value) {
    __asm__ volatile(XB_SET_OBJECT(%0) XB_ASM(XB_EADDIE(XB_EREG_DATA, %2, 0)) "\n\t"
                     XB_ASM(XB_ERSE(XB_EREG_DATA, %1, XB_EREG_OBJECT))
                     :
                     : "r"(object), "r"(address), "r"(value)
                     : "memory");
}

static inline uint64_t xb_ele(const void* address) {
    uint64_t value;
    __asm__ volatile(XB_ASM(XB_ELE(XB_EREG_DATA, 0(%1))) "\n\t"
                     XB_ASM(XB_EADDI(%0, XB_EREG_DATA, 0))
                     : "=r"(value)
                     : "r"(address)
                     : "memory");
    return value;
}

static inline void xb_ese(void* address, uint64_t value) {
    __asm__ volatile(XB_ASM(XB_EADDIE(XB_EREG_DATA, %1, 0)) "\n\t"
                     XB_ASM(XB_ESE(XB_EREG_DATA, 0(%0)))
                     :
                     : "r"(address), "r"(value)
                     : "memory");
}

/* Atomics return the old value; the .w forms sign-extend it. esc returns 0 on success. */
#define XB_DEFINE_ATOMIC(name, result_type, ATOMIC)                                    \
    static inline result_type name(uint64_t object, void* address, uint64_t operand) { \
        register void* pinned __asm__(XB_PINNED_ADDRESS_REGISTER) = address;           \
        result_type old;                                                               \
        __asm__ volatile(XB_SET_OBJECT(%1) XB_ASM(ATOMIC(%0, %3, (%2)))                \
                         : "=r"(old)                                                   \
                         : "r"(object), "r"(pinned), "r"(operand)                      \
                         : "memory");                                                  \
        return old;                                                                    \
    }
XB_DEFINE_ATOMIC(xb_eamoadd_w, int64_t, XB_EAMOADD_W)
XB_DEFINE_ATOMIC(xb_eamoswap_w, int64_t, XB_EAMOSWAP_W)
XB_DEFINE_ATOMIC(xb_eamoxor_w, int64_t, XB_EAMOXOR_W)
XB_DEFINE_ATOMIC(xb_eamoor_w, int64_t, XB_EAMOOR_W)
XB_DEFINE_ATOMIC(xb_eamoand_w, int64_t, XB_EAMOAND_W)
XB_DEFINE_ATOMIC(xb_eamomin_w, int64_t, XB_EAMOMIN_W)
XB_DEFINE_ATOMIC(xb_eamomax_w, int64_t, XB_EAMOMAX_W)
XB_DEFINE_ATOMIC(xb_eamominu_w, int64_t, XB_EAMOMINU_W)
XB_DEFINE_ATOMIC(xb_eamomaxu_w, int64_t, XB_EAMOMAXU_W)
XB_DEFINE_ATOMIC(xb_eamoadd_d, uint64_t, XB_EAMOADD_D)
XB_DEFINE_ATOMIC(xb_eamoswap_d, uint64_t, XB_EAMOSWAP_D)
XB_DEFINE_ATOMIC(xb_eamoxor_d, uint64_t, XB_EAMOXOR_D)
XB_DEFINE_ATOMIC(xb_eamoor_d, uint64_t, XB_EAMOOR_D)
XB_DEFINE_ATOMIC(xb_eamoand_d, uint64_t, XB_EAMOAND_D)
XB_DEFINE_ATOMIC(xb_eamomin_d, uint64_t, XB_EAMOMIN_D)
XB_DEFINE_ATOMIC(xb_eamomax_d, uint64_t, XB_EAMOMAX_D)
XB_DEFINE_ATOMIC(xb_eamominu_d, uint64_t, XB_EAMOMINU_D)
XB_DEFINE_ATOMIC(xb_eamomaxu_d, uint64_t, XB_EAMOMAXU_D)
XB_DEFINE_ATOMIC(xb_esc_w, uint64_t, XB_ESC_W)
XB_DEFINE_ATOMIC(xb_esc_d, uint64_t, XB_ESC_D)

#define XB_DEFINE_LOAD_RESERVED(name, result_type, LOAD_RESERVED)                  \
    static inline result_type name(uint64_t object, const void* address) {         \
        register const void* pinned __asm__(XB_PINNED_ADDRESS_REGISTER) = address; \
        result_type value;                                                         \
        __asm__ volatile(XB_SET_OBJECT(%1) XB_ASM(LOAD_RESERVED(%0, (%2)))         \
                         : "=r"(value)                                             \
                         : "r"(object), "r"(pinned)                                \
                         : "memory");                                              \
        return value;                                                              \
    }
XB_DEFINE_LOAD_RESERVED(xb_elr_w, int64_t, XB_ELR_W)
XB_DEFINE_LOAD_RESERVED(xb_elr_d, uint64_t, XB_ELR_D)

/* Completes this PE's outstanding remote stores. */
static inline void xb_fence(void) { __asm__ volatile("fence" ::: "memory"); }

#endif

#endif
