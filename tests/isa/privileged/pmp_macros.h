/* Helpers shared by the PMP tests, on top of priv_macros.h. */
/* Macros for assembly files, laid out by hand. */
/* clang-format off */
#ifndef XBEMU_PMP_MACROS_H
#define XBEMU_PMP_MACROS_H

#include "priv_macros.h"

#define PMP_R 0x01
#define PMP_W 0x02
#define PMP_X 0x04
#define PMP_TOR 0x08
#define PMP_NA4 0x10
#define PMP_NAPOT 0x18
#define PMP_L 0x80
#define PMP_RWX (PMP_R | PMP_W | PMP_X)

/* pmpaddr for the naturally aligned `size`-byte region at `label` (size a power of two, 8+). */
#define NAPOT_ADDRESS(reg, label, size) \
    la reg, label;                      \
    srli reg, reg, 2;                   \
    ori reg, reg, ((size) / 8 - 1)

/* Entry 0 as `config0` over pmpaddr0 = reg0, entry 1 as NAPOT over everything with `config1`
 * (entry 1 is the fallback: the lower-numbered entry wins where both match). */
#define PROTECT_WITH_FALLBACK(config0, config1) \
    csrw pmpaddr0, a7;                           \
    li t0, -1;                                   \
    csrw pmpaddr1, t0;                           \
    li t0, (config0) | ((config1) << 8);         \
    csrw pmpcfg0, t0

#endif
