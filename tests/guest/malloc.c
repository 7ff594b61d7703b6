// malloc, calloc, realloc and free from picolibc's allocator: many sizes, contents kept across
// realloc, and a deterministic stress loop. The heap grows through sbrk into the RAM region the
// linker script gives the program, so this also checks that the emulator backs that memory.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void check(int condition, const char* what, size_t detail) {
    if (!condition) {
        printf("FAILED: %s (%zu)\n", what, detail);
        failures++;
    }
}

// A byte that depends on the block and on the offset, so that blocks swapped or shifted by the
// allocator are told apart.
static uint8_t pattern_byte(uint32_t block_id, size_t offset) {
    return (uint8_t)(block_id * 131u + offset * 7u + (offset >> 8));
}

static void fill(uint8_t* block, uint32_t block_id, size_t size) {
    for (size_t i = 0; i < size; i++)
        block[i] = pattern_byte(block_id, i);
}

static int holds_pattern(const uint8_t* block, uint32_t block_id, size_t size) {
    for (size_t i = 0; i < size; i++)
        if (block[i] != pattern_byte(block_id, i))
            return 0;
    return 1;
}

static void test_many_sizes(void) {
    enum { COUNT = 30 };
    uint8_t* blocks[COUNT];
    size_t sizes[COUNT];
    size_t size = 1;
    for (int i = 0; i < COUNT; i++) {
        sizes[i] = size;
        blocks[i] = malloc(size);
        check(blocks[i] != NULL, "malloc returned NULL", size);
        // picolibc's small allocator promises 8-byte alignment, not alignof(max_align_t).
        check(((uintptr_t)blocks[i] & 7) == 0, "malloc result not 8-byte aligned", size);
        fill(blocks[i], (uint32_t)i, size);
        size = size * 3 / 2 + 1;
    }
    for (int i = 0; i < COUNT; i++)
        check(holds_pattern(blocks[i], (uint32_t)i, sizes[i]), "block overwritten", sizes[i]);
    for (int i = 0; i < COUNT; i += 2)
        free(blocks[i]);
    for (int i = 1; i < COUNT; i += 2)
        check(holds_pattern(blocks[i], (uint32_t)i, sizes[i]), "block damaged by free", sizes[i]);
    for (int i = 1; i < COUNT; i += 2)
        free(blocks[i]);
    printf("many sizes: %d blocks from 1 to %zu bytes\n", COUNT, sizes[COUNT - 1]);
}

static void test_calloc(void) {
    // Dirty some memory first, so that calloc must really clear what it hands back.
    uint8_t* dirty = malloc(100000);
    memset(dirty, 0xa5, 100000);
    free(dirty);
    size_t total_nonzero = 0;
    for (size_t count = 1; count <= 100000; count *= 10) {
        uint32_t* block = calloc(count, sizeof *block);
        check(block != NULL, "calloc returned NULL", count);
        for (size_t i = 0; i < count; i++)
            total_nonzero += block[i] != 0;
        free(block);
    }
    printf("calloc: nonzero words %zu\n", total_nonzero);
    // count * size overflows 64 bits: calloc must refuse rather than hand out a tiny block. The
    // count is volatile so that the compiler does not reject the overflowing constant product.
    volatile size_t huge_count = SIZE_MAX / 2;
    void* overflowing = calloc(huge_count, 4);
    printf("calloc overflow: %s\n", overflowing == NULL ? "NULL" : "not NULL");
    void* too_big = malloc((size_t)1 << 40);
    printf("malloc 1 TiB: %s\n", too_big == NULL ? "NULL" : "not NULL");
}

static void test_realloc(void) {
    uint8_t* block = realloc(NULL, 10);
    fill(block, 7, 10);
    size_t size = 10;
    int grows = 0;
    while (size < 1000000) {
        size_t new_size = size * 5 / 2;
        block = realloc(block, new_size);
        check(block != NULL, "realloc grow returned NULL", new_size);
        check(holds_pattern(block, 7, size), "realloc lost contents while growing", new_size);
        fill(block, 7, new_size);
        size = new_size;
        grows++;
    }
    size_t largest = size;
    int shrinks = 0;
    while (size > 3) {
        size /= 3;
        block = realloc(block, size);
        check(block != NULL, "realloc shrink returned NULL", size);
        check(holds_pattern(block, 7, size), "realloc lost contents while shrinking", size);
        shrinks++;
    }
    free(block);
    printf("realloc: %d grows up to %zu bytes, %d shrinks, contents preserved\n", grows, largest,
           shrinks);
}

// A linear congruential generator, so the stress sequence is the same on every machine.
static uint64_t random_state = 0x2545f4914f6cdd1dULL;
static uint32_t next_random(void) {
    random_state = random_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(random_state >> 33);
}

static void test_stress(void) {
    enum { SLOTS = 256, ROUNDS = 10000 };
    uint8_t* blocks[SLOTS] = {0};
    size_t sizes[SLOTS] = {0};
    uint32_t ids[SLOTS] = {0};
    uint64_t checksum = 0;
    for (uint32_t round = 1; round <= ROUNDS; round++) {
        uint32_t slot = next_random() % SLOTS;
        uint32_t choice = next_random() % 8;
        if (blocks[slot] != NULL) {
            check(holds_pattern(blocks[slot], ids[slot], sizes[slot]), "stress block damaged",
                  sizes[slot]);
            checksum = checksum * 31 + blocks[slot][sizes[slot] / 2];
        }
        // Mostly small blocks, sometimes large ones, as real programs allocate.
        size_t size = choice < 6 ? next_random() % 256 + 1 : next_random() % 16384 + 1;
        if (choice == 7 && blocks[slot] != NULL) {
            size_t kept = sizes[slot] < size ? sizes[slot] : size;
            blocks[slot] = realloc(blocks[slot], size);
            check(blocks[slot] != NULL, "stress realloc returned NULL", size);
            check(holds_pattern(blocks[slot], ids[slot], kept), "stress realloc lost contents",
                  size);
        } else {
            free(blocks[slot]);
            blocks[slot] = malloc(size);
            check(blocks[slot] != NULL, "stress malloc returned NULL", size);
        }
        ids[slot] = round;
        sizes[slot] = size;
        fill(blocks[slot], round, size);
    }
    size_t live_bytes = 0;
    for (int i = 0; i < SLOTS; i++) {
        if (blocks[i] != NULL) {
            check(holds_pattern(blocks[i], ids[i], sizes[i]), "stress block damaged at end",
                  sizes[i]);
            live_bytes += sizes[i];
        }
        free(blocks[i]);
    }
    printf("stress: %d rounds, %zu live bytes at the end, checksum %016llx\n", ROUNDS, live_bytes,
           (unsigned long long)checksum);
}

int main(void) {
    test_many_sizes();
    test_calloc();
    test_realloc();
    test_stress();
    // After everything was freed, a large block must fit again: the free list coalesced.
    void* large = malloc(16 << 20);
    printf("16 MiB after freeing everything: %s\n", large == NULL ? "NULL" : "not NULL");
    free(large);
    printf("failures: %d\n", failures);
    return failures == 0 ? 0 : 1;
}
