/* The C wrappers of xbgas.h in a picolibc program. Every PE checks every load, store and atomic
 * wrapper against its neighbours (a mismatch prints a FAIL line and makes the exit status 1),
 * then prints a few lines whose exact text CMake expects for the given number of PEs:
 *
 *     PE p of N: symmetric region at 0x..., S bytes
 *     PE p: PE n holds -(100 + n)                           n = the next PE
 *     PE p: PE q wrote 7000 + q                             q = the previous PE
 *     PE 0: sum of PE numbers plus one: N(N+1)/2
 *     PE 0: elr/esc increments: 100 N
 *     PE 0: signed word maximum: M, unsigned word minimum: U
 *     PE p: all checks passed
 *
 * where PE p offers the word signed_offer(p) = -(p + 1) for even p and p for odd p to an
 * eamomax.w and an eamominu.w on PE 0, so that the signed and the unsigned orders disagree. */
#include "xbgas.h"

#include <stdint.h>
#include <stdio.h>

#define LRSC_INCREMENTS 100

/* The barrier's shared words sit at the start of the symmetric region, which picolibc's start-up
 * code leaves alone: it clears .bss and copies .data on every PE, and would wipe an arrival that
 * a faster PE had already made there. The other data below is only touched remotely after the
 * first barrier, when every PE is past its start-up code. */
struct barrier_words {
    volatile uint64_t arrivals;
    volatile uint64_t release;
};

static uint64_t barrier_epoch;

/* Symmetric: every PE has these at the same address. */

static int64_t offered[4];
static uint64_t inbox[6];
static uint64_t atomic_slot[2];
static uint64_t sum_of_pe_numbers;
static uint64_t lrsc_counter;
static uint64_t saved_extended_register;
static uint32_t word_extremes[2] = {0x80000000u, 0xffffffffu};

static int failures;

static void check(const char* what, uint64_t got, uint64_t expected) {
    if (got != expected) {
        printf("FAIL: %s: 0x%llx, expected 0x%llx\n", what, (unsigned long long)got,
               (unsigned long long)expected);
        ++failures;
    }
}

/* PE 0 counts arrivals; the others wait for its release, as in the assembly tests' barrier. */
static void barrier(uint64_t pe, uint64_t pes) {
    struct barrier_words* const words = (struct barrier_words*)xb_symmetric_base();
    xb_fence();
    const uint64_t epoch = ++barrier_epoch;
    xb_eamoadd_d(xb_object_of_pe(0), (void*)&words->arrivals, 1);
    if (pe == 0) {
        while (words->arrivals < epoch * pes) {
        }
        for (uint64_t target = 0; target < pes; ++target) {
            xb_esd(xb_object_of_pe(target), (void*)&words->release, epoch);
        }
        xb_fence();
    }
    while (words->release < epoch) {
    }
    xb_fence();
}

static int64_t signed_offer(uint64_t pe) {
    return pe % 2 == 0 ? -(int64_t)(pe + 1) : (int64_t)pe;
}

static int64_t offered_value(uint64_t pe) {
    return -(int64_t)(100 + pe);
}

