// Double-precision benchmark: a dense matrix multiply (fused multiply-adds), one step of an
// n-body simulation (sqrt and division) and Simpson integration of a function with a known
// integral (sqrt, division, log). Each iteration perturbs its inputs with the iteration index, so
// no work can be hoisted out of the loop, and checks its results against mathematical identities
// with tolerances. The checksum is printed in hexadecimal, so runs on two emulators can be
// compared bit for bit.
// usage: fp_kernel.elf [iterations]
#include "speed_kernel.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum {
    MATRIX_SIZE = 20,
    BODY_COUNT = 16,
    INTEGRATION_INTERVALS = 200,
};

static unsigned self_check_failures;

static double matrix_a[MATRIX_SIZE][MATRIX_SIZE];
static double matrix_b[MATRIX_SIZE][MATRIX_SIZE];
static double matrix_c[MATRIX_SIZE][MATRIX_SIZE];

static double __attribute__((noinline)) matrix_work(uint32_t iteration) {
    double shift = (double)(iteration % 1000) * 0.001;
    for (int i = 0; i < MATRIX_SIZE; i++)
        for (int j = 0; j < MATRIX_SIZE; j++) {
            matrix_a[i][j] = (double)((i * 7 + j * 3) % 11) * 0.1 - 0.5 + shift;
            matrix_b[i][j] = (double)((i * 5 + j * 9) % 13) * 0.07 - shift * 0.3;
        }
    for (int i = 0; i < MATRIX_SIZE; i++)
        for (int j = 0; j < MATRIX_SIZE; j++) {
            double sum = 0.0;
            for (int k = 0; k < MATRIX_SIZE; k++)
                sum += matrix_a[i][k] * matrix_b[k][j];
            matrix_c[i][j] = sum;
        }
    // The sum of all entries of A*B equals the sum over k of (column k of A) * (row k of B).
    double total = 0.0;
    double expected_total = 0.0;
    for (int k = 0; k < MATRIX_SIZE; k++) {
        double column_sum = 0.0;
        double row_sum = 0.0;
        for (int i = 0; i < MATRIX_SIZE; i++) {
            column_sum += matrix_a[i][k];
            row_sum += matrix_b[k][i];
            total += matrix_c[k][i];
        }
        expected_total += column_sum * row_sum;
    }
    if (fabs(total - expected_total) > 1e-9 * (1.0 + fabs(expected_total)))
        self_check_failures++;
    return total + matrix_c[iteration % MATRIX_SIZE][(iteration / 3) % MATRIX_SIZE];
}

struct body {
    double x, y, z;
    double vx, vy, vz;
    double mass;
};

static struct body bodies[BODY_COUNT];

static double total_momentum_x(void) {
    double momentum = 0.0;
    for (int i = 0; i < BODY_COUNT; i++)
        momentum += bodies[i].mass * bodies[i].vx;
    return momentum;
}

static double __attribute__((noinline)) nbody_work(uint32_t iteration) {
    for (int i = 0; i < BODY_COUNT; i++) {
        double angle = (double)i * 0.39269908169872414 + (double)(iteration % 360) * 0.01;
        double radius = 1.0 + (double)i * 0.25;
        bodies[i].x = radius * (1.0 - angle * angle * 0.5);
        bodies[i].y = radius * angle;
        bodies[i].z = (double)(i % 3) * 0.1 - 0.1;
        bodies[i].vx = -0.01 * bodies[i].y;
        bodies[i].vy = 0.01 * bodies[i].x;
        bodies[i].vz = 0.0;
        bodies[i].mass = 1.0 + (double)(i % 4) * 0.5;
    }
    double momentum_before = total_momentum_x();
    const double time_step = 0.001;
    const double softening = 1e-3;
    double potential = 0.0;
    // Pairwise forces: equal and opposite, so total momentum must not change.
    for (int i = 0; i < BODY_COUNT; i++)
        for (int j = i + 1; j < BODY_COUNT; j++) {
            double dx = bodies[j].x - bodies[i].x;
            double dy = bodies[j].y - bodies[i].y;
            double dz = bodies[j].z - bodies[i].z;
            double distance_squared = dx * dx + dy * dy + dz * dz + softening;
            double distance = sqrt(distance_squared);
            double magnitude = time_step / (distance_squared * distance);
            potential -= bodies[i].mass * bodies[j].mass / distance;
            bodies[i].vx += dx * bodies[j].mass * magnitude;
            bodies[i].vy += dy * bodies[j].mass * magnitude;
            bodies[i].vz += dz * bodies[j].mass * magnitude;
            bodies[j].vx -= dx * bodies[i].mass * magnitude;
            bodies[j].vy -= dy * bodies[i].mass * magnitude;
            bodies[j].vz -= dz * bodies[i].mass * magnitude;
        }
    double kinetic = 0.0;
    for (int i = 0; i < BODY_COUNT; i++) {
        bodies[i].x += time_step * bodies[i].vx;
        bodies[i].y += time_step * bodies[i].vy;
        bodies[i].z += time_step * bodies[i].vz;
        kinetic += 0.5 * bodies[i].mass *
                   (bodies[i].vx * bodies[i].vx + bodies[i].vy * bodies[i].vy +
                    bodies[i].vz * bodies[i].vz);
    }
    if (fabs(total_momentum_x() - momentum_before) > 1e-12)
        self_check_failures++;
    return kinetic + potential;
}

// f(x) = 1 / (x * sqrt(x + a)); its antiderivative is log((sqrt(x+a) - sqrt(a)) /
// (sqrt(x+a) + sqrt(a))) / sqrt(a), so Simpson's result can be checked.
static double integrand(double x, double a) {
    return 1.0 / (x * sqrt(x + a));
}

static double antiderivative(double x, double a) {
    double root = sqrt(x + a);
    double root_a = sqrt(a);
    return log((root - root_a) / (root + root_a)) / root_a;
}

static double __attribute__((noinline)) integration_work(uint32_t iteration) {
    double a = 1.0 + (double)(iteration % 97) * 0.03125;
    double lower = 1.0;
    double upper = 3.0;
    double step = (upper - lower) / INTEGRATION_INTERVALS;
    double sum = integrand(lower, a) + integrand(upper, a);
    for (int i = 1; i < INTEGRATION_INTERVALS; i++)
        sum += integrand(lower + i * step, a) * (i % 2 == 1 ? 4.0 : 2.0);
    double simpson = sum * step / 3.0;
    double exact = antiderivative(upper, a) - antiderivative(lower, a);
    if (fabs(simpson - exact) > 1e-9)
        self_check_failures++;
    return simpson;
}

int main(int argc, char** argv) {
    long iterations = speed_kernel_iterations(argc, argv, "fp_kernel.elf", 100);
    double checksum = 0.0;
    for (long i = 0; i < iterations; i++) {
        uint32_t iteration = (uint32_t)i;
        // Scaling by a power of two keeps every term visible in the sum's last bits.
        checksum = checksum * 0.5 + matrix_work(iteration);
        checksum = checksum * 0.5 + nbody_work(iteration);
        checksum = checksum * 0.5 + integration_work(iteration);
    }
    printf("fp_kernel iterations: %ld\n", iterations);
    printf("fp_kernel checksum: %a (%.12e)\n", checksum, checksum);
    printf("fp_kernel self-check: %s\n", self_check_failures == 0 ? "passed" : "FAILED");
    return self_check_failures == 0 ? 0 : 1;
}
