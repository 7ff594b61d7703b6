/* The type-generic names of C11 (shmem_put, shmem_atomic_add, shmem_sum_reduce, ...). Part of
 * <shmem.h>, which includes it for C11 and later.
 *
 * A _Generic association list may name each C type once, so int64_t (long) and the other
 * fixed-width and size types reach their routine through the C type they are. The routines that
 * take an optional context first look at their first argument: a shmem_ctx_t selects the ctx_
 * routine by the type of the second argument, anything else the plain routine by the type of
 * the first. An argument of a type the routine does not take selects
 * shmem_internal_generic_type_mismatch, which takes no arguments, so that the call does not
 * compile. */
#ifndef SHMEM_GENERIC_H
#define SHMEM_GENERIC_H

void shmem_internal_generic_type_mismatch(void);

#define SHMEM_GENERIC_FIRST(first, ...) first
#define SHMEM_GENERIC_SECOND(first, second, ...) second

/* clang-format cannot lay out _Generic associations. */
/* clang-format off */

/* The associations of QUALIFIER TYPE* with shmem_<CONTEXT><TYPENAME>_<ROUTINE>, for each list. */
#define SHMEM_GENERIC_RMA_ASSOCIATIONS(QUALIFIER, CONTEXT, ROUTINE)                                \
    QUALIFIER float*: shmem_##CONTEXT##float_##ROUTINE,                                            \
    QUALIFIER double*: shmem_##CONTEXT##double_##ROUTINE,                                          \
    QUALIFIER long double*: shmem_##CONTEXT##longdouble_##ROUTINE,                                 \
    QUALIFIER char*: shmem_##CONTEXT##char_##ROUTINE,                                              \
    QUALIFIER signed char*: shmem_##CONTEXT##schar_##ROUTINE,                                      \
    QUALIFIER short*: shmem_##CONTEXT##short_##ROUTINE,                                            \
    QUALIFIER int*: shmem_##CONTEXT##int_##ROUTINE,                                                \
    QUALIFIER long*: shmem_##CONTEXT##long_##ROUTINE,                                              \
    QUALIFIER long long*: shmem_##CONTEXT##longlong_##ROUTINE,                                     \
    QUALIFIER unsigned char*: shmem_##CONTEXT##uchar_##ROUTINE,                                    \
    QUALIFIER unsigned short*: shmem_##CONTEXT##ushort_##ROUTINE,                                  \
    QUALIFIER unsigned int*: shmem_##CONTEXT##uint_##ROUTINE,                                      \
    QUALIFIER unsigned long*: shmem_##CONTEXT##ulong_##ROUTINE,                                    \
    QUALIFIER unsigned long long*: shmem_##CONTEXT##ulonglong_##ROUTINE

#define SHMEM_GENERIC_ATOMIC_ASSOCIATIONS(QUALIFIER, CONTEXT, ROUTINE)                             \
    QUALIFIER int*: shmem_##CONTEXT##int_##ROUTINE,                                                \
    QUALIFIER long*: shmem_##CONTEXT##long_##ROUTINE,                                              \
    QUALIFIER long long*: shmem_##CONTEXT##longlong_##ROUTINE,                                     \
    QUALIFIER unsigned int*: shmem_##CONTEXT##uint_##ROUTINE,                                      \
    QUALIFIER unsigned long*: shmem_##CONTEXT##ulong_##ROUTINE,                                    \
    QUALIFIER unsigned long long*: shmem_##CONTEXT##ulonglong_##ROUTINE

#define SHMEM_GENERIC_EXTENDED_ATOMIC_ASSOCIATIONS(QUALIFIER, CONTEXT, ROUTINE)                    \
    QUALIFIER float*: shmem_##CONTEXT##float_##ROUTINE,                                            \
    QUALIFIER double*: shmem_##CONTEXT##double_##ROUTINE,                                          \
    SHMEM_GENERIC_ATOMIC_ASSOCIATIONS(QUALIFIER, CONTEXT, ROUTINE)

