/* What the collective tests share: the program's frame (run_tests calls the test once for each of
 * the 24 TYPENAMEs, described with void-pointer adapters of their collectives), the values each
 * PE contributes (a formula of PE, index and type, so every PE can compute every other's
 * contribution and so the expected result without communication), the symmetric buffers, and the
 * checks with their failure reports. */
#ifndef COLLECTIVES_TEST_H
#define COLLECTIVES_TEST_H

#include "xbrtime.h"

#include <stddef.h>

enum reduction { SUM, PRODUCT, MIN, MAX, AND, OR, XOR, REDUCTION_COUNT };
extern const char* const reduction_names[REDUCTION_COUNT];

typedef void broadcast_function(void* dest, const void* src, size_t nelems, int stride, int root);
typedef void reduce_function(void* dest, const void* src, size_t nelems, int stride, int root);
typedef void reduce_all_function(void* dest, const void* src, size_t nelems, int stride);
typedef void scatter_gather_function(void* dest, const void* src, int* pe_msgs, int* pe_disp,
                                     size_t nelems, int root);
typedef void gather_all_function(void* dest, const void* src, int* pe_msgs, int* pe_disp,
                                 size_t nelems);
typedef void alltoall_function(void* dest, const void* src, size_t nelems);

struct tested_type {
    const char* name;
    size_t size;
    int is_floating;
    int is_signed;
    /* *element = (TYPE)value */
    void (*from_integer)(void* element, long long value);
    /* *accumulator = *accumulator OP *operand, computed by the test's own code */
    void (*combine)(enum reduction op, void* accumulator, const void* operand);
    void (*format)(char* text, size_t capacity, const void* element);
    broadcast_function* broadcast;
    /* NULL for the bitwise reductions of the floating types */
    reduce_function* reduce[REDUCTION_COUNT];
    reduce_all_function* reduce_all[REDUCTION_COUNT];
    scatter_gather_function* scatter;
    scatter_gather_function* gather;
    gather_all_function* gather_all;
    alltoall_function* alltoall;
};

/* The largest nelems of a call, per PE for scatter, gather and alltoall. */
#define LARGEST_NELEMS 37
/* Elements past the last one a call may write that must keep the sentinel too. */
#define CHECK_MARGIN 4
#define MAX_PES 17
#define BUFFER_ELEMENTS 640
#define MAX_ELEMENT_SIZE 16
_Static_assert(MAX_PES* LARGEST_NELEMS + CHECK_MARGIN <= BUFFER_ELEMENTS,
               "alltoall and scatter of the largest size fit the buffers on MAX_PES PEs");

extern int me;
extern int pes;
/* The distinct roots among the first, middle and last PE, roots[0 .. root_count). */
extern int roots[3];
extern int root_count;
/* Symmetric, BUFFER_ELEMENTS elements of the largest type each. */
extern unsigned char* src_buffer;
extern unsigned char* dest_buffer;
/* Private, as large, for the expected contents of dest_buffer. */
extern unsigned char* expected_buffer;

/* The whole program: xbrtime_init, the buffers and the arguments, test(type) for every type
 * selected, then the summary (on PE 0) and xbrtime_close. program names the test in its reports.
 * The arguments, in any order: "quick" (four types only), and the collective algorithm
 * "notified" or "barrier-stages" (xbrtime_set_collective_algorithm; the default otherwise), or
 * "unknown-algorithm", which passes it a value outside the enumeration (a misuse test).
 * Returns the exit status: 2 for a failed start or an unknown argument, 1 when a check failed
 * on this PE. */
int run_tests(const char* program, int argc, char** argv,
              void (*test)(const struct tested_type* type));

/* The value PE pe contributes at position index of its src: the reduction's pattern, or for
 * data movement (pattern REDUCTION_COUNT) a value that names PE and index. */
#define DATA_PATTERN REDUCTION_COUNT
void test_value(void* element, int pattern, int pe, size_t index, const struct tested_type* type);
/* The element at index of a buffer of the type. */
void* element_at(void* buffer, size_t index, const struct tested_type* type);
/* Sets elements [0, nelems) of a buffer to the sentinel. */
void fill_sentinel(void* buffer, size_t nelems, const struct tested_type* type);
/* src_buffer[i] = test_value(pattern, me, i) for every i < BUFFER_ELEMENTS. */
void fill_src(int pattern, const struct tested_type* type);

/* Describes the case for failure reports, printf-style: collective, type, op, root, stride... */
void set_case(const char* format, ...) __attribute__((format(printf, 1, 2)));
/* Compares dest_buffer with expected_buffer over [0, nelems), element by element. */
void check_dest(size_t nelems, const struct tested_type* type);

#endif
