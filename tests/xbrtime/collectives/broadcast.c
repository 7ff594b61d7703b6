/* Broadcast of every TYPENAME from the first, middle and last PE, strides 1 and 2, 0, 1, 5 and 37
 * elements. Every PE, the root included, must hold the root's src elements at i * stride and the
 * sentinel in the gaps and past the end.
 *
 * usage: broadcast.elf [quick]   (quick: four types only) */
#include "collectives_test.h"

static const size_t sizes[] = {0, 1, 5, LARGEST_NELEMS};

static void test_broadcast(const struct tested_type* type, int root, int stride, size_t nelems) {
    const size_t extent = nelems * (size_t)stride + CHECK_MARGIN;
    fill_sentinel(dest_buffer, extent, type);
    /* Every dest is ready before the root may write into it. */
    xbrtime_barrier();
    type->broadcast(dest_buffer, src_buffer, nelems, stride, root);
    fill_sentinel(expected_buffer, extent, type);
    for (size_t i = 0; i < nelems; ++i) {
        const size_t index = i * (size_t)stride;
        test_value(element_at(expected_buffer, index, type), DATA_PATTERN, root, index, type);
    }
    set_case("broadcast %s root %d stride %d nelems %zu", type->name, root, stride, nelems);
    check_dest(extent, type);
}

static void test_type(const struct tested_type* type) {
    fill_src(DATA_PATTERN, type);
    for (int r = 0; r < root_count; ++r) {
        for (int stride = 1; stride <= 2; ++stride) {
            for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
                test_broadcast(type, roots[r], stride, sizes[s]);
            }
        }
    }
}

int main(int argc, char** argv) {
    return run_tests("broadcast", argc, argv, test_type);
}
