/* NAS IS (integer sort), class S, in the manner of the OSB port of the NPB MPI version, with
 * exactly its OpenSHMEM routines: start_pes, _num_pes, _my_pe, shmem_barrier_all,
 * shmem_int_put, shmem_int_get, shmem_int_sum_to_all, shmem_double_max_to_all,
 * shmem_double_min_to_all, shmem_double_sum_to_all, on static symmetric arrays.
 *
 * The keys are NPB's, from randlc; each iteration buckets them, sums the bucket sizes over all
 * PEs, sends every key to the PE owning its range of buckets, and ranks them. The partial
 * verification compares the ranks of five keys with NPB's published values in each of the ten
 * iterations, and the full verification checks the final order within and across PEs: the run
 * passes with 5 * 10 + (number of PEs) checks passed. Unlike NPB, any number of PEs works: the
 * last PE may generate fewer keys. */
#include <shmem.h>
#include <stdio.h>
#include <time.h>

#define TOTAL_KEYS_LOG_2 16
#define MAX_KEY_LOG_2 11
#define NUM_BUCKETS_LOG_2 9
#define TOTAL_KEYS (1 << TOTAL_KEYS_LOG_2)
#define MAX_KEY (1 << MAX_KEY_LOG_2)
#define NUM_BUCKETS (1 << NUM_BUCKETS_LOG_2)
#define MAX_ITERATIONS 10
#define TEST_ARRAY_SIZE 5
#define MAX_PES 64

static const int test_index_array[TEST_ARRAY_SIZE] = {48427, 17148, 23627, 62548, 4431};
static const int test_rank_array[TEST_ARRAY_SIZE] = {0, 18, 346, 64917, 65463};

static int my_rank, comm_size, keys_per_pe, num_keys, passed_verification;
static int key_array[TOTAL_KEYS];
static int key_buff1[TOTAL_KEYS > MAX_KEY ? TOTAL_KEYS : MAX_KEY];
static int key_buff2[TOTAL_KEYS];
static int bucket_size[NUM_BUCKETS + TEST_ARRAY_SIZE];
static int bucket_size_totals[NUM_BUCKETS + TEST_ARRAY_SIZE];
static int bucket_ptrs[NUM_BUCKETS];
static int process_bucket_distrib_ptr1[NUM_BUCKETS + TEST_ARRAY_SIZE];
static int process_bucket_distrib_ptr2[NUM_BUCKETS + TEST_ARRAY_SIZE];
static int send_count[MAX_PES], send_displ[MAX_PES], recv_count[MAX_PES], recv_displ[MAX_PES];
static int total_local_keys, total_lesser_keys, *key_buff_ptr_global;

static long pSync[SHMEM_REDUCE_SYNC_SIZE];
static int iWrk[(NUM_BUCKETS + TEST_ARRAY_SIZE) / 2 + 1 + SHMEM_REDUCE_MIN_WRKDATA_SIZE];
static double dWrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE + 1];

/* NPB's linear congruential generator: x = a * x mod 2^46, returned as x / 2^46. */
static double randlc(double* x, double a) {
    const double r23 = 0x1p-23, r46 = 0x1p-46, t23 = 0x1p23, t46 = 0x1p46;
    double t1 = r23 * a;
    const double a1 = (int)t1;
    const double a2 = a - t23 * a1;
    t1 = r23 * *x;
    const double x1 = (int)t1;
    const double x2 = *x - t23 * x1;
    t1 = a1 * x2 + a2 * x1;
    const double t2 = (int)(r23 * t1);
    const double z = t1 - t23 * t2;
    const double t3 = t23 * z + a2 * x2;
    const double t4 = (int)(r46 * t3);
    *x = t3 - t46 * t4;
    return r46 * *x;
}

/* The seed of PE kn's part of the sequence, which starts 4 * keys_per_pe * kn numbers in. */
static double find_my_seed(int kn, double s, double a) {
    if (kn == 0) {
        return s;
    }
    long kk = (long)keys_per_pe * 4 * kn;
    double t1 = s, t2 = a;
    while (kk > 1) {
        const long ik = kk / 2;
        if (2 * ik == kk) {
            randlc(&t2, t2);
            kk = ik;
        } else {
            randlc(&t1, t2);
            kk = kk - 1;
        }
    }
    randlc(&t1, t2);
    return t1;
}

