/* The inner loops of put and get (see runtime_state.h for their arguments):
 * a0 = dest, a1 = src, a2 = nelems, a3 = stride in bytes, a4 = object ID of the remote PE.
 *
 * The remote side's address lives in t0, so its extended register e5 carries the object ID for
 * the base-type remote loads and stores; t1 holds the local side. From 8 elements on, the loops
 * move 4 elements per iteration, the loads first so that a remote load's latency overlaps the
 * next ones. Puts are posted: the caller fences when it must wait for them. */
#include "xbgas.h"

#define LB(rd, address) lb rd, address
#define LH(rd, address) lh rd, address
#define LW(rd, address) lw rd, address
#define LD(rd, address) ld rd, address
#define SB(rs, address) sb rs, address
#define SH(rs, address) sh rs, address
#define SW(rs, address) sw rs, address
#define SD(rs, address) sd rs, address

#define BEGIN_ROUTINE(name)   \
    .globl name;              \
    .type name, @function;    \
    .balign 4;                \
name:                         \
    beqz a2, 3f;              \
    XB_EADDIE(5, a4, 0)

/* SETUP puts the remote address in t0 and the local one in t1; SRC and DST name the registers
 * read and written. */
#define TRANSFER_ROUTINE(name, SETUP, LOAD, STORE, SRC, DST) \
    BEGIN_ROUTINE(name);                                     \
    SETUP;                                                   \
    li t2, 8;                                                \
    bltu a2, t2, 2f;                                         \
    li t2, 4;                                                \
1:  LOAD(t3, 0(SRC));                                        \
    add SRC, SRC, a3;                                        \
    LOAD(t4, 0(SRC));                                        \
    add SRC, SRC, a3;                                        \
    LOAD(t5, 0(SRC));                                        \
    add SRC, SRC, a3;                                        \
    LOAD(t6, 0(SRC));                                        \
    add SRC, SRC, a3;                                        \
    STORE(t3, 0(DST));                                       \
    add DST, DST, a3;                                        \
    STORE(t4, 0(DST));                                       \
    add DST, DST, a3;                                        \
    STORE(t5, 0(DST));                                       \
    add DST, DST, a3;                                        \
    STORE(t6, 0(DST));                                       \
    add DST, DST, a3;                                        \
    addi a2, a2, -4;                                         \
    bgeu a2, t2, 1b;                                         \
2:  beqz a2, 3f;                                             \
    LOAD(t3, 0(SRC));                                        \
    STORE(t3, 0(DST));                                       \
    add SRC, SRC, a3;                                        \
    add DST, DST, a3;                                        \
    addi a2, a2, -1;                                         \
    j 2b;                                                    \
3:  ret;                                                     \
    .size name, . - name

/* 16-byte elements (long double) move as two doublewords each. */
#define TRANSFER_ROUTINE_16(name, SETUP, LOAD, STORE, SRC, DST) \
    BEGIN_ROUTINE(name);                                        \
    SETUP;                                                      \
2:  LOAD(t3, 0(SRC));                                           \
    LOAD(t4, 8(SRC));                                           \
    STORE(t3, 0(DST));                                          \
    STORE(t4, 8(DST));                                          \
    add SRC, SRC, a3;                                           \
    add DST, DST, a3;                                           \
    addi a2, a2, -1;                                            \
    bnez a2, 2b;                                                \
3:  ret;                                                        \
    .size name, . - name

#define PUT_SETUP mv t0, a0; mv t1, a1
#define GET_SETUP mv t0, a1; mv t1, a0

    .text
TRANSFER_ROUTINE(xbrtime_transfer_put_1, PUT_SETUP, LB, XB_ESB, t1, t0)
TRANSFER_ROUTINE(xbrtime_transfer_put_2, PUT_SETUP, LH, XB_ESH, t1, t0)
TRANSFER_ROUTINE(xbrtime_transfer_put_4, PUT_SETUP, LW, XB_ESW, t1, t0)
TRANSFER_ROUTINE(xbrtime_transfer_put_8, PUT_SETUP, LD, XB_ESD, t1, t0)
TRANSFER_ROUTINE_16(xbrtime_transfer_put_16, PUT_SETUP, LD, XB_ESD, t1, t0)
TRANSFER_ROUTINE(xbrtime_transfer_get_1, GET_SETUP, XB_ELB, SB, t0, t1)
TRANSFER_ROUTINE(xbrtime_transfer_get_2, GET_SETUP, XB_ELH, SH, t0, t1)
TRANSFER_ROUTINE(xbrtime_transfer_get_4, GET_SETUP, XB_ELW, SW, t0, t1)
TRANSFER_ROUTINE(xbrtime_transfer_get_8, GET_SETUP, XB_ELD, SD, t0, t1)
TRANSFER_ROUTINE_16(xbrtime_transfer_get_16, GET_SETUP, XB_ELD, SD, t0, t1)
