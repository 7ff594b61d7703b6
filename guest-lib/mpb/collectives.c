/* Broadcast and reduce along binomial trees over ranks relative to the root (the PIMP library's
 * algorithms, so that the two libraries differ in their transport alone), allreduce by
 * recursive doubling or by reduce and broadcast, and alltoall by pairwise exchange. Of two
 * values the one from the lower rank is always the left operand, so results do not depend on
 * timing and allreduce gives every node the same bits. */
#include "mpb_internal.h"

static int rank_of(int node, int root) {
    return (node - root + mpb_state.nodes) % mpb_state.nodes;
}

static int node_of(int rank, int root) {
    return (rank + root) % mpb_state.nodes;
}

/* The lowest set bit of rank; for rank 0 the first power of two not below the node count. */
static int lowest_bit(int rank) {
    int bit = 1;
    while (bit < mpb_state.nodes && (rank & bit) == 0) {
        bit <<= 1;
    }
    return bit;
}

void mpb_broadcast(void* buffer, size_t bytes, int root) {
    mpb_check_node("mpb_broadcast", root);
    const int rank = rank_of(mpb_state.me, root);
    const int bit = lowest_bit(rank);
    if (rank != 0) {
        mpb_receive(node_of(rank - bit, root), buffer, bytes);
    }
    for (int child = bit >> 1; child > 0; child >>= 1) {
        if (rank + child < mpb_state.nodes) {
            mpb_send(node_of(rank + child, root), buffer, bytes);
        }
    }
}

static size_t type_size(enum mpb_type type, const char* routine) {
    switch (type) {
    case MPB_LONG:
    case MPB_UNSIGNED_LONG:
    case MPB_DOUBLE:
        return 8;
    }
    mpb_fail("%s: %d is not an mpb_type", routine, (int)type);
}

#define COMBINE(TYPE)                                                                              \
    do {                                                                                           \
        TYPE* a = left;                                                                            \
        const TYPE* b = right;                                                                     \
        for (size_t i = 0; i < count; ++i) {                                                       \
            switch (operation) {                                                                   \
            case MPB_SUM:                                                                          \
                a[i] = a[i] + b[i];                                                                \
                break;                                                                             \
            case MPB_MIN:                                                                          \
                a[i] = b[i] < a[i] ? b[i] : a[i];                                                  \
                break;                                                                             \
            case MPB_MAX:                                                                          \
                a[i] = b[i] > a[i] ? b[i] : a[i];                                                  \
                break;                                                                             \
            }                                                                                      \
        }                                                                                          \
    } while (0)

/* left = left OP right, element by element. */
static void combine(void* left, const void* right, size_t count, enum mpb_type type,
                    enum mpb_operation operation) {
    switch (type) {
    case MPB_LONG:
        COMBINE(int64_t);
        break;
    case MPB_UNSIGNED_LONG:
        COMBINE(uint64_t);
        break;
    case MPB_DOUBLE:
        COMBINE(double);
        break;
    }
}

/* right = left OP right, for a left operand from a lower rank. */
static void combine_into_right(const void* left, void* right, void* spare, size_t bytes,
                               size_t count, enum mpb_type type, enum mpb_operation operation) {
    mpb_copy(spare, left, bytes);
    combine(spare, right, count, type, operation);
    mpb_copy(right, spare, bytes);
}

static void check_operation(enum mpb_operation operation, const char* routine) {
    if (operation != MPB_SUM && operation != MPB_MIN && operation != MPB_MAX) {
        mpb_fail("%s: %d is not an mpb_operation", routine, (int)operation);
    }
}

/* Private room for two operands and a spare of `bytes` each. */
struct operands {
    unsigned char* accumulator;
    unsigned char* received;
    unsigned char* spare;
};

static struct operands operands_for(size_t bytes, const char* routine) {
    unsigned char* block = mpb_scratch(3 * bytes, routine);
    return (struct operands){block, block + bytes, block + 2 * bytes};
}

void mpb_reduce(void* dest, const void* src, size_t count, enum mpb_type type,
                enum mpb_operation operation, int root) {
    static const char routine[] = "mpb_reduce";
    mpb_check_node(routine, root);
    check_operation(operation, routine);
    const size_t bytes = count * type_size(type, routine);
    const struct operands o = operands_for(bytes, routine);
    mpb_copy(o.accumulator, src, bytes);
    const int rank = rank_of(mpb_state.me, root);
    /* Rank r takes the values of r + 1, r + 2, r + 4... below its lowest set bit, which always
     * come from higher ranks, then hands its result to r minus that bit. */
    for (int bit = 1; bit < mpb_state.nodes; bit <<= 1) {
        if ((rank & bit) != 0) {
            mpb_send(node_of(rank - bit, root), o.accumulator, bytes);
            break;
        }
        if (rank + bit < mpb_state.nodes) {
            mpb_receive(node_of(rank + bit, root), o.received, bytes);
            combine(o.accumulator, o.received, count, type, operation);
        }
    }
    if (rank == 0) {
        mpb_copy(dest, o.accumulator, bytes);
    }
}

void mpb_allreduce(void* dest, const void* src, size_t count, enum mpb_type type,
                   enum mpb_operation operation) {
    static const char routine[] = "mpb_allreduce";
    mpb_check_node(routine, 0);
    check_operation(operation, routine);
    const size_t bytes = count * type_size(type, routine);
    const struct operands o = operands_for(bytes, routine);
    mpb_copy(o.accumulator, src, bytes);
    const int me = mpb_state.me;
    int power = 1;
    while (power * 2 <= mpb_state.nodes) {
        power *= 2;
    }
    const int extra = mpb_state.nodes - power;
    if (me >= power) {
        mpb_send(me - power, o.accumulator, bytes);
        mpb_receive(me - power, o.accumulator, bytes);
    } else {
        if (me < extra) {
            mpb_receive(me + power, o.received, bytes);
            combine(o.accumulator, o.received, count, type, operation);
        }
        for (int mask = 1; mask < power; mask <<= 1) {
            const int partner = me ^ mask;
            mpb_send_receive(partner, o.accumulator, partner, o.received, bytes);
            if (partner < me) {
                combine_into_right(o.received, o.accumulator, o.spare, bytes, count, type,
                                   operation);
            } else {
                combine(o.accumulator, o.received, count, type, operation);
            }
        }
        if (me < extra) {
            mpb_send(me + power, o.accumulator, bytes);
        }
    }
    mpb_copy(dest, o.accumulator, bytes);
}

void mpb_allreduce_reduce_broadcast(void* dest, const void* src, size_t count, enum mpb_type type,
                                    enum mpb_operation operation) {
    mpb_reduce(dest, src, count, type, operation, 0);
    mpb_broadcast(dest, count * type_size(type, "mpb_allreduce_reduce_broadcast"), 0);
}

void mpb_alltoall(void* dest, const void* src, size_t bytes) {
    mpb_check_node("mpb_alltoall", 0);
    const int me = mpb_state.me;
    const int nodes = mpb_state.nodes;
    unsigned char* to = dest;
    const unsigned char* from = src;
    mpb_copy(to + (size_t)me * bytes, from + (size_t)me * bytes, bytes);
    /* Round k: to the node k places up, from the node k places down. */
    for (int k = 1; k < nodes; ++k) {
        const int up = (me + k) % nodes;
        const int down = (me - k + nodes) % nodes;
        mpb_send_receive(up, from + (size_t)up * bytes, down, to + (size_t)down * bytes, bytes);
    }
}
