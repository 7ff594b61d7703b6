/* Every macro of xbgas.h, each followed by the word it must assemble to, computed from the
 * MATCH values of docs/xbgas.md and the standard field positions rather than
 * from the opcode, funct3 and funct7 numbers the macros use. check-encodings.sh compares the
 * words pairwise. Never executed. The operands use different register numbers in every field
 * (and extended registers 0, 17 and 31) so that a field put in the wrong place shows. */
#include "xbgas.h"

#define I_TYPE(match, rd, rs1, imm)          \
    .word (match) | ((rd) << 7) | ((rs1) << 15) | (((imm) & 0xfff) << 20)
#define S_TYPE(match, rs2, rs1, imm)                                        \
    .word (match) | (((imm) & 0x1f) << 7) | ((rs1) << 15) | ((rs2) << 20) | \
        ((((imm) >> 5) & 0x7f) << 25)
#define R_TYPE(match, rd, rs1, rs2) .word (match) | ((rd) << 7) | ((rs1) << 15) | ((rs2) << 20)

/* The remote atomics: the reference gives the funct5 values and the A-extension layout. */
#define AMO_MATCH(funct5, funct3) (((funct5) << 27) | ((funct3) << 12) | 0x6b)
#define AMO_TYPE(funct5, funct3, aq, rl, rd, rs1, rs2) \
    R_TYPE(AMO_MATCH(funct5, funct3) | ((aq) << 26) | ((rl) << 25), rd, rs1, rs2)

/* register numbers: a0 = 10, a1 = 11, a2 = 12, t2 = 7, s11 = 27, t6 = 31 */

    .section .text.init, "ax", @progbits
    .option norvc
    .globl _start