#define SHMEM_GENERIC_BITWISE_ATOMIC_ASSOCIATIONS(QUALIFIER, CONTEXT, ROUTINE)                     \
    QUALIFIER int*: shmem_##CONTEXT##int32_##ROUTINE,                                              \
    QUALIFIER long*: shmem_##CONTEXT##int64_##ROUTINE,                                             \
    QUALIFIER unsigned int*: shmem_##CONTEXT##uint_##ROUTINE,                                      \
    QUALIFIER unsigned long*: shmem_##CONTEXT##ulong_##ROUTINE,                                    \
    QUALIFIER unsigned long long*: shmem_##CONTEXT##ulonglong_##ROUTINE

#define SHMEM_GENERIC_WAIT_ASSOCIATIONS(QUALIFIER, CONTEXT, ROUTINE)                               \
    QUALIFIER short*: shmem_##CONTEXT##short_##ROUTINE,                                            \
    QUALIFIER unsigned short*: shmem_##CONTEXT##ushort_##ROUTINE,                                  \
    SHMEM_GENERIC_ATOMIC_ASSOCIATIONS(QUALIFIER, CONTEXT, ROUTINE)

#define SHMEM_GENERIC_BITWISE_REDUCE_ASSOCIATIONS(QUALIFIER, CONTEXT, ROUTINE)                     \
    QUALIFIER unsigned char*: shmem_##CONTEXT##uchar_##ROUTINE,                                    \
    QUALIFIER unsigned short*: shmem_##CONTEXT##ushort_##ROUTINE,                                  \
    QUALIFIER unsigned int*: shmem_##CONTEXT##uint_##ROUTINE,                                      \
    QUALIFIER unsigned long*: shmem_##CONTEXT##ulong_##ROUTINE,                                    \
    QUALIFIER unsigned long long*: shmem_##CONTEXT##ulonglong_##ROUTINE,                           \
    QUALIFIER signed char*: shmem_##CONTEXT##int8_##ROUTINE,                                       \
    QUALIFIER short*: shmem_##CONTEXT##int16_##ROUTINE,                                            \
    QUALIFIER int*: shmem_##CONTEXT##int32_##ROUTINE,                                              \
    QUALIFIER long*: shmem_##CONTEXT##int64_##ROUTINE

#define SHMEM_GENERIC_ORDERED_REDUCE_ASSOCIATIONS(QUALIFIER, CONTEXT, ROUTINE)                     \
    SHMEM_GENERIC_RMA_ASSOCIATIONS(QUALIFIER, CONTEXT, ROUTINE)

#define SHMEM_GENERIC_ARITHMETIC_REDUCE_ASSOCIATIONS(QUALIFIER, CONTEXT, ROUTINE)                  \
    QUALIFIER double _Complex*: shmem_##CONTEXT##complexd_##ROUTINE,                               \
    QUALIFIER float _Complex*: shmem_##CONTEXT##complexf_##ROUTINE,                                \
    SHMEM_GENERIC_RMA_ASSOCIATIONS(QUALIFIER, CONTEXT, ROUTINE)

/* The routine of list LIST for the type of key, a TYPE* or a QUALIFIER TYPE*. */
#define SHMEM_GENERIC_SELECT(key, LIST, QUALIFIER, CONTEXT, ROUTINE)                               \
    _Generic((key),                                                                                \
        SHMEM_GENERIC_##LIST##_ASSOCIATIONS(, CONTEXT, ROUTINE),                                   \
        SHMEM_GENERIC_##LIST##_ASSOCIATIONS(QUALIFIER, CONTEXT, ROUTINE),                          \
        default: shmem_internal_generic_type_mismatch)