static void create_seq(double seed, double a) {
    const int k = MAX_KEY / 4;
    for (int i = 0; i < num_keys; i++) {
        double x = randlc(&seed, a);
        x += randlc(&seed, a);
        x += randlc(&seed, a);
        x += randlc(&seed, a);
        key_array[i] = (int)(k * x);
    }
}

static void rank(int iteration) {
    const int shift = MAX_KEY_LOG_2 - NUM_BUCKETS_LOG_2;
    if (my_rank == 0) {
        key_array[iteration] = iteration;
        key_array[iteration + MAX_ITERATIONS] = MAX_KEY - iteration;
    }
    for (int i = 0; i < NUM_BUCKETS + TEST_ARRAY_SIZE; i++) {
        bucket_size[i] = 0;
        bucket_size_totals[i] = 0;
        process_bucket_distrib_ptr1[i] = 0;
        process_bucket_distrib_ptr2[i] = 0;
    }
    /* The test keys' values travel hidden at the top of bucket_size. */
    for (int i = 0; i < TEST_ARRAY_SIZE; i++) {
        if (test_index_array[i] / keys_per_pe == my_rank) {
            bucket_size[NUM_BUCKETS + i] = key_array[test_index_array[i] % keys_per_pe];
        }
    }
    for (int i = 0; i < num_keys; i++) {
        bucket_size[key_array[i] >> shift]++;
    }
    bucket_ptrs[0] = 0;
    for (int i = 1; i < NUM_BUCKETS; i++) {
        bucket_ptrs[i] = bucket_ptrs[i - 1] + bucket_size[i - 1];
    }
    for (int i = 0; i < num_keys; i++) {
        const int key = key_array[i];
        key_buff1[bucket_ptrs[key >> shift]++] = key;
    }
    shmem_int_sum_to_all(bucket_size_totals, bucket_size, NUM_BUCKETS + TEST_ARRAY_SIZE, 0, 0,
                         comm_size, iWrk, pSync);

    /* Buckets go to PE 0 until their keys exceed keys_per_pe, then to PE 1, and so on. */
    long bucket_sum_accumulator = 0;
    int local_bucket_sum_accumulator = 0;
    int j = 0;
    send_displ[0] = 0;
    process_bucket_distrib_ptr1[0] = 0;
    for (int i = 0; i < NUM_BUCKETS; i++) {
        bucket_sum_accumulator += bucket_size_totals[i];
        local_bucket_sum_accumulator += bucket_size[i];
        if (bucket_sum_accumulator >= (long)(j + 1) * keys_per_pe || i == NUM_BUCKETS - 1) {
            send_count[j] = local_bucket_sum_accumulator;
            if (j != 0) {
                send_displ[j] = send_displ[j - 1] + send_count[j - 1];
                process_bucket_distrib_ptr1[j] = process_bucket_distrib_ptr2[j - 1] + 1;
            }
            process_bucket_distrib_ptr2[j++] = i;
            local_bucket_sum_accumulator = 0;
            if (j == comm_size) {
                break;
            }
        }
    }
    while (j < comm_size) {
        send_count[j] = 0;
        process_bucket_distrib_ptr1[j] = 1;
        j++;
    }

    /* The all-to-all exchanges of MPI IS, as puts: counts first, then each sender fetches
     * where its keys go in the receiver's buffer. */
    for (int pe = 0; pe < comm_size; pe++) {
        shmem_int_put(&recv_count[my_rank], &send_count[pe], 1, pe);
    }
    shmem_barrier_all();
    recv_displ[0] = 0;
    for (int i = 1; i < comm_size; i++) {
        recv_displ[i] = recv_displ[i - 1] + recv_count[i - 1];
    }
    shmem_barrier_all();
    for (int pe = 0; pe < comm_size; pe++) {
        int displ;
        shmem_int_get(&displ, &recv_displ[my_rank], 1, pe);
        shmem_int_put(&key_buff2[displ], &key_buff1[send_displ[pe]], (size_t)send_count[pe], pe);
    }
    shmem_barrier_all();

    const int min_key_val = process_bucket_distrib_ptr1[my_rank] << shift;
    const int max_key_val = ((process_bucket_distrib_ptr2[my_rank] + 1) << shift) - 1;
    for (int i = 0; i < max_key_val - min_key_val + 1; i++) {
        key_buff1[i] = 0;
    }
    int m = 0;
    for (int k = 0; k < my_rank; k++) {
        for (int i = process_bucket_distrib_ptr1[k]; i <= process_bucket_distrib_ptr2[k]; i++) {
            m += bucket_size_totals[i];
        }
    }
    j = 0;
    for (int i = process_bucket_distrib_ptr1[my_rank]; i <= process_bucket_distrib_ptr2[my_rank];
         i++) {
        j += bucket_size_totals[i];
    }
    int* key_buff_ptr = key_buff1 - min_key_val;
    for (int i = 0; i < j; i++) {
        key_buff_ptr[key_buff2[i]]++;
    }
    for (int i = min_key_val; i < max_key_val; i++) {
        key_buff_ptr[i + 1] += key_buff_ptr[i];
    }

    for (int i = 0; i < TEST_ARRAY_SIZE; i++) {
        const int k = bucket_size_totals[i + NUM_BUCKETS];
        if (min_key_val <= k && k <= max_key_val) {
            const int key_rank = key_buff_ptr[k - 1] + m;
            const int expected =
                i <= 2 ? test_rank_array[i] + iteration : test_rank_array[i] - iteration;
            if (key_rank == expected) {
                passed_verification++;
            } else {
                printf("PE %d: failed partial verification: iteration %d, test key %d\n", my_rank,
                       iteration, i);
            }
        }
    }
    if (iteration == MAX_ITERATIONS) {
        key_buff_ptr_global = key_buff_ptr;
        total_local_keys = j;
        total_lesser_keys = 0;
    }
}