_start:
    XB_ELB(a0, 8(a1))
    I_TYPE(0x00000077, 10, 11, 8)
    XB_ELH(a2, -2048(t2))
    I_TYPE(0x00001077, 12, 7, -2048)
    XB_ELW(s11, 2047(a0))
    I_TYPE(0x00002077, 27, 10, 2047)
    XB_ELD(t6, -1(a2))
    I_TYPE(0x00003077, 31, 12, -1)
    XB_ELBU(a1, 0(s11))
    I_TYPE(0x00004077, 11, 27, 0)
    XB_ELHU(t2, 6(t6))
    I_TYPE(0x00005077, 7, 31, 6)
    XB_ELE(17, -16(a1))
    I_TYPE(0x00007077, 17, 11, -16)
    XB_ELE(0, 24(t6))
    I_TYPE(0x00007077, 0, 31, 24)

    XB_ESB(a0, 8(a1))
    S_TYPE(0x0000007b, 10, 11, 8)
    XB_ESH(a2, -2048(t2))
    S_TYPE(0x0000107b, 12, 7, -2048)
    XB_ESW(s11, 2047(a0))
    S_TYPE(0x0000207b, 27, 10, 2047)
    XB_ESD(t6, -1(a2))
    S_TYPE(0x0000307b, 31, 12, -1)
    XB_ESE(31, 40(a1))
    S_TYPE(0x0000707b, 31, 11, 40)
    XB_ESE(17, -40(t6))
    S_TYPE(0x0000707b, 17, 31, -40)

    XB_ERLB(a0, a1, 17)
    R_TYPE(0xaa000033, 10, 11, 17)
    XB_ERLH(a2, t2, 31)
    R_TYPE(0xaa001033, 12, 7, 31)
    XB_ERLW(s11, a0, 0)
    R_TYPE(0xaa002033, 27, 10, 0)
    XB_ERLD(t6, a2, 1)
    R_TYPE(0xaa003033, 31, 12, 1)
    XB_ERLBU(a1, s11, 20)
    R_TYPE(0xaa004033, 11, 27, 20)
    XB_ERLHU(t2, t6, 9)
    R_TYPE(0xaa005033, 7, 31, 9)
    XB_ERLE(17, a1, 31)
    R_TYPE(0xaa007033, 17, 11, 31)

    /* raw stores: data x[rs1], address x[rs2], object ID e[rd field] */
    XB_ERSB(a0, a1, 17)
    R_TYPE(0x44000033, 17, 10, 11)
    XB_ERSH(a2, t2, 31)
    R_TYPE(0x44001033, 31, 12, 7)
    XB_ERSW(s11, a0, 0)
    R_TYPE(0x44002033, 0, 27, 10)
    XB_ERSD(t6, a2, 1)
    R_TYPE(0x44003033, 1, 31, 12)
    XB_ERSE(20, a1, 17)
    R_TYPE(0x44007033, 17, 20, 11)

    XB_EADDI(a0, 17, -1)
    I_TYPE(0x0000607b, 10, 17, -1)
    XB_EADDI(t6, 0, 2047)
    I_TYPE(0x0000607b, 31, 0, 2047)
    XB_EADDIE(31, a2, -2048)
    I_TYPE(0x0000507b, 31, 12, -2048)
    XB_EADDIE(0, s11, 5)
    I_TYPE(0x0000507b, 0, 27, 5)
    XB_EADDIX(17, 31, 1)
    I_TYPE(0x00007003, 17, 31, 1)
    XB_EADDIX(3, 3, -7)
    I_TYPE(0x00007003, 3, 3, -7)
    XB_MOVEBE(a1, 13)
    I_TYPE(0x0000607b, 11, 13, 0)
    XB_MOVEEB(13, a1)
    I_TYPE(0x0000507b, 13, 11, 0)
    XB_MOVEEE(14, 13)
    I_TYPE(0x00007003, 14, 13, 0)

    /* the reference's example words first, then every operation and width */
    XB_EAMOADD_W(x0, x0, (x0))
    .word 0x0000206b
    XB_EAMOSWAP_D(x0, x0, (x0))
    .word 0x0800306b
    XB_ELR_W(x0, (x0))
    .word 0x1000206b

    XB_EAMOADD_W(a0, a2, (a1))
    AMO_TYPE(0x00, 2, 0, 0, 10, 11, 12)
    XB_EAMOSWAP_W(a2, t2, (s11))
    AMO_TYPE(0x01, 2, 0, 0, 12, 27, 7)
    XB_EAMOXOR_W(s11, a0, (t6))
    AMO_TYPE(0x04, 2, 0, 0, 27, 31, 10)
    XB_EAMOOR_W(t6, a1, (a2))
    AMO_TYPE(0x08, 2, 0, 0, 31, 12, 11)
    XB_EAMOAND_W(a1, s11, (t2))
    AMO_TYPE(0x0c, 2, 0, 0, 11, 7, 27)
    XB_EAMOMIN_W(t2, t6, (a0))
    AMO_TYPE(0x10, 2, 0, 0, 7, 10, 31)
    XB_EAMOMAX_W(a0, a2, (a1))
    AMO_TYPE(0x14, 2, 0, 0, 10, 11, 12)
    XB_EAMOMINU_W(a2, t2, (s11))
    AMO_TYPE(0x18, 2, 0, 0, 12, 27, 7)
    XB_EAMOMAXU_W(s11, a0, (t6))
    AMO_TYPE(0x1c, 2, 0, 0, 27, 31, 10)

    XB_EAMOADD_D(a0, a2, (a1))
    AMO_TYPE(0x00, 3, 0, 0, 10, 11, 12)
    XB_EAMOSWAP_D(a2, t2, (s11))
    AMO_TYPE(0x01, 3, 0, 0, 12, 27, 7)
    XB_EAMOXOR_D(s11, a0, (t6))
    AMO_TYPE(0x04, 3, 0, 0, 27, 31, 10)
    XB_EAMOOR_D(t6, a1, (a2))
    AMO_TYPE(0x08, 3, 0, 0, 31, 12, 11)
    XB_EAMOAND_D(a1, s11, (t2))
    AMO_TYPE(0x0c, 3, 0, 0, 11, 7, 27)
    XB_EAMOMIN_D(t2, t6, (a0))
    AMO_TYPE(0x10, 3, 0, 0, 7, 10, 31)
    XB_EAMOMAX_D(a0, a2, (a1))
    AMO_TYPE(0x14, 3, 0, 0, 10, 11, 12)
    XB_EAMOMINU_D(a2, t2, (s11))
    AMO_TYPE(0x18, 3, 0, 0, 12, 27, 7)
    XB_EAMOMAXU_D(s11, a0, (t6))
    AMO_TYPE(0x1c, 3, 0, 0, 27, 31, 10)

    XB_ELR_W(a0, (a1))
    AMO_TYPE(0x02, 2, 0, 0, 10, 11, 0)
    XB_ELR_D(t6, (s11))
    AMO_TYPE(0x02, 3, 0, 0, 31, 27, 0)
    XB_ESC_W(a2, t2, (a0))
    AMO_TYPE(0x03, 2, 0, 0, 12, 10, 7)
    XB_ESC_D(a1, a2, (t6))
    AMO_TYPE(0x03, 3, 0, 0, 11, 31, 12)

    XB_EAMO(XB_AMO_ADD, XB_WIDTH_D, XB_ORDER_AQ, a0, a2, (a1))
    AMO_TYPE(0x00, 3, 1, 0, 10, 11, 12)
    XB_EAMO(XB_AMO_SWAP, XB_WIDTH_W, XB_ORDER_RL, a0, a2, (a1))
    AMO_TYPE(0x01, 2, 0, 1, 10, 11, 12)
    XB_EAMO(XB_AMO_MAXU, XB_WIDTH_D, XB_ORDER_AQRL, a0, a2, (a1))
    AMO_TYPE(0x1c, 3, 1, 1, 10, 11, 12)
