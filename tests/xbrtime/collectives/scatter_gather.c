/* scatter, gather and gather_all of every TYPENAME, scatter and gather to and from the first,
 * middle and last PE, over seven layouts of pe_msgs/pe_disp: 0, 1 and 5 elements per PE in PE
 * order, uneven counts (one PE with none) placed in reverse PE order with a one-element gap after
 * each piece, 37 elements per PE, and the GASPI paper's linearly decreasing (pes - p elements on
 * PE p) and broadcast (37 elements on the middle PE, none elsewhere) distributions. Gaps and
 * everything past the pieces must keep the sentinel, and gather must leave the non-roots' dest
 * untouched.
 *
 * usage: scatter_gather.elf [quick] [notified|barrier-stages]   (quick: four types only) */
#include "collectives_test.h"

enum layout {
    EQUAL_0,
    EQUAL_1,
    EQUAL_5,
    UNEVEN_REVERSED_WITH_GAPS,
    EQUAL_37,
    LINEARLY_DECREASING,
    BROADCAST,
    LAYOUT_COUNT
};
static const char* const layout_names[LAYOUT_COUNT] = {"0 per PE",  "1 per PE",
                                                       "5 per PE",  "uneven reversed with gaps",
                                                       "37 per PE", "linearly decreasing",
                                                       "broadcast"};

/* run_tests refuses jobs of more than MAX_PES PEs. */
static int pe_msgs[MAX_PES];
static int pe_disp[MAX_PES];
/* The sum of pe_msgs (the nelems argument) and the end of the last piece in the root's buffer. */
static size_t layout_nelems;
static size_t layout_extent;

static void make_layout(enum layout layout) {
    static const int equal_counts[LAYOUT_COUNT] = {0, 1, 5, 0, LARGEST_NELEMS, 0, 0};
    layout_nelems = 0;
    if (layout == LINEARLY_DECREASING || layout == BROADCAST) {
        for (int pe = 0; pe < pes; ++pe) {
            if (layout == LINEARLY_DECREASING) {
                pe_msgs[pe] = pes - pe;
            } else {
                pe_msgs[pe] = pe == pes / 2 ? LARGEST_NELEMS : 0;
            }
            pe_disp[pe] = (int)layout_nelems;
            layout_nelems += (size_t)pe_msgs[pe];
        }
        layout_extent = layout_nelems;
        return;
    }
    if (layout == UNEVEN_REVERSED_WITH_GAPS) {
        size_t next = 0;
        for (int pe = pes - 1; pe >= 0; --pe) {
            pe_msgs[pe] = (pe * 5 + 3) % 7;
            pe_disp[pe] = (int)next;
            next += (size_t)pe_msgs[pe] + 1;
            layout_nelems += (size_t)pe_msgs[pe];
        }
        layout_extent = next;
        return;
    }
    for (int pe = 0; pe < pes; ++pe) {
        pe_msgs[pe] = equal_counts[layout];
        pe_disp[pe] = pe * equal_counts[layout];
        layout_nelems += (size_t)pe_msgs[pe];
    }
    layout_extent = layout_nelems;
}

/* PE pe's piece, src[0 .. pe_msgs[pe]), at pe_disp[pe] in the expected buffer. */
static void expect_gathered_pieces(const struct tested_type* type) {
    for (int pe = 0; pe < pes; ++pe) {
        for (size_t j = 0; j < (size_t)pe_msgs[pe]; ++j) {
            test_value(element_at(expected_buffer, (size_t)pe_disp[pe] + j, type), DATA_PATTERN, pe,
                       j, type);
        }
    }
}

static void test_scatter(const struct tested_type* type, enum layout layout, int root) {
    const size_t extent = (size_t)pe_msgs[me] + CHECK_MARGIN;
    fill_src(DATA_PATTERN, type);
    /* Each PE writes only its own dest (xbrtime_collectives.h): no barrier before the calls. */
    fill_sentinel(dest_buffer, extent, type);
    type->scatter(dest_buffer, src_buffer, pe_msgs, pe_disp, layout_nelems, root);
    fill_sentinel(expected_buffer, extent, type);
    for (size_t j = 0; j < (size_t)pe_msgs[me]; ++j) {
        test_value(element_at(expected_buffer, j, type), DATA_PATTERN, root,
                   (size_t)pe_disp[me] + j, type);
    }
    set_case("scatter %s root %d layout %s", type->name, root, layout_names[layout]);
    check_dest(extent, type);
}

static void test_gather(const struct tested_type* type, enum layout layout, int root) {
    const size_t extent = layout_extent + CHECK_MARGIN;
    fill_src(DATA_PATTERN, type);
    fill_sentinel(dest_buffer, extent, type);
    type->gather(dest_buffer, src_buffer, pe_msgs, pe_disp, layout_nelems, root);
    fill_sentinel(expected_buffer, extent, type);
    if (me == root) {
        expect_gathered_pieces(type);
    }
    set_case("gather %s root %d layout %s", type->name, root, layout_names[layout]);
    check_dest(extent, type);
}

static void test_gather_all(const struct tested_type* type, enum layout layout) {
    const size_t extent = layout_extent + CHECK_MARGIN;
    fill_src(DATA_PATTERN, type);
    fill_sentinel(dest_buffer, extent, type);
    type->gather_all(dest_buffer, src_buffer, pe_msgs, pe_disp, layout_nelems);
    fill_sentinel(expected_buffer, extent, type);
    expect_gathered_pieces(type);
    set_case("gather_all %s layout %s", type->name, layout_names[layout]);
    check_dest(extent, type);
}

static void test_type(const struct tested_type* type) {
    for (enum layout layout = 0; layout < LAYOUT_COUNT; ++layout) {
        make_layout(layout);
        for (int r = 0; r < root_count; ++r) {
            test_scatter(type, layout, roots[r]);
            test_gather(type, layout, roots[r]);
        }
        test_gather_all(type, layout);
    }
}

int main(int argc, char** argv) {
    return run_tests("scatter_gather", argc, argv, test_type);
}
