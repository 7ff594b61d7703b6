// CPU-bound integer benchmark in the style of Dhrystone and CoreMark: linked-list traversal and
// reversal (pointer chasing), a small integer matrix kernel (array indexing, a little
// multiplication), a character state machine (unpredictable branches), insertion sort and
// recursive calls, with a CRC-32 folding every result into the checksum.
// usage: integer_kernel.elf [iterations]. Each iteration starts from a seed derived from its index,
// so no work can be hoisted out of the loop, and the program checks its own intermediate results.
#include "speed_kernel.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum {
    LIST_LENGTH = 64,
    MATRIX_SIZE = 12,
    TEXT_LENGTH = 160,
    SORT_LENGTH = 40,
};

static unsigned self_check_failures;

// Bitwise CRC-32 (the reflected 0xedb88320 polynomial of zlib and Ethernet).
static uint32_t crc32_update_byte(uint32_t crc, uint8_t byte) {
    crc ^= byte;
    for (int bit = 0; bit < 8; bit++)
        crc = (crc & 1) ? (crc >> 1) ^ 0xedb88320u : crc >> 1;
    return crc;
}

static uint32_t __attribute__((noinline)) crc32_update_word(uint32_t crc, uint32_t word) {
    for (int i = 0; i < 4; i++)
        crc = crc32_update_byte(crc, (uint8_t)(word >> (8 * i)));
    return crc;
}

struct list_node {
    struct list_node* next;
    int32_t value;
    uint16_t tag;
};

static struct list_node list_pool[LIST_LENGTH];

static struct list_node* build_list(uint32_t seed) {
    // Links the pool in a scattered order so traversal jumps around memory.
    struct list_node* head = NULL;
    for (int i = 0; i < LIST_LENGTH; i++) {
        struct list_node* node = &list_pool[((uint32_t)i * 37u + seed) % LIST_LENGTH];
        node->value = (int32_t)((seed ^ (uint32_t)(i * 2654435761u)) >> 8) - (1 << 22);
        node->tag = (uint16_t)i;
        node->next = head;
        head = node;
    }
    return head;
}

static struct list_node* __attribute__((noinline)) reverse_list(struct list_node* head) {
    struct list_node* reversed = NULL;
    while (head != NULL) {
        struct list_node* next = head->next;
        head->next = reversed;
        reversed = head;
        head = next;
    }
    return reversed;
}

static int32_t __attribute__((noinline)) list_work(uint32_t seed) {
    struct list_node* head = build_list(seed);
    int32_t maximum = INT32_MIN;
    int32_t weighted = 0;
    for (struct list_node* node = head; node != NULL; node = node->next) {
        if (node->value > maximum)
            maximum = node->value;
        weighted += node->value >> (node->tag & 7);
    }
    head = reverse_list(head);
    // After one reversal the tags must ascend.
    uint16_t expected_tag = 0;
    for (struct list_node* node = head; node != NULL; node = node->next)
        if (node->tag != expected_tag++)
            self_check_failures++;
    reverse_list(head);
    return maximum ^ weighted;
}

static int32_t matrix_a[MATRIX_SIZE][MATRIX_SIZE];
static int32_t matrix_b[MATRIX_SIZE][MATRIX_SIZE];
static int32_t matrix_c[MATRIX_SIZE][MATRIX_SIZE];

static int32_t __attribute__((noinline)) matrix_work(uint32_t seed) {
    for (int i = 0; i < MATRIX_SIZE; i++)
        for (int j = 0; j < MATRIX_SIZE; j++) {
            matrix_a[i][j] = (int32_t)((seed + (uint32_t)(i * 31 + j * 17)) & 0xff) - 128;
            matrix_b[i][j] = (int32_t)((seed >> 3) ^ (uint32_t)(i * 7 + j)) & 0x3f;
        }
    int32_t trace = 0;
    for (int i = 0; i < MATRIX_SIZE; i++)
        for (int j = 0; j < MATRIX_SIZE; j++) {
            int32_t sum = 0;
            for (int k = 0; k < MATRIX_SIZE; k++)
                sum += matrix_a[i][k] * matrix_b[k][j];
            matrix_c[i][j] = sum;
        }
    int32_t column_bits = 0;
    for (int i = 0; i < MATRIX_SIZE; i++) {
        trace += matrix_c[i][i];
        for (int j = 0; j < MATRIX_SIZE; j++)
            if (matrix_c[i][j] > 0)
                column_bits ^= 1 << j;
    }
    return trace + (column_bits << 16);
}

enum scan_state {
    STATE_START,
    STATE_INTEGER,
    STATE_FRACTION,
    STATE_EXPONENT,
    STATE_WORD,
    STATE_INVALID
};

static char text[TEXT_LENGTH + 1];

static void build_text(uint32_t seed) {
    static const char alphabet[] = "0123456789.e+-, abcxyz";
    uint32_t state = seed | 1;
    for (int i = 0; i < TEXT_LENGTH; i++) {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        text[i] = alphabet[state % (sizeof alphabet - 1)];
    }
    text[TEXT_LENGTH] = '\0';
}