/* The call of ROUTINE with an optional context first (the arguments are __VA_ARGS__). */
#define SHMEM_GENERIC_WITH_CONTEXT(LIST, QUALIFIER, ROUTINE, ...)                                  \
    _Generic((SHMEM_GENERIC_FIRST(__VA_ARGS__, 0)),                                                \
        shmem_ctx_t: SHMEM_GENERIC_SELECT(SHMEM_GENERIC_SECOND(__VA_ARGS__, 0, 0), LIST,           \
                                          QUALIFIER, ctx_, ROUTINE),                               \
        default: SHMEM_GENERIC_SELECT(SHMEM_GENERIC_FIRST(__VA_ARGS__, 0), LIST, QUALIFIER, ,      \
                                      ROUTINE))(__VA_ARGS__)

/* clang-format on */

/* RMA and signals: shmem_put([ctx,] dest, source, nelems, pe) and so on. */
#define shmem_put(...) SHMEM_GENERIC_WITH_CONTEXT(RMA, const, put, __VA_ARGS__)
#define shmem_get(...) SHMEM_GENERIC_WITH_CONTEXT(RMA, const, get, __VA_ARGS__)
#define shmem_put_nbi(...) SHMEM_GENERIC_WITH_CONTEXT(RMA, const, put_nbi, __VA_ARGS__)
#define shmem_get_nbi(...) SHMEM_GENERIC_WITH_CONTEXT(RMA, const, get_nbi, __VA_ARGS__)
#define shmem_p(...) SHMEM_GENERIC_WITH_CONTEXT(RMA, const, p, __VA_ARGS__)
#define shmem_g(...) SHMEM_GENERIC_WITH_CONTEXT(RMA, const, g, __VA_ARGS__)
#define shmem_iput(...) SHMEM_GENERIC_WITH_CONTEXT(RMA, const, iput, __VA_ARGS__)
#define shmem_iget(...) SHMEM_GENERIC_WITH_CONTEXT(RMA, const, iget, __VA_ARGS__)
#define shmem_put_signal(...) SHMEM_GENERIC_WITH_CONTEXT(RMA, const, put_signal, __VA_ARGS__)
#define shmem_put_signal_nbi(...)                                                                  \
    SHMEM_GENERIC_WITH_CONTEXT(RMA, const, put_signal_nbi, __VA_ARGS__)

/* Atomics: shmem_atomic_add([ctx,] dest, value, pe), shmem_atomic_fetch_nbi([ctx,] fetch,
 * source, pe) and so on. */
#define shmem_atomic_fetch(...)                                                                    \
    SHMEM_GENERIC_WITH_CONTEXT(EXTENDED_ATOMIC, const, atomic_fetch, __VA_ARGS__)
#define shmem_atomic_set(...)                                                                      \
    SHMEM_GENERIC_WITH_CONTEXT(EXTENDED_ATOMIC, const, atomic_set, __VA_ARGS__)
#define shmem_atomic_swap(...)                                                                     \
    SHMEM_GENERIC_WITH_CONTEXT(EXTENDED_ATOMIC, const, atomic_swap, __VA_ARGS__)
#define shmem_atomic_fetch_nbi(...)                                                                \
    SHMEM_GENERIC_WITH_CONTEXT(EXTENDED_ATOMIC, const, atomic_fetch_nbi, __VA_ARGS__)
#define shmem_atomic_swap_nbi(...)                                                                 \
    SHMEM_GENERIC_WITH_CONTEXT(EXTENDED_ATOMIC, const, atomic_swap_nbi, __VA_ARGS__)
#define shmem_atomic_compare_swap(...)                                                             \
    SHMEM_GENERIC_WITH_CONTEXT(ATOMIC, const, atomic_compare_swap, __VA_ARGS__)
#define shmem_atomic_fetch_inc(...)                                                                \
    SHMEM_GENERIC_WITH_CONTEXT(ATOMIC, const, atomic_fetch_inc, __VA_ARGS__)
