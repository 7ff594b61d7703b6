// Single-precision benchmark: a FIR filter over a signal (fused multiply-adds), the
// normalisation of a set of vectors (sqrt and division) and a histogram of their directions
// (conversions to and from integers, compares). Each iteration perturbs its inputs with the
// iteration index, so no work can be hoisted out of the loop, and checks its results against
// identities with tolerances fit for single precision. The checksum is printed as the bits of a
// float and in hexadecimal, so runs on two emulators can be compared bit for bit.
// usage: fp32_kernel.elf [iterations]
#include "speed_kernel.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    SIGNAL_LENGTH = 512,
    TAP_COUNT = 16,
    VECTOR_COUNT = 96,
    HISTOGRAM_BINS = 16,
};

static unsigned self_check_failures;

static float signal[SIGNAL_LENGTH + TAP_COUNT];
static float taps[TAP_COUNT];
static float filtered[SIGNAL_LENGTH];

static float __attribute__((noinline)) filter_work(uint32_t iteration) {
    float offset = (float)(iteration % 1000) * 0.001f;
    for (int i = 0; i < SIGNAL_LENGTH + TAP_COUNT; i++)
        signal[i] = (float)((i * 13 + (int)iteration) % 29) * 0.05f - 0.7f + offset;
    float tap_sum = 0.0f;
    for (int k = 0; k < TAP_COUNT; k++) {
        taps[k] = 1.0f / (float)(k + 2) - 0.2f;
        tap_sum += taps[k];
    }
    float output_sum = 0.0f;
    for (int i = 0; i < SIGNAL_LENGTH; i++) {
        float y = 0.0f;
        for (int k = 0; k < TAP_COUNT; k++)
            y += taps[k] * signal[i + k];
        filtered[i] = y;
        output_sum += y;
    }
    // Summed over the outputs, tap k meets the samples k to k + SIGNAL_LENGTH - 1.
    float window = 0.0f;
    for (int i = 0; i < SIGNAL_LENGTH; i++)
        window += signal[i];
    float expected_sum = 0.0f;
    for (int k = 0; k < TAP_COUNT; k++) {
        expected_sum += taps[k] * window;
        window += signal[k + SIGNAL_LENGTH] - signal[k];
    }
    if (fabsf(output_sum - expected_sum) > 1e-3f * (1.0f + fabsf(expected_sum)))
        self_check_failures++;
    return output_sum * tap_sum + filtered[iteration % SIGNAL_LENGTH];
}

static float vector_x[VECTOR_COUNT];
static float vector_y[VECTOR_COUNT];
static float vector_z[VECTOR_COUNT];

static float __attribute__((noinline)) vector_work(uint32_t iteration) {
    for (int i = 0; i < VECTOR_COUNT; i++) {
        vector_x[i] = (float)(i + (int)(iteration % 7)) * 0.25f + 1.0f;
        vector_y[i] = (float)(i * 3 % 17) - 8.5f;
        vector_z[i] = copysignf((float)(i % 5) + 0.5f, vector_y[i]);
    }
    float length_sum = 0.0f;
    for (int i = 0; i < VECTOR_COUNT; i++) {
        float length = sqrtf(vector_x[i] * vector_x[i] + vector_y[i] * vector_y[i] +
                             vector_z[i] * vector_z[i]);
        vector_x[i] /= length;
        vector_y[i] /= length;
        vector_z[i] /= length;
        length_sum += length;
        float unit =
            vector_x[i] * vector_x[i] + vector_y[i] * vector_y[i] + vector_z[i] * vector_z[i];
        if (fabsf(unit - 1.0f) > 1e-5f)
            self_check_failures++;
    }
    // Every component of a unit vector lies in [-1, 1]: each falls into one of the bins.
    int histogram[HISTOGRAM_BINS] = {0};
    for (int i = 0; i < VECTOR_COUNT; i++) {
        int bin = (int)((vector_y[i] + 1.0f) * (HISTOGRAM_BINS / 2));
        if (bin >= HISTOGRAM_BINS)
            bin = HISTOGRAM_BINS - 1;
        if (vector_y[i] < -1.0f || vector_y[i] > 1.0f)
            self_check_failures++;
        histogram[bin]++;
    }
    int counted = 0;
    float weighted = 0.0f;
    for (int bin = 0; bin < HISTOGRAM_BINS; bin++) {
        counted += histogram[bin];
        weighted += (float)histogram[bin] * (float)(bin - HISTOGRAM_BINS / 2);
    }
    if (counted != VECTOR_COUNT)
        self_check_failures++;
    return length_sum * 0.01f + weighted;
}

int main(int argc, char** argv) {
    long iterations = speed_kernel_iterations(argc, argv, "fp32_kernel.elf", 100);
    // Scaling by a power of two keeps every term visible in the sum's last bits.
    float checksum = 0.0f;
    for (long i = 0; i < iterations; i++)
        checksum = (checksum * 0.5f + filter_work((uint32_t)i)) * 0.5f + vector_work((uint32_t)i);
    uint32_t bits;
    memcpy(&bits, &checksum, sizeof bits);
    printf("fp32_kernel iterations: %ld\n", iterations);
    printf("fp32_kernel checksum: 0x%08lx (%a)\n", (unsigned long)bits, (double)checksum);
    printf("fp32_kernel self-check: %s\n", self_check_failures == 0 ? "passed" : "FAILED");
    return self_check_failures == 0 ? 0 : 1;
}
