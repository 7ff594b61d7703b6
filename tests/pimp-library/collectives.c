/* The PIMP library's collectives on any node count: broadcast, scatter, gather and reduce from
 * every root, allgather, alltoall and both allreduce algorithms, each for sizes of 0 bytes, one
 * word, a partial word and longer than the receive FIFO; every type with every operation; a
 * floating sum that rounds, which must come out bit for bit the same on every node; barriers.
 * Results are compared with values this program computes itself, and bytes a call must not
 * write keep their sentinel.
 *
 * usage: collectives [all|small|timed] (all)
 *   small: sizes up to 13 bytes and counts up to 3 only (messages that never fill a FIFO);
 *   timed (for the cycle mode, where every node's cycle counter is the same simulated clock):
 *   all, and no node may leave a barrier before the last one entered it. */
#include "pimp_test.h"

#include <math.h>
#include <stdlib.h>

#define SENTINEL 0xc3
#define MARGIN 16

static const size_t sizes[] = {0, 8, 13, 200};
#define SIZE_COUNT (sizeof sizes / sizeof *sizes)
#define SMALL_SIZE_COUNT 3
#define LARGEST_SIZE 200
static const size_t counts[] = {0, 1, 3, 37};
#define COUNT_COUNT (sizeof counts / sizeof *counts)
#define SMALL_COUNT_COUNT 3
#define LARGEST_COUNT 37
#define SMALL_COUNT 3
#define ELEMENT_BYTES 8

static const char* const type_names[PIMP_TYPE_COUNT] = {"int",           "unsigned", "long",
                                                        "unsigned long", "float",    "double"};
static const char* const operation_names[PIMP_OPERATION_COUNT] = {"sum", "product", "min", "max",
                                                                  "and", "or",      "xor"};

/* How many of sizes and counts a run tests, and the count of every type and operation. */
static size_t size_count = SIZE_COUNT;
static size_t count_count = COUNT_COUNT;
static size_t type_count = LARGEST_COUNT;
static unsigned char* src;
static unsigned char* dest;
static unsigned char* expected;
/* Room for a block of the largest size per node, or the largest count of the largest type. */
#define LARGER(a, b) ((a) > (b) ? (a) : (b))
#define BUFFER_BYTES(node_count)                                                                   \
    (LARGER((size_t)(node_count)*LARGEST_SIZE, LARGEST_COUNT * ELEMENT_BYTES) + MARGIN)

static void fill_sentinel(unsigned char* buffer) {
    memset(buffer, SENTINEL, BUFFER_BYTES(nodes));
}

/* dest against `expected` over [0, bytes), and the sentinel after it. */
static void check_dest(const char* what, size_t bytes) {
    size_t first = bytes;
    for (size_t i = 0; i < bytes && first == bytes; ++i) {
        if (dest[i] != expected[i]) {
            first = i;
        }
    }
    check(first == bytes, "%s: byte %zu of %zu differs", what, first, bytes);
    check(bytes_hold(dest, bytes, bytes + MARGIN, SENTINEL), "%s: wrote past byte %zu", what,
          bytes);
}

static void check_untouched(const char* what) {
    check(bytes_hold(dest, 0, BUFFER_BYTES(nodes), SENTINEL), "%s: wrote dest on node %d", what,
          me);
}

static void test_rooted_data_movement(int root, size_t bytes, int test_case) {
    char what[80];
    /* broadcast: the root's message reaches every node. */
    snprintf(what, sizeof what, "broadcast of %zu bytes from %d", bytes, root);
    fill_sentinel(dest);
    if (me == root) {
        fill_message(dest, bytes, root, 0, test_case);
    }
    pimp_broadcast(dest, bytes, root);
    fill_message(expected, bytes, root, 0, test_case);
    check_dest(what, bytes);

    /* scatter: block i of the root's src, message (root, i), goes to node i. */
    snprintf(what, sizeof what, "scatter of %zu bytes from %d", bytes, root);
    fill_sentinel(dest);
    for (int node = 0; node < nodes; ++node) {
        fill_message(src + (size_t)node * bytes, bytes, root, node, test_case + 1);
    }
    pimp_scatter(dest, src, bytes, root);
    fill_message(expected, bytes, root, me, test_case + 1);
    check_dest(what, bytes);

    /* gather: node i's message (i, root) lands in block i of the root's dest. */
    snprintf(what, sizeof what, "gather of %zu bytes to %d", bytes, root);
    fill_sentinel(dest);
    fill_message(src, bytes, me, root, test_case + 2);
    pimp_gather(dest, src, bytes, root);
    if (me == root) {
        for (int node = 0; node < nodes; ++node) {
            fill_message(expected + (size_t)node * bytes, bytes, node, root, test_case + 2);
        }
        check_dest(what, (size_t)nodes * bytes);
    } else {
        check_untouched(what);
    }
}

