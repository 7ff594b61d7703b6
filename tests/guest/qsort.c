// qsort of ints, doubles and structs. The comparisons run as callbacks through function pointers
// (indirect jumps with link), and every result is checked for order and for being a permutation
// of the input, so a wrong branch or a lost store shows up as a failure, not just as odd output.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t random_state = 88172645463325252ULL;
// xorshift64: the same sequence on every machine.
static uint64_t next_random(void) {
    random_state ^= random_state << 13;
    random_state ^= random_state >> 7;
    random_state ^= random_state << 17;
    return random_state;
}

static int compare_ints(const void* a, const void* b) {
    int left = *(const int*)a;
    int right = *(const int*)b;
    return (left > right) - (left < right);
}

static int compare_doubles(const void* a, const void* b) {
    double left = *(const double*)a;
    double right = *(const double*)b;
    return (left > right) - (left < right);
}

struct employee {
    char name[12];
    int department;
    long salary;
};

// Department ascending, then salary descending, then name: a total order, so the result is
// unique even though qsort is not stable.
static int compare_employees(const void* a, const void* b) {
    const struct employee* left = a;
    const struct employee* right = b;
    if (left->department != right->department)
        return left->department < right->department ? -1 : 1;
    if (left->salary != right->salary)
        return left->salary > right->salary ? -1 : 1;
    return strcmp(left->name, right->name);
}

// Order-independent fingerprint of a multiset of 64-bit words, to check that sorting only
// permuted the elements.
static uint64_t multiset_fingerprint(const uint64_t* words, size_t count) {
    uint64_t sum = 0;
    uint64_t xor_of_squares = 0;
    for (size_t i = 0; i < count; i++) {
        sum += words[i];
        xor_of_squares ^= words[i] * words[i] + 0x9e3779b97f4a7c15ULL;
    }
    return sum ^ (xor_of_squares << 1);
}

static int sort_ints(void) {
    enum { COUNT = 5000 };
    static int values[COUNT];
    static uint64_t widened[COUNT];
    for (int i = 0; i < COUNT; i++) {
        // Many duplicates and both signs.
        values[i] = (int)(next_random() % 2001) - 1000;
        widened[i] = (uint64_t)(int64_t)values[i];
    }
    uint64_t before = multiset_fingerprint(widened, COUNT);
    qsort(values, COUNT, sizeof values[0], compare_ints);
    int ordered = 1;
    for (int i = 0; i < COUNT; i++) {
        widened[i] = (uint64_t)(int64_t)values[i];
        if (i > 0 && values[i - 1] > values[i])
            ordered = 0;
    }
    int permutation = before == multiset_fingerprint(widened, COUNT);
    printf("ints: %d values, ordered %s, permutation %s, min %d median %d max %d\n", COUNT,
           ordered ? "yes" : "no", permutation ? "yes" : "no", values[0], values[COUNT / 2],
           values[COUNT - 1]);
    return ordered && permutation;
}

static int sort_doubles(void) {
    enum { COUNT = 3000 };
    static double values[COUNT];
    static uint64_t bits[COUNT];
    for (int i = 0; i < COUNT; i++) {
        int64_t mantissa = (int64_t)(next_random() >> 11) - (1LL << 52);
        values[i] = (double)mantissa / (double)(1 + next_random() % 1000000);
        memcpy(&bits[i], &values[i], sizeof bits[i]);
    }
    uint64_t before = multiset_fingerprint(bits, COUNT);
    qsort(values, COUNT, sizeof values[0], compare_doubles);
    int ordered = 1;
    for (int i = 0; i < COUNT; i++) {
        memcpy(&bits[i], &values[i], sizeof bits[i]);
        if (i > 0 && values[i - 1] > values[i])
            ordered = 0;
    }
    int permutation = before == multiset_fingerprint(bits, COUNT);
    printf("doubles: %d values, ordered %s, permutation %s, min %a median %a max %a\n", COUNT,
           ordered ? "yes" : "no", permutation ? "yes" : "no", values[0], values[COUNT / 2],
           values[COUNT - 1]);
    return ordered && permutation;
}

static int sort_structs(void) {
    enum { COUNT = 400 };
    static struct employee staff[COUNT];
    for (int i = 0; i < COUNT; i++) {
        snprintf(staff[i].name, sizeof staff[i].name, "emp%04d", (int)(next_random() % 10000));
        staff[i].department = (int)(next_random() % 7);
        staff[i].salary = 30000 + (long)(next_random() % 50) * 1000;
    }
    qsort(staff, COUNT, sizeof staff[0], compare_employees);
    int ordered = 1;
    uint64_t digest = 1469598103934665603ULL;
    for (int i = 0; i < COUNT; i++) {
        if (i > 0 && compare_employees(&staff[i - 1], &staff[i]) > 0)
            ordered = 0;
        // FNV-1a over the sorted records: pins down the whole order, not only its end points.
        for (const char* c = staff[i].name; *c; c++)
            digest = (digest ^ (uint8_t)*c) * 1099511628211ULL;
        digest = (digest ^ (uint64_t)staff[i].department) * 1099511628211ULL;
        digest = (digest ^ (uint64_t)staff[i].salary) * 1099511628211ULL;
    }
    printf("structs: %d records, ordered %s, digest %016llx\n", COUNT, ordered ? "yes" : "no",
           (unsigned long long)digest);
    for (int i = 0; i < 4; i++)
        printf("  %s department %d salary %ld\n", staff[i].name, staff[i].department,
               staff[i].salary);
    printf("  ...\n  %s department %d salary %ld\n", staff[COUNT - 1].name,
           staff[COUNT - 1].department, staff[COUNT - 1].salary);
    return ordered;
}

int main(void) {
    int ok = sort_ints();
    ok &= sort_doubles();
    ok &= sort_structs();
    // Sorting sorted and reverse-sorted input are the classic worst cases of a naive quicksort.
    int sorted[1000];
    for (int i = 0; i < 1000; i++)
        sorted[i] = 1000 - i;
    qsort(sorted, 1000, sizeof sorted[0], compare_ints);
    qsort(sorted, 1000, sizeof sorted[0], compare_ints);
    int still_ordered = 1;
    for (int i = 0; i < 1000; i++)
        still_ordered &= sorted[i] == i + 1;
    printf("reverse then sorted input: %s\n", still_ordered ? "ok" : "wrong");
    ok &= still_ordered;
    printf("%s\n", ok ? "all sorts correct" : "SORT FAILED");
    return ok ? 0 : 1;
}
