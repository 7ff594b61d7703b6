/* Reductions: reduce along a binomial tree, allreduce by recursive doubling or by reduce and
 * broadcast. Each node combines the values it gets in an order fixed by the node count and root
 * alone, and of two values the one from the lower rank (or node) is always the left operand,
 * so results do not depend on timing, and allreduce gives every node the same bits. */
#include "../xbrtime/reduction_operators.h"
#include "pimp_internal.h"

typedef void combine_function(void* accumulator, const void* operand, size_t count);

#define DEFINE_COMBINE(TYPENAME, TYPE, OP, OPERATOR)                                               \
    XBRTIME_DEFINE_COMBINE(combine_##TYPENAME##_##OP, TYPE, OPERATOR)
XBRTIME_FOR_EACH_INTEGER_REDUCTION(DEFINE_COMBINE, int, int32_t, product)
XBRTIME_FOR_EACH_INTEGER_REDUCTION(DEFINE_COMBINE, unsigned, uint32_t, product)
XBRTIME_FOR_EACH_INTEGER_REDUCTION(DEFINE_COMBINE, long, int64_t, product)
XBRTIME_FOR_EACH_INTEGER_REDUCTION(DEFINE_COMBINE, unsigned_long, uint64_t, product)
XBRTIME_FOR_EACH_FLOATING_REDUCTION(DEFINE_COMBINE, float, float, product)
XBRTIME_FOR_EACH_FLOATING_REDUCTION(DEFINE_COMBINE, double, double, product)
#undef DEFINE_COMBINE

#define INTEGER_ROW(TYPENAME)                                                                      \
    {                                                                                              \
        combine_##TYPENAME##_sum, combine_##TYPENAME##_product, combine_##TYPENAME##_min,          \
            combine_##TYPENAME##_max, combine_##TYPENAME##_and, combine_##TYPENAME##_or,           \
            combine_##TYPENAME##_xor                                                               \
    }
#define FLOATING_ROW(TYPENAME)                                                                     \
    {                                                                                              \
        combine_##TYPENAME##_sum, combine_##TYPENAME##_product, combine_##TYPENAME##_min,          \
            combine_##TYPENAME##_max, NULL, NULL, NULL                                             \
    }

static combine_function* const combine_functions[PIMP_TYPE_COUNT][PIMP_OPERATION_COUNT] = {
    [PIMP_INT] = INTEGER_ROW(int),      [PIMP_UNSIGNED] = INTEGER_ROW(unsigned),
    [PIMP_LONG] = INTEGER_ROW(long),    [PIMP_UNSIGNED_LONG] = INTEGER_ROW(unsigned_long),
    [PIMP_FLOAT] = FLOATING_ROW(float), [PIMP_DOUBLE] = FLOATING_ROW(double),
};

static const size_t type_sizes[PIMP_TYPE_COUNT] = {
    [PIMP_INT] = sizeof(int32_t),  [PIMP_UNSIGNED] = sizeof(uint32_t),
    [PIMP_LONG] = sizeof(int64_t), [PIMP_UNSIGNED_LONG] = sizeof(uint64_t),
    [PIMP_FLOAT] = sizeof(float),  [PIMP_DOUBLE] = sizeof(double),
};

size_t pimp_type_size(enum pimp_type type) {
    if ((unsigned)type >= PIMP_TYPE_COUNT) {
        pimp_fail("pimp_type_size: %d is not a pimp_type", (int)type);
    }
    return type_sizes[type];
}

static combine_function* combine_for(const char* routine, enum pimp_type type,
                                     enum pimp_operation operation) {
    if ((unsigned)type >= PIMP_TYPE_COUNT) {
        pimp_fail("%s: %d is not a pimp_type", routine, (int)type);
    }
    if ((unsigned)operation >= PIMP_OPERATION_COUNT) {
        pimp_fail("%s: %d is not a pimp_operation", routine, (int)operation);
    }
    combine_function* combine = combine_functions[type][operation];
    if (combine == NULL) {
        pimp_fail("%s: AND, OR and XOR are for integer types, not floating ones", routine);
    }
    return combine;
}

/* The combination of every node's src in the rank-0 node's dest. Rank r gets the partial
 * results of r + 1, r + 2, r + 4... below its lowest set bit, combines them in that order into
 * its own src, and sends the result to r minus that bit. */
static void reduce_to_root(const char* routine, void* dest, const void* src, size_t count,
                           combine_function* combine, size_t bytes, int root) {
    const int nodes = pimp_state.nodes;
    const int rank = pimp_rank_from_root(root);
    size_t children = 0;
    int bit = 1;
    for (; bit < nodes && (rank & bit) == 0; bit <<= 1) {
        children += rank + bit < nodes;
    }
    /* The parts of the children, then (but on the root) the accumulator. */
    unsigned char* scratch = pimp_scratch((children + (rank != 0)) * bytes);
    void* accumulator = rank == 0 ? dest : scratch + children * bytes;
    pimp_copy(accumulator, src, bytes);
    pimp_request* requests = pimp_state.collective_requests;
    for (size_t child = 0; child < children; ++child) {
        pimp_post_receive(PIMP_CHANNEL_COLLECTIVE, pimp_node_of_rank(rank + (1 << child), root),
                          scratch + child * bytes, bytes, &requests[child]);
    }
    for (size_t child = 0; child < children; ++child) {
        pimp_collective_wait(routine, &requests[child], bytes);
        combine(accumulator, scratch + child * bytes, count);
    }
    if (rank != 0) {
        pimp_send_on(PIMP_CHANNEL_COLLECTIVE, pimp_node_of_rank(rank - bit, root), accumulator,
                     bytes);
    }
}

void pimp_reduce(void* dest, const void* src, size_t count, enum pimp_type type,
                 enum pimp_operation operation, int root) {
    static const char routine[] = "pimp_reduce";
    pimp_collective_begin(routine, root);
    combine_function* combine = combine_for(routine, type, operation);
    reduce_to_root(routine, dest, src, count, combine, count * type_sizes[type], root);
}

void pimp_allreduce_reduce_broadcast(void* dest, const void* src, size_t count, enum pimp_type type,
                                     enum pimp_operation operation) {
    static const char routine[] = "pimp_allreduce_reduce_broadcast";
    pimp_collective_begin(routine, 0);
    combine_function* combine = combine_for(routine, type, operation);
    const size_t bytes = count * type_sizes[type];
    reduce_to_root(routine, dest, src, count, combine, bytes, 0);
    pimp_broadcast(dest, bytes, 0);
}

/* Sends mine to partner and receives theirs into other, then leaves in mine the combination
 * with the lower node's value on the left; mine and other may trade places. */
static void exchange_and_combine(const char* routine, int partner, void** mine, void** other,
                                 size_t count, combine_function* combine, size_t bytes) {
    pimp_request request;
    pimp_post_receive(PIMP_CHANNEL_COLLECTIVE, partner, *other, bytes, &request);
    pimp_send_on(PIMP_CHANNEL_COLLECTIVE, partner, *mine, bytes);
    pimp_collective_wait(routine, &request, bytes);
    if (partner < pimp_state.me) {
        combine(*other, *mine, count);
        void* swap = *mine;
        *mine = *other;
        *other = swap;
    } else {
        combine(*mine, *other, count);
    }
}

/* Recursive doubling over the largest power of two of nodes, p. Of the first 2 * (nodes - p)
 * nodes, each even one hands its value to the odd one above, which takes part for both, and
 * gets the result back at the end; the others take part as themselves. In the round of bit b,
 * participant i exchanges its partial result with participant i ^ b. */
void pimp_allreduce(void* dest, const void* src, size_t count, enum pimp_type type,
                    enum pimp_operation operation) {
    static const char routine[] = "pimp_allreduce";
    pimp_collective_begin(routine, 0);
    combine_function* combine = combine_for(routine, type, operation);
    const size_t bytes = count * type_sizes[type];
    const int nodes = pimp_state.nodes;
    const int me = pimp_state.me;
    int power = 1;
    while (power * 2 <= nodes) {
        power *= 2;
    }
    const int paired = 2 * (nodes - power);
    pimp_copy(dest, src, bytes);
    void* mine = dest;
    void* other = pimp_scratch(bytes);
    if (me < paired && me % 2 == 0) {
        pimp_send_on(PIMP_CHANNEL_COLLECTIVE, me + 1, dest, bytes);
        pimp_collective_receive(routine, me + 1, dest, bytes);
        return;
    }
    if (me < paired) {
        pimp_collective_receive(routine, me - 1, other, bytes);
        combine(other, mine, count);
        mine = other;
        other = dest;
    }
    const int participant = me < paired ? me / 2 : me - paired / 2;
    for (int bit = 1; bit < power; bit <<= 1) {
        const int partner_participant = participant ^ bit;
        const int partner = partner_participant < paired / 2 ? 2 * partner_participant + 1
                                                             : partner_participant + paired / 2;
        exchange_and_combine(routine, partner, &mine, &other, count, combine, bytes);
    }
    if (mine != dest) {
        pimp_copy(dest, mine, bytes);
    }
    if (me < paired) {
        pimp_send_on(PIMP_CHANNEL_COLLECTIVE, me - 1, dest, bytes);
    }
}