static void test_exchanges(size_t bytes, int test_case) {
    char what[80];
    snprintf(what, sizeof what, "allgather of %zu bytes", bytes);
    fill_sentinel(dest);
    fill_message(src, bytes, me, 0, test_case);
    pimp_allgather(dest, src, bytes);
    for (int node = 0; node < nodes; ++node) {
        fill_message(expected + (size_t)node * bytes, bytes, node, 0, test_case);
    }
    check_dest(what, (size_t)nodes * bytes);

    snprintf(what, sizeof what, "alltoall of %zu bytes", bytes);
    fill_sentinel(dest);
    for (int node = 0; node < nodes; ++node) {
        fill_message(src + (size_t)node * bytes, bytes, me, node, test_case + 1);
    }
    pimp_alltoall(dest, src, bytes);
    for (int node = 0; node < nodes; ++node) {
        fill_message(expected + (size_t)node * bytes, bytes, node, me, test_case + 1);
    }
    check_dest(what, (size_t)nodes * bytes);
}

/* The reductions' values and expected results, computed here, apart from the library. Integer
 * values are large, so that sums and products wrap; floating ones are small integers (and
 * products of 1, 2 and -1), so that every result is exact whatever the order of operations. */
static uint64_t integer_value(int node, size_t i) {
    return ((uint64_t)node + 1) * UINT64_C(0x9e3779b97f4a7c15) ^ (uint64_t)(i + 1) * 0x100000001b3u;
}

static double floating_value(enum pimp_operation operation, int node, size_t i) {
    const int k = node * 7 + (int)i * 3;
    if (operation == PIMP_PRODUCT) {
        return (k % 3 == 0 ? 2.0 : 1.0) * (k % 5 == 0 ? -1.0 : 1.0);
    }
    return (double)(k % 23) - 11.5;
}

static int is_floating(enum pimp_type type) {
    return type == PIMP_FLOAT || type == PIMP_DOUBLE;
}

static int is_signed(enum pimp_type type) {
    return type == PIMP_INT || type == PIMP_LONG;
}

/* Integer elements as 64 bits: zero- or sign-extended as their type is; stored truncated. */
static uint64_t load_integer(enum pimp_type type, const void* element) {
    if (pimp_type_size(type) == 8) {
        uint64_t value;
        memcpy(&value, element, sizeof value);
        return value;
    }
    uint32_t value;
    memcpy(&value, element, sizeof value);
    return is_signed(type) ? (uint64_t)(int64_t)(int32_t)value : value;
}

static void store_integer(enum pimp_type type, uint64_t value, void* element) {
    memcpy(element, &value, pimp_type_size(type));
}

static double load_floating(enum pimp_type type, const void* element) {
    if (type == PIMP_FLOAT) {
        float value;
        memcpy(&value, element, sizeof value);
        return value;
    }
    double value;
    memcpy(&value, element, sizeof value);
    return value;
}

static void store_floating(enum pimp_type type, double value, void* element) {
    if (type == PIMP_FLOAT) {
        const float narrow = (float)value;
        memcpy(element, &narrow, sizeof narrow);
    } else {
        memcpy(element, &value, sizeof value);
    }
}

static void store_value(enum pimp_type type, enum pimp_operation operation, int node, size_t i,
                        void* element) {
    if (is_floating(type)) {
        store_floating(type, floating_value(operation, node, i), element);
    } else {
        store_integer(type, integer_value(node, i), element);
    }
}

