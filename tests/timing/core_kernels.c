/* Runs the kernels of core_kernels.S and prints the cycles each took (see the derivations
 * there). Run in the cycle timing mode with the default machine. */
#include <stdint.h>
#include <stdio.h>

long add_loop(long iterations);
long load_use_chain(void* self_pointer);
long independent_loads(void* self_pointer);
long calls(void);
long multiplies(long value);
long divides_32(long value);
long divides_64(long value);
long floating_point(long value);
long float_load_use(const double* value);
long trap_round_trip(void);

int main(void) {
    static void* self = &self;
    static const double two = 2.0;
    printf("add_loop(1000): %ld\n", add_loop(1000));
    printf("load_use_chain: %ld\n", load_use_chain(&self));
    printf("independent_loads: %ld\n", independent_loads(&self));
    printf("calls: %ld\n", calls());
    printf("multiplies: %ld\n", multiplies(3));
    printf("divides_32: %ld\n", divides_32(123456789));
    printf("divides_64: %ld\n", divides_64(123456789));
    printf("floating_point: %ld\n", floating_point(7));
    printf("float_load_use: %ld\n", float_load_use(&two));
    printf("trap_round_trip: %ld\n", trap_round_trip());
    return 0;
}
