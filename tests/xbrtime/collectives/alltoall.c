/* alltoall of every TYPENAME with blocks of 0, 1, 5 and 37 elements: block i of every PE's dest
 * must hold block `me` of PE i's src, and the sentinel must follow the last block.
 *
 * usage: alltoall.elf [quick]   (quick: four types only) */
#include "collectives_test.h"

static const size_t sizes[] = {0, 1, 5, LARGEST_NELEMS};

static void test_alltoall(const struct tested_type* type, size_t nelems) {
    const size_t extent = (size_t)pes * nelems + CHECK_MARGIN;
    fill_sentinel(dest_buffer, extent, type);
    xbrtime_barrier();
    type->alltoall(dest_buffer, src_buffer, nelems);
    fill_sentinel(expected_buffer, extent, type);
    for (int pe = 0; pe < pes; ++pe) {
        for (size_t j = 0; j < nelems; ++j) {
            test_value(element_at(expected_buffer, (size_t)pe * nelems + j, type), DATA_PATTERN, pe,
                       (size_t)me * nelems + j, type);
        }
    }
    set_case("alltoall %s nelems %zu", type->name, nelems);
    check_dest(extent, type);
}

static void test_type(const struct tested_type* type) {
    fill_src(DATA_PATTERN, type);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
        test_alltoall(type, sizes[s]);
    }
}

int main(int argc, char** argv) {
    return run_tests("alltoall", argc, argv, test_type);
}