#define shmem_atomic_inc(...) SHMEM_GENERIC_WITH_CONTEXT(ATOMIC, const, atomic_inc, __VA_ARGS__)
#define shmem_atomic_fetch_add(...)                                                                \
    SHMEM_GENERIC_WITH_CONTEXT(ATOMIC, const, atomic_fetch_add, __VA_ARGS__)
#define shmem_atomic_add(...) SHMEM_GENERIC_WITH_CONTEXT(ATOMIC, const, atomic_add, __VA_ARGS__)
#define shmem_atomic_compare_swap_nbi(...)                                                         \
    SHMEM_GENERIC_WITH_CONTEXT(ATOMIC, const, atomic_compare_swap_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_inc_nbi(...)                                                            \
    SHMEM_GENERIC_WITH_CONTEXT(ATOMIC, const, atomic_fetch_inc_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_add_nbi(...)                                                            \
    SHMEM_GENERIC_WITH_CONTEXT(ATOMIC, const, atomic_fetch_add_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_and(...)                                                                \
    SHMEM_GENERIC_WITH_CONTEXT(BITWISE_ATOMIC, const, atomic_fetch_and, __VA_ARGS__)
#define shmem_atomic_and(...)                                                                      \
    SHMEM_GENERIC_WITH_CONTEXT(BITWISE_ATOMIC, const, atomic_and, __VA_ARGS__)
#define shmem_atomic_fetch_or(...)                                                                 \
    SHMEM_GENERIC_WITH_CONTEXT(BITWISE_ATOMIC, const, atomic_fetch_or, __VA_ARGS__)
#define shmem_atomic_or(...)                                                                       \
    SHMEM_GENERIC_WITH_CONTEXT(BITWISE_ATOMIC, const, atomic_or, __VA_ARGS__)
#define shmem_atomic_fetch_xor(...)                                                                \
    SHMEM_GENERIC_WITH_CONTEXT(BITWISE_ATOMIC, const, atomic_fetch_xor, __VA_ARGS__)
#define shmem_atomic_xor(...)                                                                      \
    SHMEM_GENERIC_WITH_CONTEXT(BITWISE_ATOMIC, const, atomic_xor, __VA_ARGS__)
#define shmem_atomic_fetch_and_nbi(...)                                                            \
    SHMEM_GENERIC_WITH_CONTEXT(BITWISE_ATOMIC, const, atomic_fetch_and_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_or_nbi(...)                                                             \
    SHMEM_GENERIC_WITH_CONTEXT(BITWISE_ATOMIC, const, atomic_fetch_or_nbi, __VA_ARGS__)
#define shmem_atomic_fetch_xor_nbi(...)                                                            \
    SHMEM_GENERIC_WITH_CONTEXT(BITWISE_ATOMIC, const, atomic_fetch_xor_nbi, __VA_ARGS__)

/* Team collectives and reductions: shmem_broadcast(team, dest, source, nelems, PE_root),
 * shmem_sum_reduce(team, dest, source, nreduce) and so on. */
#define SHMEM_GENERIC_TEAM(LIST, ROUTINE, team, dest, ...)                                         \
    SHMEM_GENERIC_SELECT(dest, LIST, const, , ROUTINE)(team, dest, __VA_ARGS__)
#define shmem_broadcast(...) SHMEM_GENERIC_TEAM(RMA, broadcast, __VA_ARGS__)
#define shmem_collect(...) SHMEM_GENERIC_TEAM(RMA, collect, __VA_ARGS__)
#define shmem_fcollect(...) SHMEM_GENERIC_TEAM(RMA, fcollect, __VA_ARGS__)
#define shmem_alltoall(...) SHMEM_GENERIC_TEAM(RMA, alltoall, __VA_ARGS__)
#define shmem_alltoalls(...) SHMEM_GENERIC_TEAM(RMA, alltoalls, __VA_ARGS__)
#define shmem_and_reduce(...) SHMEM_GENERIC_TEAM(BITWISE_REDUCE, and_reduce, __VA_ARGS__)
#define shmem_or_reduce(...) SHMEM_GENERIC_TEAM(BITWISE_REDUCE, or_reduce, __VA_ARGS__)
#define shmem_xor_reduce(...) SHMEM_GENERIC_TEAM(BITWISE_REDUCE, xor_reduce, __VA_ARGS__)
#define shmem_max_reduce(...) SHMEM_GENERIC_TEAM(ORDERED_REDUCE, max_reduce, __VA_ARGS__)
#define shmem_min_reduce(...) SHMEM_GENERIC_TEAM(ORDERED_REDUCE, min_reduce, __VA_ARGS__)
#define shmem_sum_reduce(...) SHMEM_GENERIC_TEAM(ARITHMETIC_REDUCE, sum_reduce, __VA_ARGS__)
#define shmem_prod_reduce(...) SHMEM_GENERIC_TEAM(ARITHMETIC_REDUCE, prod_reduce, __VA_ARGS__)

/* Point-to-point synchronization: shmem_wait_until(ivar, cmp, cmp_value) and so on; ivar may
 * point to a volatile object. */
#define SHMEM_GENERIC_WAIT(ROUTINE, ivars, ...)                                                    \
    SHMEM_GENERIC_SELECT(ivars, WAIT, volatile, , ROUTINE)(ivars, __VA_ARGS__)
#define shmem_wait_until(...) SHMEM_GENERIC_WAIT(wait_until, __VA_ARGS__)
#define shmem_wait_until_all(...) SHMEM_GENERIC_WAIT(wait_until_all, __VA_ARGS__)
#define shmem_wait_until_any(...) SHMEM_GENERIC_WAIT(wait_until_any, __VA_ARGS__)
#define shmem_wait_until_some(...) SHMEM_GENERIC_WAIT(wait_until_some, __VA_ARGS__)
#define shmem_wait_until_all_vector(...) SHMEM_GENERIC_WAIT(wait_until_all_vector, __VA_ARGS__)
#define shmem_wait_until_any_vector(...) SHMEM_GENERIC_WAIT(wait_until_any_vector, __VA_ARGS__)
#define shmem_wait_until_some_vector(...) SHMEM_GENERIC_WAIT(wait_until_some_vector, __VA_ARGS__)
#define shmem_test(...) SHMEM_GENERIC_WAIT(test, __VA_ARGS__)
#define shmem_test_all(...) SHMEM_GENERIC_WAIT(test_all, __VA_ARGS__)
#define shmem_test_any(...) SHMEM_GENERIC_WAIT(test_any, __VA_ARGS__)
#define shmem_test_some(...) SHMEM_GENERIC_WAIT(test_some, __VA_ARGS__)
#define shmem_test_all_vector(...) SHMEM_GENERIC_WAIT(test_all_vector, __VA_ARGS__)
#define shmem_test_any_vector(...) SHMEM_GENERIC_WAIT(test_any_vector, __VA_ARGS__)
#define shmem_test_some_vector(...) SHMEM_GENERIC_WAIT(test_some_vector, __VA_ARGS__)

/* shmem_sync(team) is the C11 name of shmem_team_sync; the deprecated active-set
 * shmem_sync(PE_start, logPE_stride, PE_size, pSync) keeps its routine. The number of arguments
 * chooses: the name of the routine inside this macro's expansion is not expanded again. */
#define SHMEM_GENERIC_FIFTH(first, second, third, fourth, fifth, ...) fifth
#define shmem_sync(...)                                                                            \
    SHMEM_GENERIC_FIFTH(__VA_ARGS__, shmem_sync, shmem_internal_generic_type_mismatch,             \
                        shmem_internal_generic_type_mismatch, shmem_team_sync, )                   \
    (__VA_ARGS__)

#endif
