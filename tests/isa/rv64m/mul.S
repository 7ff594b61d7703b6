/* mul, mulh, mulhsu, mulhu, mulw: the low and the three kinds of high 64-bit product halves
 * with operands at the signed and unsigned extremes, and mulw's use of the low 32 bits only
 * with the product's low word sign-extended. */
#include "integer_macros.h"

RVTEST_CODE_BEGIN
    .option norvc

    TEST_RR_OP(1, mul, 0, 0, 0)
    TEST_RR_OP(2, mul, 1, 1, 1)
    TEST_RR_OP(3, mul, 21, 3, 7)
    TEST_RR_OP(4, mul, -21, -3, 7)
    TEST_RR_OP(5, mul, 1, -1, -1)
    TEST_RR_OP(6, mul, -2, 0x7fffffffffffffff, 2)
    TEST_RR_OP(7, mul, 0x8000000000000000, 0x8000000000000000, -1)
    TEST_RR_OP(8, mul, 0xfffffffe00000001, 0x00000000ffffffff, 0x00000000ffffffff)
    TEST_RR_OP(9, mul, 0x236d88fe5618cf00, 0x123456789abcdef0, 0xfedcba9876543210)
    TEST_RR_OP(10, mul, 0x2fcbb2e58b0d4430, 0x0f1e2d3c4b5a6978, 0xa5a5a5a55a5a5a5a)
    TEST_RR_DEST_IS_SRC1(11, mul, 0x63502bf6b058f080, 0x123456789abcdef0, 0x0f1e2d3c4b5a6978)
    TEST_RR_DEST_IS_SRC2(12, mul, 0x833efab66cd339a0, 0xfedcba9876543210, 0xa5a5a5a55a5a5a5a)
    TEST_RR_SAME_SRC(13, mul, 0x8cd8236eef2b67a4, 0xa5a5a5a55a5a5a5a)

    TEST_RR_OP(14, mulh, 0, 0, 0)
    TEST_RR_OP(15, mulh, 0, -1, -1)
    TEST_RR_OP(16, mulh, -1, -1, 1)
    TEST_RR_OP(17, mulh, 0x4000000000000000, 0x8000000000000000, 0x8000000000000000)
    TEST_RR_OP(18, mulh, 0, 0x8000000000000000, -1)
    TEST_RR_OP(19, mulh, 0x3fffffffffffffff, 0x7fffffffffffffff, 0x7fffffffffffffff)
    TEST_RR_OP(20, mulh, 0xc000000000000000, 0x8000000000000000, 0x7fffffffffffffff)
    TEST_RR_OP(21, mulh, 1, 0x0000000100000000, 0x0000000100000000)
    TEST_RR_OP(22, mulh, -1, 0xffffffff00000000, 0x0000000100000000)
    TEST_RR_OP(23, mulh, 0xffeb49923cc09532, 0x123456789abcdef0, 0xfedcba9876543210)
    TEST_RR_OP(24, mulh, 0xfaaa0e26f004640f, 0x0f1e2d3c4b5a6978, 0xa5a5a5a55a5a5a5a)
    TEST_RR_DEST_IS_SRC1(25, mulh, 0x0113366ab0066de5, 0x123456789abcdef0, 0x0f1e2d3c4b5a6978)
    TEST_RR_DEST_IS_SRC2(26, mulh, 0x0066cd339a5611cd, 0xfedcba9876543210, 0xa5a5a5a55a5a5a5a)
    TEST_RR_SAME_SRC(27, mulh, 0x00014b66dc33f6ac, 0xfedcba9876543210)

    TEST_RR_OP(28, mulhsu, 0, 0, -1)
    TEST_RR_OP(29, mulhsu, 0, 1, -1)
    TEST_RR_OP(30, mulhsu, -1, -1, -1)
    TEST_RR_OP(31, mulhsu, -1, -1, 1)
    TEST_RR_OP(32, mulhsu, 0x8000000000000000, 0x8000000000000000, -1)
    TEST_RR_OP(33, mulhsu, 0x7ffffffffffffffe, 0x7fffffffffffffff, -1)
    TEST_RR_OP(34, mulhsu, 1, 2, 0x8000000000000000)
    TEST_RR_OP(35, mulhsu, -1, -2, 0x8000000000000000)
    TEST_RR_OP(36, mulhsu, 0x121fa00ad77d7422, 0x123456789abcdef0, 0xfedcba9876543210)
    TEST_RR_OP(37, mulhsu, 0xff4387cc10aa43dd, 0xfedcba9876543210, 0xa5a5a5a55a5a5a5a)
    TEST_RR_DEST_IS_SRC1(38, mulhsu, 0xffeecc9954ff9921, 0xfedcba9876543210, 0x0f1e2d3c4b5a6978)
    TEST_RR_DEST_IS_SRC2(39, mulhsu, 0xff4387cc10aa43dd, 0xfedcba9876543210, 0xa5a5a5a55a5a5a5a)
    TEST_RR_SAME_SRC(40, mulhsu, 0xfede05ff528828bc, 0xfedcba9876543210)

    TEST_RR_OP(41, mulhu, 0, 0, -1)
    TEST_RR_OP(42, mulhu, -2, -1, -1)
    TEST_RR_OP(43, mulhu, 0, -1, 1)
    TEST_RR_OP(44, mulhu, 1, 0x8000000000000000, 2)
    TEST_RR_OP(45, mulhu, 1, 0x0000000100000000, 0x0000000100000000)
    TEST_RR_OP(46, mulhu, 0x4000000000000000, 0x8000000000000000, 0x8000000000000000)
    TEST_RR_OP(47, mulhu, 0x121fa00ad77d7422, 0x123456789abcdef0, 0xfedcba9876543210)
    TEST_RR_OP(48, mulhu, 0x09c83b633b5ecd87, 0x0f1e2d3c4b5a6978, 0xa5a5a5a55a5a5a5a)
    TEST_RR_DEST_IS_SRC1(49, mulhu, 0x0f0cf9d5a05a0299, 0xfedcba9876543210, 0x0f1e2d3c4b5a6978)
    TEST_RR_DEST_IS_SRC2(50, mulhu, 0xa4e92d716b049e37, 0xfedcba9876543210, 0xa5a5a5a55a5a5a5a)
    TEST_RR_SAME_SRC(51, mulhu, 0xfdbac097c8dc5acc, 0xfedcba9876543210)

    TEST_RR_OP(52, mulw, -2, 0x000000007fffffff, 2)
    TEST_RR_OP(53, mulw, 15, 0x1234567800000003, 0xabcdef0000000005)
    TEST_RR_OP(54, mulw, 0, 0x0000000000010000, 0x0000000000010000)
    TEST_RR_OP(55, mulw, 0xffffffff80000000, 0x8000, 0x0000000000010000)
    TEST_RR_OP(56, mulw, 1, -1, -1)
    TEST_RR_OP(57, mulw, 1, 0x000000007fffffff, 0x000000007fffffff)
    TEST_RR_OP(58, mulw, -21, -3, 7)
    TEST_RR_OP(59, mulw, -1, 0x00000000ffffffff, 1)
    TEST_RR_OP(60, mulw, 0x000000005618cf00, 0x123456789abcdef0, 0xfedcba9876543210)
    TEST_RR_OP(61, mulw, 0xffffffff8b0d4430, 0x0f1e2d3c4b5a6978, 0xa5a5a5a55a5a5a5a)
    TEST_RR_DEST_IS_SRC1(62, mulw, 0xffffffffb058f080, 0x123456789abcdef0, 0x0f1e2d3c4b5a6978)
    TEST_RR_DEST_IS_SRC2(63, mulw, 0x000000006cd339a0, 0xfedcba9876543210, 0xa5a5a5a55a5a5a5a)
    TEST_RR_SAME_SRC(64, mulw, 0x0000000000020001, 0x0000000000010001)

    RVTEST_PASS
RVTEST_CODE_END