/* 1 when a is below b as values of the type. */
static int integer_below(enum pimp_type type, uint64_t a, uint64_t b) {
    return is_signed(type) ? (int64_t)a < (int64_t)b : a < b;
}

/* *accumulator = *accumulator OP *operand. Integer sums and products wrap (computed on 64 bits,
 * stored truncated); floating values are exact in double and in float. */
static void combine(enum pimp_type type, enum pimp_operation operation, void* accumulator,
                    const void* operand) {
    if (is_floating(type)) {
        const double a = load_floating(type, accumulator);
        const double b = load_floating(type, operand);
        const double result = operation == PIMP_SUM       ? a + b
                              : operation == PIMP_PRODUCT ? a * b
                              : operation == PIMP_MIN     ? (b < a ? b : a)
                                                          : (b > a ? b : a);
        store_floating(type, result, accumulator);
        return;
    }
    const uint64_t a = load_integer(type, accumulator);
    const uint64_t b = load_integer(type, operand);
    uint64_t result = 0;
    switch (operation) {
    case PIMP_SUM:
        result = a + b;
        break;
    case PIMP_PRODUCT:
        result = a * b;
        break;
    case PIMP_MIN:
        result = integer_below(type, b, a) ? b : a;
        break;
    case PIMP_MAX:
        result = integer_below(type, a, b) ? b : a;
        break;
    case PIMP_AND:
        result = a & b;
        break;
    case PIMP_OR:
        result = a | b;
        break;
    default:
        result = a ^ b;
    }
    store_integer(type, result, accumulator);
}

static void prepare_reduction(enum pimp_type type, enum pimp_operation operation, size_t count) {
    const size_t size = pimp_type_size(type);
    for (size_t i = 0; i < count; ++i) {
        store_value(type, operation, me, i, src + i * size);
        store_value(type, operation, 0, i, expected + i * size);
        for (int node = 1; node < nodes; ++node) {
            unsigned char operand[ELEMENT_BYTES];
            store_value(type, operation, node, i, operand);
            combine(type, operation, expected + i * size, operand);
        }
    }
}

static void test_reductions(enum pimp_type type, enum pimp_operation operation, size_t count,
                            int root) {
    const size_t bytes = count * pimp_type_size(type);
    char what[100];
    prepare_reduction(type, operation, count);
    snprintf(what, sizeof what, "reduce %s %s of %zu to %d", type_names[type],
             operation_names[operation], count, root);
    fill_sentinel(dest);
    pimp_reduce(dest, src, count, type, operation, root);
    if (me == root) {
        check_dest(what, bytes);
    } else {
        check_untouched(what);
    }
    snprintf(what, sizeof what, "allreduce %s %s of %zu", type_names[type],
             operation_names[operation], count);
    fill_sentinel(dest);
    pimp_allreduce(dest, src, count, type, operation);
    check_dest(what, bytes);
    snprintf(what, sizeof what, "allreduce by reduce and broadcast %s %s of %zu", type_names[type],
             operation_names[operation], count);
    fill_sentinel(dest);
    pimp_allreduce_reduce_broadcast(dest, src, count, type, operation);
    check_dest(what, bytes);
    /* In place: dest = src. */
    snprintf(what, sizeof what, "allreduce in place %s %s of %zu", type_names[type],
             operation_names[operation], count);
    memcpy(dest, src, bytes);
    memset(dest + bytes, SENTINEL, MARGIN);
    pimp_allreduce(dest, dest, count, type, operation);
    check_dest(what, bytes);
}

