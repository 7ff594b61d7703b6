/* Teams: SHMEM_TEAM_WORLD, SHMEM_TEAM_SHARED, splits, queries and destruction.
 *
 * Every team's members are an arithmetic progression of world PEs, since the predefined teams
 * are and a split picks such a progression of its parent's members. Each team gets one slot of
 * a pool of pSync arrays in static (so symmetric) memory for its collectives. A slot must be
 * free on every member, and members of a split may belong to other teams that the rest of the
 * parent does not know about: so the parent's members agree on a slot by an AND reduction of
 * the masks of slots free on each, and take the lowest one free everywhere. Disjoint teams may
 * share a slot, as their members' pSync words are different memory. */
#include "../xbrtime/reduction_operators.h"
#include "shmem.h"
#include "shmem_internal.h"
#include "xbrtime.h"

#include <stdint.h>
#include <stdlib.h>

/* One bit per slot in a 64-bit mask, the top bit of an offer saying "my arguments are valid",
 * so that every member learns whether some member's were not. */
#define SLOT_COUNT 63
#define ARGUMENTS_VALID (UINT64_C(1) << SLOT_COUNT)
#define WORLD_SLOT 0
#define SHARED_SLOT 1

static long slot_pSync[SLOT_COUNT][SHMEM_SYNC_SIZE];
/* The slots in use by teams of this PE, and what it offers in an agreement; symmetric, because
 * the other members of the parent read the offer. */
static uint64_t slots_in_use;
static uint64_t offer;

struct shmem_internal_team shmem_internal_team_world;
struct shmem_internal_team shmem_internal_team_shared;

static struct shmem_internal_team describe_team(struct shmem_internal_set members, int slot,
                                                const shmem_team_config_t* config,
                                                long config_mask) {
    struct shmem_internal_team team = {members, slot_pSync[slot], slot, {0}, 0};
    if ((config_mask & SHMEM_TEAM_NUM_CONTEXTS) != 0) {
        team.config.num_contexts = config->num_contexts;
    }
    return team;
}

void shmem_internal_teams_start(void) {
    const int me = xbrtime_mype();
    const struct shmem_internal_set world = {0, 1, xbrtime_num_pes(), me};
    const struct shmem_internal_set shared = {me, 1, 1, 0};
    shmem_internal_team_world = describe_team(world, WORLD_SLOT, NULL, 0);
    shmem_internal_team_shared = describe_team(shared, SHARED_SLOT, NULL, 0);
    slots_in_use = UINT64_C(1) << WORLD_SLOT | UINT64_C(1) << SHARED_SLOT;
}

struct shmem_internal_team* shmem_internal_team_of(shmem_team_t team, const char* routine) {
    if (team == SHMEM_TEAM_INVALID) {
        shmem_internal_error("%s: the team is SHMEM_TEAM_INVALID", routine);
    }
    return team;
}

XBRTIME_DEFINE_COMBINE(combine_and, uint64_t, BITWISE_AND)

/* Collective over the parent: the lowest `count` (1 or 2) slots free on every member, in
 * slots[], when every member's arguments were valid; returns whether they were and the slots
 * exist. */
static int agree_on_slots(struct shmem_internal_team* parent, int valid, int count, int* slots) {
    offer = ~slots_in_use & (ARGUMENTS_VALID - 1);
    if (valid) {
        offer |= ARGUMENTS_VALID;
    }
    uint64_t agreed = 0;
    /* In order, between barriers: the new team's state is set up only after every member has
     * agreed. */
    shmem_internal_ordered_reduce(&parent->members, parent->pSync, &agreed, &offer, 1,
                                  sizeof agreed, combine_and, "shmem_team_split");
    if ((agreed & ARGUMENTS_VALID) == 0) {
        return 0;
    }
    for (int i = 0; i < count; ++i) {
        if ((agreed & (ARGUMENTS_VALID - 1)) == 0) {
            return 0;
        }
        slots[i] = __builtin_ctzll(agreed);
        agreed &= agreed - 1;
    }
    return 1;
}

static int valid_config(const shmem_team_config_t* config, long config_mask) {
    if ((config_mask & ~SHMEM_TEAM_NUM_CONTEXTS) != 0) {
        return 0;
    }
    return config_mask == 0 || (config != NULL && config->num_contexts >= 0);
}

/* The new team on a member, or SHMEM_TEAM_INVALID on the others. */
static shmem_team_t join(struct shmem_internal_set members, int slot,
                         const shmem_team_config_t* config, long config_mask) {
    members.me = shmem_internal_index_in(&members, xbrtime_mype());
    if (members.me < 0) {
        return SHMEM_TEAM_INVALID;
    }
    struct shmem_internal_team* team = malloc(sizeof *team);
    if (team == NULL) {
        shmem_internal_error("shmem_team_split: out of private memory");
    }
    *team = describe_team(members, slot, config, config_mask);
    slots_in_use |= UINT64_C(1) << slot;
    return team;
}

/* The world PEs of members start, start + stride, ... (size of them) of the parent. */
static struct shmem_internal_set subset(const struct shmem_internal_set* parent, int start,
                                        int stride, int size) {
    const struct shmem_internal_set members = {shmem_internal_pe_of(parent, start),
                                               stride * parent->stride, size, -1};
    return members;
}

