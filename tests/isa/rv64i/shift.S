/* Shifts: slli, srli, srai, sll, srl, sra and the W forms slliw, srliw, sraiw, sllw, srlw,
 * sraw. Amounts 0, 1, 31, 32 and 63; register amounts use only the low 6 bits (5 bits for the
 * W forms); arithmetic shifts fill with the sign bit (bit 63, or bit 31 for the W forms); W
 * forms read only the low 32 bits of the source and sign-extend the 32-bit result.
 * Assembled without RVC. */
#include "integer_macros.h"

#define INT64_MIN 0x8000000000000000
#define INT64_MAX 0x7fffffffffffffff

RVTEST_CODE_BEGIN
    .option norvc

    TEST_IMM_OP(1, slli, 1, 1, 0)
    TEST_IMM_OP(2, slli, 2, 1, 1)
    TEST_IMM_OP(3, slli, 0x80000000, 1, 31)
    TEST_IMM_OP(4, slli, 0x100000000, 1, 32)
    TEST_IMM_OP(5, slli, INT64_MIN, 1, 63)
    TEST_IMM_OP(6, slli, INT64_MIN, -1, 63)
    TEST_IMM_OP(7, slli, 0x23456789abcdef00, 0x123456789abcdef0, 4)
    TEST_IMM_OP(8, slli, 0xffffffff00000000, 0xffffffff, 32)
    TEST_IMM_DEST_IS_SRC(9, slli, 0x2468, 0x1234, 1)

    TEST_IMM_OP(10, srli, INT64_MIN, INT64_MIN, 0)
    TEST_IMM_OP(11, srli, 0x4000000000000000, INT64_MIN, 1)
    TEST_IMM_OP(12, srli, 0x100000000, INT64_MIN, 31)
    TEST_IMM_OP(13, srli, 0x80000000, INT64_MIN, 32)
    TEST_IMM_OP(14, srli, 1, INT64_MIN, 63)
    TEST_IMM_OP(15, srli, 1, -1, 63)
    TEST_IMM_OP(16, srli, 0xffffffff, -1, 32)
    TEST_IMM_OP(17, srli, 0x1ffffffff, -1, 31)
    TEST_IMM_DEST_IS_SRC(18, srli, 0x091a, 0x1234, 1)

    TEST_IMM_OP(19, srai, INT64_MIN, INT64_MIN, 0)
    TEST_IMM_OP(20, srai, 0xc000000000000000, INT64_MIN, 1)
    TEST_IMM_OP(21, srai, 0xffffffff00000000, INT64_MIN, 31)
    TEST_IMM_OP(22, srai, 0xffffffff80000000, INT64_MIN, 32)
    TEST_IMM_OP(23, srai, -1, INT64_MIN, 63)
    TEST_IMM_OP(24, srai, 0, INT64_MAX, 63)
    TEST_IMM_OP(25, srai, 0x7fffffff, INT64_MAX, 32)
    /* Bit 31 is not a sign bit for the 64-bit shift. */
    TEST_IMM_OP(26, srai, 1, 0x80000000, 31)
    TEST_IMM_OP(27, srai, 0xfff123456789abcd, 0xf123456789abcdef, 8)
    TEST_IMM_DEST_IS_SRC(28, srai, -2, -3, 1)

    TEST_RR_OP(29, sll, 1, 1, 0)
    TEST_RR_OP(30, sll, 0x80000000, 1, 31)
    TEST_RR_OP(31, sll, 0x100000000, 1, 32)
    TEST_RR_OP(32, sll, INT64_MIN, 1, 63)
    TEST_RR_OP(33, sll, 1, 1, 64)
    TEST_RR_OP(34, sll, 2, 1, 65)
    TEST_RR_OP(35, sll, INT64_MIN, 1, -1)
    TEST_RR_OP(36, sll, 0x100000000, 1, 0xffffffffffffffe0)
    TEST_RR_DEST_IS_SRC1(37, sll, 0x48d0, 0x1234, 2)
    TEST_RR_DEST_IS_SRC2(38, sll, 0x48d0, 0x1234, 2)
    TEST_RR_SAME_SRC(39, sll, 24, 3)

    TEST_RR_OP(40, srl, INT64_MIN, INT64_MIN, 0)
    TEST_RR_OP(41, srl, 0x100000000, INT64_MIN, 31)
    TEST_RR_OP(42, srl, 0x80000000, INT64_MIN, 32)
    TEST_RR_OP(43, srl, 1, INT64_MIN, 63)
    TEST_RR_OP(44, srl, INT64_MIN, INT64_MIN, 64)
    TEST_RR_OP(45, srl, 0x4000000000000000, INT64_MIN, 65)
    TEST_RR_OP(46, srl, 1, -1, -1)
    TEST_RR_DEST_IS_SRC1(47, srl, 0x48d, 0x1234, 2)
    TEST_RR_DEST_IS_SRC2(48, srl, 0x48d, 0x1234, 2)
    TEST_RR_SAME_SRC(49, srl, 0x40, 0x40)

    TEST_RR_OP(50, sra, INT64_MIN, INT64_MIN, 0)
    TEST_RR_OP(51, sra, 0xffffffff00000000, INT64_MIN, 31)
    TEST_RR_OP(52, sra, 0xffffffff80000000, INT64_MIN, 32)
    TEST_RR_OP(53, sra, -1, INT64_MIN, 63)
    TEST_RR_OP(54, sra, INT64_MIN, INT64_MIN, 64)
    TEST_RR_OP(55, sra, 0xc000000000000000, INT64_MIN, 65)
    TEST_RR_OP(56, sra, 0, INT64_MAX, -1)
    TEST_RR_OP(57, sra, 1, 0x80000000, 31)
    TEST_RR_DEST_IS_SRC1(58, sra, -2, -8, 2)
    TEST_RR_DEST_IS_SRC2(59, sra, -2, -8, 2)
    TEST_RR_SAME_SRC(60, sra, -1, -1)

    TEST_IMM_OP(61, slliw, 1, 1, 0)
    TEST_IMM_OP(62, slliw, 2, 1, 1)
    TEST_IMM_OP(63, slliw, 0xffffffff80000000, 1, 31)
    TEST_IMM_OP(64, slliw, 0xfffffffffffffffe, 0xffffffff, 1)
    TEST_IMM_OP(65, slliw, 0x34567890, 0x123456789, 4)
    /* slliw by 0 is a sign extension of the low word. */
    TEST_IMM_OP(66, slliw, 0xffffffff80000000, 0x80000000, 0)
    TEST_IMM_OP(67, slliw, 0x7fffffff, 0xffffffff7fffffff, 0)
    TEST_IMM_OP(68, slliw, 0xffffffff80000000, 0xffffffff00000001, 31)
    TEST_IMM_DEST_IS_SRC(69, slliw, 0xffffffff80000000, 0x40000000, 1)

    TEST_IMM_OP(70, srliw, 0xffffffff80000000, 0x80000000, 0)
    TEST_IMM_OP(71, srliw, 0x40000000, 0x80000000, 1)
    TEST_IMM_OP(72, srliw, 1, 0x80000000, 31)
    TEST_IMM_OP(73, srliw, 7, 0xffffffff0000000f, 1)
    TEST_IMM_OP(74, srliw, 1, -1, 31)
    TEST_IMM_OP(75, srliw, -1, -1, 0)
    TEST_IMM_OP(76, srliw, 0x0fffffff, 0x12345678fffffff0, 4)
    TEST_IMM_DEST_IS_SRC(77, srliw, 0x7fffffff, -1, 1)

    TEST_IMM_OP(78, sraiw, 0xffffffff80000000, 0x80000000, 0)
    TEST_IMM_OP(79, sraiw, 0xffffffffc0000000, 0x80000000, 1)
    TEST_IMM_OP(80, sraiw, -1, 0x80000000, 31)
    TEST_IMM_OP(81, sraiw, 0, 0x7fffffff, 31)
    TEST_IMM_OP(82, sraiw, 0x3fffffff, 0x17fffffff, 1)
    TEST_IMM_OP(83, sraiw, 0xffffffffff000000, 0xf0000000, 4)
    TEST_IMM_OP(84, sraiw, 0x00000000007fffff, 0xffffffff7fffffff, 8)
    TEST_IMM_DEST_IS_SRC(85, sraiw, -1, -1, 31)

    TEST_RR_OP(86, sllw, 1, 1, 0)
    TEST_RR_OP(87, sllw, 0xffffffff80000000, 1, 31)
    TEST_RR_OP(88, sllw, 1, 1, 32)
    TEST_RR_OP(89, sllw, 2, 1, 33)
    TEST_RR_OP(90, sllw, 0xffffffff80000000, 1, 63)
    TEST_RR_OP(91, sllw, 0xffffffff80000000, 1, -1)
    TEST_RR_OP(92, sllw, 0xffffffff80000000, 0x80000000, 0)
    TEST_RR_OP(93, sllw, 0xffffffff9abcdef0, 0x123456789abcdef, 4)
    TEST_RR_DEST_IS_SRC1(94, sllw, 0xfffffffffffffffc, 0x3fffffff, 2)
    TEST_RR_DEST_IS_SRC2(95, sllw, 0xfffffffffffffffc, 0x3fffffff, 2)
    TEST_RR_SAME_SRC(96, sllw, 0xffffffff80000000, 0x1f)

    TEST_RR_OP(97, srlw, 0xffffffff80000000, 0x80000000, 0)
    TEST_RR_OP(98, srlw, 0x40000000, 0x80000000, 1)
    TEST_RR_OP(99, srlw, 1, 0x80000000, 31)
    TEST_RR_OP(100, srlw, 0xffffffff80000000, 0x80000000, 32)
    TEST_RR_OP(101, srlw, 0x40000000, 0x80000000, 33)
    TEST_RR_OP(102, srlw, 1, -1, -1)
    TEST_RR_OP(103, srlw, 0x0fffffff, 0x12345678fffffff0, 4)
    TEST_RR_DEST_IS_SRC1(104, srlw, 0x3fffffff, 0xffffffff, 2)
    TEST_RR_DEST_IS_SRC2(105, srlw, 0x3fffffff, 0xffffffff, 2)
    TEST_RR_SAME_SRC(106, srlw, 1, 0x8000001f)

    TEST_RR_OP(107, sraw, 0xffffffff80000000, 0x80000000, 0)
    TEST_RR_OP(108, sraw, 0xffffffffc0000000, 0x80000000, 1)
    TEST_RR_OP(109, sraw, -1, 0x80000000, 31)
    TEST_RR_OP(110, sraw, 0xffffffff80000000, 0x80000000, 32)
    TEST_RR_OP(111, sraw, -1, 0x80000000, -1)
    TEST_RR_OP(112, sraw, 0, 0x7fffffff, 31)
    TEST_RR_OP(113, sraw, 0x3fffffff, 0x17fffffff, 1)
    TEST_RR_OP(114, sraw, 0xffffffffff000000, 0xf0000000, 36)
    TEST_RR_DEST_IS_SRC1(115, sraw, 0xffffffffe0000000, 0x80000000, 2)
    TEST_RR_DEST_IS_SRC2(116, sraw, 0xffffffffe0000000, 0x80000000, 2)
    TEST_RR_SAME_SRC(117, sraw, -1, 0x8000001f)

    RVTEST_PASS
RVTEST_CODE_END
