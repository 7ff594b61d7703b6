/* reduce_OP and reduce_all_OP of every TYPENAME and OP, to the first, middle and last PE (reduce),
 * strides 1 and 2, 0, 1, 5 and 37 elements. The PEs' contributions (collectives_test.c) make
 * integer sums and products wrap, keep floating ones exact, differ per PE for min and max, and
 * set distinct bits for the bitwise operations. reduce: the root holds the result at i * stride,
 * the sentinel elsewhere; the other PEs' dest stays untouched. reduce_all: every PE holds it.
 *
 * usage: reduce.elf [quick] [notified|barrier-stages]   (quick: four types only) */
#include "collectives_test.h"

static const size_t sizes[] = {0, 1, 5, LARGEST_NELEMS};

/* OP over every PE's contribution at index, combined by the test's own code. */
static void expected_reduction(void* element, enum reduction op, size_t index,
                               const struct tested_type* type) {
    unsigned char contribution[MAX_ELEMENT_SIZE];
    test_value(element, op, 0, index, type);
    for (int pe = 1; pe < pes; ++pe) {
        test_value(contribution, op, pe, index, type);
        type->combine(op, element, contribution);
    }
}

static void expect_result(enum reduction op, int stride, size_t nelems, size_t extent,
                          const struct tested_type* type) {
    fill_sentinel(expected_buffer, extent, type);
    for (size_t i = 0; i < nelems; ++i) {
        const size_t index = i * (size_t)stride;
        expected_reduction(element_at(expected_buffer, index, type), op, index, type);
    }
}

static void test_reduce(const struct tested_type* type, enum reduction op, int root, int stride,
                        size_t nelems) {
    const size_t extent = nelems * (size_t)stride + CHECK_MARGIN;
    /* Each PE writes only its own dest (xbrtime_collectives.h): no barrier before the call. */
    fill_sentinel(dest_buffer, extent, type);
    type->reduce[op](dest_buffer, src_buffer, nelems, stride, root);
    if (me == root) {
        expect_result(op, stride, nelems, extent, type);
    } else {
        fill_sentinel(expected_buffer, extent, type);
    }
    set_case("reduce %s %s root %d stride %d nelems %zu", type->name, reduction_names[op], root,
             stride, nelems);
    check_dest(extent, type);
}

static void test_reduce_all(const struct tested_type* type, enum reduction op, int stride,
                            size_t nelems) {
    const size_t extent = nelems * (size_t)stride + CHECK_MARGIN;
    fill_sentinel(dest_buffer, extent, type);
    type->reduce_all[op](dest_buffer, src_buffer, nelems, stride);
    expect_result(op, stride, nelems, extent, type);
    set_case("reduce_all %s %s stride %d nelems %zu", type->name, reduction_names[op], stride,
             nelems);
    check_dest(extent, type);
}

static void test_type(const struct tested_type* type) {
    for (enum reduction op = 0; op < REDUCTION_COUNT; ++op) {
        if (type->reduce[op] == NULL) {
            continue;
        }
        fill_src(op, type);
        for (int stride = 1; stride <= 2; ++stride) {
            for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
                for (int r = 0; r < root_count; ++r) {
                    test_reduce(type, op, roots[r], stride, sizes[s]);
                }
                test_reduce_all(type, op, stride, sizes[s]);
            }
        }
    }
}

int main(int argc, char** argv) {
    return run_tests("reduce", argc, argv, test_type);
}
