/* Communication contexts. A context names a team, whose PE numbers its RMA and atomic
 * operations take; all contexts share the PE's ordering of remote stores, so quiet and fence on
 * one complete or order them all, which the standard allows. */
#include "shmem.h"
#include "shmem_internal.h"
#include "xbrtime.h"

#include <stdlib.h>

#define KNOWN_OPTIONS (SHMEM_CTX_SERIALIZED | SHMEM_CTX_PRIVATE | SHMEM_CTX_NOSTORE)

struct shmem_internal_context shmem_internal_context_default = {&shmem_internal_team_world, 0};

int shmem_internal_context_pe(shmem_ctx_t ctx, int pe, const char* routine) {
    if (ctx == SHMEM_CTX_DEFAULT) {
        return pe;
    }
    if (ctx == SHMEM_CTX_INVALID) {
        shmem_internal_error("%s: the context is SHMEM_CTX_INVALID", routine);
    }
    const struct shmem_internal_set* members = &ctx->team->members;
    if (pe < 0 || pe >= members->size) {
        shmem_internal_error("%s: PE %d is not in the context's team of %d PE%s", routine, pe,
                             members->size, members->size == 1 ? "" : "s");
    }
    return shmem_internal_pe_of(members, pe);
}

int shmem_team_create_ctx(shmem_team_t team, long options, shmem_ctx_t* ctx) {
    if (team == SHMEM_TEAM_INVALID) {
        *ctx = SHMEM_CTX_INVALID;
        return -1;
    }
    if ((options & ~KNOWN_OPTIONS) != 0) {
        return -1;
    }
    struct shmem_internal_context* context = malloc(sizeof *context);
    if (context == NULL) {
        return -1;
    }
    *context = (struct shmem_internal_context){team, options};
    ++team->contexts;
    *ctx = context;
    return 0;
}

int shmem_ctx_create(long options, shmem_ctx_t* ctx) {
    return shmem_team_create_ctx(SHMEM_TEAM_WORLD, options, ctx);
}

void shmem_ctx_destroy(shmem_ctx_t ctx) {
    if (ctx == SHMEM_CTX_INVALID) {
        return;
    }
    if (ctx == SHMEM_CTX_DEFAULT) {
        shmem_internal_error("shmem_ctx_destroy: SHMEM_CTX_DEFAULT cannot be destroyed");
    }
    /* Destroying a context completes its operations. */
    xbrtime_fence();
    --ctx->team->contexts;
    free(ctx);
}

int shmem_ctx_get_team(shmem_ctx_t ctx, shmem_team_t* team) {
    if (ctx == SHMEM_CTX_INVALID) {
        *team = SHMEM_TEAM_INVALID;
        return -1;
    }
    *team = ctx->team;
    return 0;
}

void shmem_ctx_quiet(shmem_ctx_t ctx) {
    (void)ctx;
    xbrtime_fence();
}

void shmem_ctx_fence(shmem_ctx_t ctx) {
    (void)ctx;
    xbrtime_fence();
}