static void check_loads(uint64_t next) {
    const uint64_t object = xb_object_of_pe(next);
    const int64_t value = offered_value(next);
    const uint64_t raw = (uint64_t)value;
    check("elb", (uint64_t)xb_elb(object, &offered[0]), (uint64_t)(int64_t)(int8_t)raw);
    check("elh", (uint64_t)xb_elh(object, &offered[0]), (uint64_t)(int64_t)(int16_t)raw);
    check("elw", (uint64_t)xb_elw(object, &offered[0]), (uint64_t)(int64_t)(int32_t)raw);
    check("eld", xb_eld(object, &offered[0]), raw);
    check("elbu", xb_elbu(object, &offered[0]), (uint8_t)raw);
    check("elhu", xb_elhu(object, &offered[0]), (uint16_t)raw);
    check("erlb", (uint64_t)xb_erlb(object, &offered[0]), (uint64_t)(int64_t)(int8_t)raw);
    check("erlh", (uint64_t)xb_erlh(object, &offered[0]), (uint64_t)(int64_t)(int16_t)raw);
    check("erlw", (uint64_t)xb_erlw(object, &offered[0]), (uint64_t)(int64_t)(int32_t)raw);
    check("erld", xb_erld(object, &offered[0]), raw);
    check("erlbu", xb_erlbu(object, &offered[0]), (uint8_t)raw);
    check("erlhu", xb_erlhu(object, &offered[0]), (uint16_t)raw);
    check("erle", xb_erle(object, &offered[0]), raw);
    /* offered[1] is positive: no sign to extend */
    check("elw positive", (uint64_t)xb_elw(object, &offered[1]), 0x7edcba98);
    check("elb of byte 1", (uint64_t)xb_elb(object, (const char*)&offered[1] + 1),
          0xffffffffffffffba);
}

/* Into the next PE's inbox: 0 by esd, 1 by esw + esh + esb, 2 by ersd, 3 by ersw + ersh + ersb,
 * 4 by erse; 5 stays zero. */
static void store_into(uint64_t next, uint64_t pe) {
    const uint64_t object = xb_object_of_pe(next);
    const uint64_t value = 7000 + pe;
    xb_esd(object, &inbox[0], value);
    xb_esw(object, (char*)&inbox[1] + 4, 0xaabbccdd11223344ull);
    xb_esh(object, (char*)&inbox[1] + 2, 0x5566);
    xb_esb(object, (char*)&inbox[1] + 1, 0x177);
    xb_ersd(object, &inbox[2], value);
    xb_ersw(object, (char*)&inbox[3] + 4, 0xaabbccdd11223344ull);
    xb_ersh(object, (char*)&inbox[3] + 2, 0x5566);
    xb_ersb(object, (char*)&inbox[3] + 1, 0x177);
    xb_erse(object, &inbox[4], ~value);
}

static void check_inbox(uint64_t previous) {
    const uint64_t value = 7000 + previous;
    check("esd", inbox[0], value);
    check("esw/esh/esb", inbox[1], 0x1122334455667700);
    check("ersd", inbox[2], value);
    check("ersw/ersh/ersb", inbox[3], 0x1122334455667700);
    check("erse", inbox[4], ~value);
    check("untouched", inbox[5], 0);
}

/* On this PE's own slot in the next PE (nobody else touches it). */
static void check_atomics(uint64_t next, uint64_t pe) {
    const uint64_t object = xb_object_of_pe(next);
    void* slot = &atomic_slot[0];
    void* word = &atomic_slot[1];
    xb_eamoswap_d(object, slot, 0xf0);
    check("eamoadd.d", xb_eamoadd_d(object, slot, 0x0f), 0xf0);
    check("eamoxor.d", xb_eamoxor_d(object, slot, 0xff), 0xff);
    check("eamoor.d", xb_eamoor_d(object, slot, 0x8000000000000000), 0);
    check("eamoand.d", xb_eamoand_d(object, slot, 0x8000000000000001), 0x8000000000000000);
    check("eamomin.d", xb_eamomin_d(object, slot, 1), 0x8000000000000000);
    check("eamomax.d", xb_eamomax_d(object, slot, 5), 0x8000000000000000);
    check("eamominu.d", xb_eamominu_d(object, slot, 7), 5);
    check("eamomaxu.d", xb_eamomaxu_d(object, slot, pe), 5);
    check("eamoswap.d", xb_eamoswap_d(object, slot, 0), pe > 5 ? pe : 5);

    xb_eamoswap_w(object, word, 0x7fffffff);
    check("eamoadd.w", (uint64_t)xb_eamoadd_w(object, word, 1), 0x7fffffff);
    check("eamoxor.w", (uint64_t)xb_eamoxor_w(object, word, 0xf), 0xffffffff80000000);
    check("eamoor.w", (uint64_t)xb_eamoor_w(object, word, 0x10), 0xffffffff8000000f);
    check("eamoand.w", (uint64_t)xb_eamoand_w(object, word, 0x1f), 0xffffffff8000001f);
    check("eamomin.w", (uint64_t)xb_eamomin_w(object, word, 0xffffffff), 0x1f);
    check("eamomax.w", (uint64_t)xb_eamomax_w(object, word, 0xfffffffe), 0xffffffffffffffff);
    check("eamominu.w", (uint64_t)xb_eamominu_w(object, word, 2), 0xffffffffffffffff);
    check("eamomaxu.w", (uint64_t)xb_eamomaxu_w(object, word, 1), 2);
    check("word then", xb_eld(object, word), 2);

    check("elr.w", (uint64_t)xb_elr_w(object, word), 2);
    check("esc.w", xb_esc_w(object, word, 0xffffffff), 0);
    check("elr.d", xb_elr_d(object, word), 0xffffffff);
    check("esc.d", xb_esc_d(object, word, 3), 0);
    check("esc.d again", xb_esc_d(object, word, 4) != 0, 1);
    check("word at last", xb_eld(object, word), 3);

    xb_ese(&saved_extended_register, 0x1234);
    check("ese", saved_extended_register, 0x1234);
    saved_extended_register = 0x5678;
    check("ele", xb_ele(&saved_extended_register), 0x5678);
}