/* A sum that rounds: every node must get the very same bits, close to the exact sum. */
static void test_rounding_sum(void (*allreduce)(void*, const void*, size_t, enum pimp_type,
                                                enum pimp_operation),
                              const char* name) {
    enum { COUNT = 5 };
    double values[COUNT];
    double results[COUNT];
    double exact[COUNT];
    for (int i = 0; i < COUNT; ++i) {
        values[i] = 0.1 * (me + 1) + 1.0 / (i + 3);
        exact[i] = 0.1 * nodes * (nodes + 1) / 2 + (double)nodes / (i + 3);
    }
    allreduce(results, values, COUNT, PIMP_DOUBLE, PIMP_SUM);
    double* everybody = malloc((size_t)nodes * sizeof results);
    pimp_allgather(everybody, results, sizeof results);
    for (int node = 0; node < nodes; ++node) {
        check(memcmp(everybody + (size_t)node * COUNT, results, sizeof results) == 0,
              "%s: node %d got other bits than node %d", name, node, me);
    }
    free(everybody);
    for (int i = 0; i < COUNT; ++i) {
        check(fabs(results[i] - exact[i]) <= 1e-12 * fabs(exact[i]), "%s: %.17g, not %.17g", name,
              results[i], exact[i]);
    }
}

static uint64_t cycle_counter(void) {
    uint64_t cycles;
    __asm__ volatile("rdcycle %0" : "=r"(cycles));
    return cycles;
}

/* With one simulated clock for all nodes: nobody leaves before the last one entered. The nodes
 * enter one after another, each later than the one before. */
static void test_barrier_order(void) {
    for (int round = 0; round < 3; ++round) {
        const uint64_t delay_until = cycle_counter() + 200u * (uint64_t)((me + round) % nodes);
        while (cycle_counter() < delay_until) {
        }
        uint64_t times[2];
        times[0] = cycle_counter();
        pimp_barrier();
        times[1] = cycle_counter();
        uint64_t* all = malloc((size_t)nodes * sizeof times);
        pimp_allgather(all, times, sizeof times);
        uint64_t last_entry = 0;
        uint64_t first_exit = UINT64_MAX;
        for (int node = 0; node < nodes; ++node) {
            last_entry = all[2 * node] > last_entry ? all[2 * node] : last_entry;
            first_exit = all[2 * node + 1] < first_exit ? all[2 * node + 1] : first_exit;
        }
        free(all);
        check(first_exit >= last_entry,
              "barrier round %d: a node left at cycle %llu, before the last entered at %llu", round,
              (unsigned long long)first_exit, (unsigned long long)last_entry);
    }
}

int main(int argc, char** argv) {
    const char* mode = argc > 1 ? argv[1] : "all";
    if (strcmp(mode, "small") == 0) {
        size_count = SMALL_SIZE_COUNT;
        count_count = SMALL_COUNT_COUNT;
        type_count = SMALL_COUNT;
    }
    if (start_test() != 0) {
        return 2;
    }
    src = malloc(BUFFER_BYTES(nodes));
    dest = malloc(BUFFER_BYTES(nodes));
    expected = malloc(BUFFER_BYTES(nodes));
    if (src == NULL || dest == NULL || expected == NULL) {
        printf("node %d: no memory for the buffers\n", me);
        return 2;
    }
    int test_case = 0;
    for (int root = 0; root < nodes; ++root) {
        for (size_t s = 0; s < size_count; ++s) {
            test_rooted_data_movement(root, sizes[s], test_case += 3);
        }
        for (size_t c = 0; c < count_count; ++c) {
            test_reductions(PIMP_LONG, PIMP_SUM, counts[c], root);
        }
        pimp_barrier();
    }
    for (size_t s = 0; s < size_count; ++s) {
        test_exchanges(sizes[s], test_case += 2);
    }
    for (int type = 0; type < PIMP_TYPE_COUNT; ++type) {
        for (int operation = 0; operation < PIMP_OPERATION_COUNT; ++operation) {
            if (is_floating((enum pimp_type)type) && operation >= PIMP_AND) {
                continue;
            }
            test_reductions((enum pimp_type)type, (enum pimp_operation)operation, type_count,
                            nodes - 1);
        }
    }
    test_rounding_sum(pimp_allreduce, "allreduce rounding sum");
    test_rounding_sum(pimp_allreduce_reduce_broadcast, "allreduce by reduce and broadcast sum");
    if (strcmp(mode, "timed") == 0) {
        test_barrier_order();
    }
    return finish_test("collectives");
}