int shmem_team_split_strided(shmem_team_t parent_team, int start, int stride, int size,
                             const shmem_team_config_t* config, long config_mask,
                             shmem_team_t* new_team) {
    *new_team = SHMEM_TEAM_INVALID;
    if (parent_team == SHMEM_TEAM_INVALID) {
        return -1;
    }
    struct shmem_internal_team* parent = parent_team;
    const long long last = start + (long long)stride * (size - 1);
    const int valid = size >= 1 && start >= 0 && start < parent->members.size && last >= 0 &&
                      last < parent->members.size && (stride != 0 || size == 1) &&
                      valid_config(config, config_mask);
    int slot = 0;
    if (!agree_on_slots(parent, valid, 1, &slot)) {
        return -1;
    }
    *new_team = join(subset(&parent->members, start, stride, size), slot, config, config_mask);
    return 0;
}

/* The parent's members as rows of xrange: each x-axis team is a row, each y-axis team a column,
 * and the last row may be short. */
int shmem_team_split_2d(shmem_team_t parent_team, int xrange,
                        const shmem_team_config_t* xaxis_config, long xaxis_mask,
                        shmem_team_t* xaxis_team, const shmem_team_config_t* yaxis_config,
                        long yaxis_mask, shmem_team_t* yaxis_team) {
    *xaxis_team = SHMEM_TEAM_INVALID;
    *yaxis_team = SHMEM_TEAM_INVALID;
    if (parent_team == SHMEM_TEAM_INVALID) {
        return -1;
    }
    struct shmem_internal_team* parent = parent_team;
    const int pes = parent->members.size;
    const int valid = xrange >= 1 && valid_config(xaxis_config, xaxis_mask) &&
                      valid_config(yaxis_config, yaxis_mask);
    int slots[2] = {0, 0};
    if (!agree_on_slots(parent, valid, 2, slots)) {
        return -1;
    }
    const int columns = xrange < pes ? xrange : pes;
    const int x = parent->members.me % columns;
    const int row_start = parent->members.me - x;
    const int row_size = pes - row_start < columns ? pes - row_start : columns;
    const int column_size = (pes - x + columns - 1) / columns;
    *xaxis_team =
        join(subset(&parent->members, row_start, 1, row_size), slots[0], xaxis_config, xaxis_mask);
    *yaxis_team =
        join(subset(&parent->members, x, columns, column_size), slots[1], yaxis_config, yaxis_mask);
    return 0;
}

void shmem_team_destroy(shmem_team_t team) {
    if (team == SHMEM_TEAM_INVALID) {
        return;
    }
    if (team == SHMEM_TEAM_WORLD || team == SHMEM_TEAM_SHARED) {
        shmem_internal_error("shmem_team_destroy: %s is predefined and cannot be destroyed",
                             team == SHMEM_TEAM_WORLD ? "SHMEM_TEAM_WORLD" : "SHMEM_TEAM_SHARED");
    }
    if (team->contexts != 0) {
        shmem_internal_error("shmem_team_destroy: the team still has %d contexts; destroy them "
                             "first",
                             team->contexts);
    }
    /* The slot's words are back at SHMEM_SYNC_VALUE: this member has left the team's last
     * collective, which every signal to it had to reach. */
    slots_in_use &= ~(UINT64_C(1) << team->slot);
    free(team);
}

int shmem_team_my_pe(shmem_team_t team) {
    return team == SHMEM_TEAM_INVALID ? -1 : team->members.me;
}

int shmem_team_n_pes(shmem_team_t team) {
    return team == SHMEM_TEAM_INVALID ? -1 : team->members.size;
}

int shmem_team_get_config(shmem_team_t team, long config_mask, shmem_team_config_t* config) {
    if (team == SHMEM_TEAM_INVALID || (config_mask & ~SHMEM_TEAM_NUM_CONTEXTS) != 0) {
        return -1;
    }
    if ((config_mask & SHMEM_TEAM_NUM_CONTEXTS) != 0) {
        config->num_contexts = team->config.num_contexts;
    }
    return 0;
}

int shmem_team_translate_pe(shmem_team_t src_team, int src_pe, shmem_team_t dest_team) {
    if (src_team == SHMEM_TEAM_INVALID || dest_team == SHMEM_TEAM_INVALID || src_pe < 0 ||
        src_pe >= src_team->members.size) {
        return -1;
    }
    return shmem_internal_index_in(&dest_team->members,
                                   shmem_internal_pe_of(&src_team->members, src_pe));
}

void* shmem_team_ptr(shmem_team_t team, const void* dest, int pe) {
    if (team == SHMEM_TEAM_INVALID || pe < 0 || pe >= team->members.size) {
        return NULL;
    }
    return shmem_ptr(dest, shmem_internal_pe_of(&team->members, pe));
}

int shmem_team_sync(shmem_team_t team) {
    if (team == SHMEM_TEAM_INVALID) {
        return -1;
    }
    shmem_internal_barrier(&team->members, team->pSync);
    return 0;
}