// Classifies comma- or space-separated tokens as integers, decimals, numbers with exponents,
// words or invalid, the way CoreMark's state machine does.
static uint32_t __attribute__((noinline)) state_machine_work(uint32_t seed) {
    build_text(seed);
    uint32_t counts[6] = {0};
    enum scan_state state = STATE_START;
    for (const char* c = text;; c++) {
        char ch = *c;
        if (ch == ',' || ch == ' ' || ch == '\0') {
            if (state != STATE_START)
                counts[state]++;
            state = STATE_START;
            if (ch == '\0')
                break;
            continue;
        }
        int digit = ch >= '0' && ch <= '9';
        int letter = ch >= 'a' && ch <= 'z' && ch != 'e';
        switch (state) {
        case STATE_START:
            state = digit || ch == '+' || ch == '-' ? STATE_INTEGER
                    : ch == '.'                     ? STATE_FRACTION
                    : letter || ch == 'e'           ? STATE_WORD
                                                    : STATE_INVALID;
            break;
        case STATE_INTEGER:
            state = digit       ? STATE_INTEGER
                    : ch == '.' ? STATE_FRACTION
                    : ch == 'e' ? STATE_EXPONENT
                                : STATE_INVALID;
            break;
        case STATE_FRACTION:
            state = digit ? STATE_FRACTION : ch == 'e' ? STATE_EXPONENT : STATE_INVALID;
            break;
        case STATE_EXPONENT:
            state = digit || ch == '+' || ch == '-' ? STATE_EXPONENT : STATE_INVALID;
            break;
        case STATE_WORD:
            state = letter || ch == 'e' ? STATE_WORD : STATE_INVALID;
            break;
        case STATE_INVALID:
            break;
        }
    }
    uint32_t result = 0;
    for (int i = 1; i < 6; i++)
        result = result * 33 + counts[i];
    return result;
}

static int32_t sort_buffer[SORT_LENGTH];

static uint32_t __attribute__((noinline)) sort_work(uint32_t seed) {
    uint32_t state = seed * 2891336453u + 1;
    for (int i = 0; i < SORT_LENGTH; i++) {
        state = state * 1664525u + 1013904223u;
        sort_buffer[i] = (int32_t)(state >> 12) - (1 << 19);
    }
    for (int i = 1; i < SORT_LENGTH; i++) {
        int32_t key = sort_buffer[i];
        int j = i - 1;
        while (j >= 0 && sort_buffer[j] > key) {
            sort_buffer[j + 1] = sort_buffer[j];
            j--;
        }
        sort_buffer[j + 1] = key;
    }
    for (int i = 1; i < SORT_LENGTH; i++)
        if (sort_buffer[i - 1] > sort_buffer[i])
            self_check_failures++;
    return (uint32_t)(sort_buffer[0] ^ sort_buffer[SORT_LENGTH / 2] ^ sort_buffer[SORT_LENGTH - 1]);
}

// Ackermann-like recursion on tiny arguments: many short calls and returns.
static uint32_t __attribute__((noinline)) recursive_work(uint32_t depth, uint32_t value) {
    if (depth == 0)
        return value + 1;
    if (value == 0)
        return recursive_work(depth - 1, 1);
    return recursive_work(depth - 1, recursive_work(depth, value - 1) & 7);
}

static uint32_t run_iteration(uint32_t iteration, uint32_t crc) {
    uint32_t seed = iteration * 0x9e3779b9u + 0x12345u;
    crc = crc32_update_word(crc, (uint32_t)list_work(seed));
    crc = crc32_update_word(crc, (uint32_t)matrix_work(seed));
    crc = crc32_update_word(crc, state_machine_work(seed));
    crc = crc32_update_word(crc, sort_work(seed));
    crc = crc32_update_word(crc, recursive_work(2, seed & 3));
    return crc;
}

int main(int argc, char** argv) {
    long iterations = speed_kernel_iterations(argc, argv, "integer_kernel.elf", 1000);
    // The CRC-32 check value of "123456789" is 0xcbf43926; a different value means the CRC code
    // itself is miscomputed.
    uint32_t check = 0xffffffffu;
    for (const char* c = "123456789"; *c; c++)
        check = crc32_update_byte(check, (uint8_t)*c);
    if ((check ^ 0xffffffffu) != 0xcbf43926u)
        self_check_failures++;

    uint32_t crc = 0xffffffffu;
    for (long i = 0; i < iterations; i++)
        crc = run_iteration((uint32_t)i, crc);
    printf("integer_kernel iterations: %ld\n", iterations);
    printf("integer_kernel checksum: 0x%08" PRIx32 "\n", crc ^ 0xffffffffu);
    printf("integer_kernel self-check: %s\n", self_check_failures == 0 ? "passed" : "FAILED");
    return self_check_failures == 0 ? 0 : 1;
}