static void full_verify(void) {
    for (int i = 0; i < total_local_keys; i++) {
        key_array[--key_buff_ptr_global[key_buff2[i]] - total_lesser_keys] = key_buff2[i];
    }
    shmem_barrier_all();
    int j = 0;
    if (my_rank > 0 && total_local_keys > 0) {
        /* the left neighbour's largest key is the last of its sorted keys; it may have none */
        static int left_keys;
        shmem_int_get(&left_keys, &total_local_keys, 1, my_rank - 1);
        if (left_keys > 0) {
            int k;
            shmem_int_get(&k, &key_array[left_keys - 1], 1, my_rank - 1);
            j += k > key_array[0];
        }
    }
    for (int i = 1; i < total_local_keys; i++) {
        j += key_array[i - 1] > key_array[i];
    }
    if (j != 0) {
        printf("PE %d: full verification: %d keys out of order\n", my_rank, j);
    } else {
        passed_verification++;
    }
}

int main(void) {
    start_pes(0);
    comm_size = _num_pes();
    my_rank = _my_pe();
    if (comm_size > MAX_PES) {
        printf("PE %d: at most %d PEs\n", my_rank, MAX_PES);
        return 1;
    }
    keys_per_pe = (TOTAL_KEYS + comm_size - 1) / comm_size;
    num_keys = my_rank == comm_size - 1 ? TOTAL_KEYS - keys_per_pe * (comm_size - 1) : keys_per_pe;
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++) {
        pSync[i] = SHMEM_SYNC_VALUE;
    }
    create_seq(find_my_seed(my_rank, 314159265.00, 1220703125.00), 1220703125.00);
    shmem_barrier_all();

    rank(1);
    passed_verification = 0;
    const clock_t start = clock();
    for (int iteration = 1; iteration <= MAX_ITERATIONS; iteration++) {
        rank(iteration);
    }
    static double seconds, max_seconds, min_seconds, sum_seconds;
    seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    shmem_double_max_to_all(&max_seconds, &seconds, 1, 0, 0, comm_size, dWrk, pSync);
    shmem_double_min_to_all(&min_seconds, &seconds, 1, 0, 0, comm_size, dWrk, pSync);
    shmem_double_sum_to_all(&sum_seconds, &seconds, 1, 0, 0, comm_size, dWrk, pSync);

    full_verify();
    static int passed, total_passed;
    passed = passed_verification;
    shmem_int_sum_to_all(&total_passed, &passed, 1, 0, 0, comm_size, iWrk, pSync);
    const int verified = total_passed == 5 * MAX_ITERATIONS + comm_size;
    if (my_rank == 0) {
        printf("is: class S, %d PEs, %d checks passed: %s (guest clock: %.3f s slowest, %.3f s "
               "fastest, %.3f s on average)\n",
               comm_size, total_passed, verified ? "verified" : "FAILED", max_seconds, min_seconds,
               sum_seconds / comm_size);
    }
    return !verified;
}