static void count_in(uint64_t pe) {
    const uint64_t pe0 = xb_object_of_pe(0);
    xb_eamoadd_d(pe0, &sum_of_pe_numbers, pe + 1);
    xb_eamomax_w(pe0, &word_extremes[0], (uint64_t)signed_offer(pe));
    xb_eamominu_w(pe0, &word_extremes[1], (uint64_t)signed_offer(pe));
    for (int increment = 0; increment < LRSC_INCREMENTS; ++increment) {
        uint64_t old;
        do {
            old = xb_elr_d(pe0, &lrsc_counter);
        } while (xb_esc_d(pe0, &lrsc_counter, old + 1) != 0);
    }
}

int main(void) {
    const uint64_t pe = xb_pe_id();
    const uint64_t pes = xb_pe_count();
    const uint64_t next = (pe + 1) % pes;
    const uint64_t previous = (pe + pes - 1) % pes;

    offered[0] = offered_value(pe);
    offered[1] = 0x7edcba98;
    barrier(pe, pes);

    check_loads(next);
    store_into(next, pe);
    count_in(pe);
    barrier(pe, pes);

    check_inbox(previous);
    check_atomics(next, pe);
    const int64_t next_value = (int64_t)xb_eld(xb_object_of_pe(next), &offered[0]);
    barrier(pe, pes);

    printf("PE %llu of %llu: symmetric region at 0x%llx, %llu bytes\n", (unsigned long long)pe,
           (unsigned long long)pes, (unsigned long long)xb_symmetric_base(),
           (unsigned long long)xb_symmetric_size());
    printf("PE %llu: PE %llu holds %lld\n", (unsigned long long)pe, (unsigned long long)next,
           (long long)next_value);
    printf("PE %llu: PE %llu wrote %llu\n", (unsigned long long)pe, (unsigned long long)previous,
           (unsigned long long)inbox[0]);
    if (pe == 0) {
        printf("PE 0: sum of PE numbers plus one: %llu\n", (unsigned long long)sum_of_pe_numbers);
        printf("PE 0: elr/esc increments: %llu\n", (unsigned long long)lrsc_counter);
        printf("PE 0: signed word maximum: %d, unsigned word minimum: %u\n",
               (int)(int32_t)word_extremes[0], (unsigned)word_extremes[1]);
    }
    if (failures == 0) {
        printf("PE %llu: all checks passed\n", (unsigned long long)pe);
    }
    return failures == 0 ? 0 : 1;
}
