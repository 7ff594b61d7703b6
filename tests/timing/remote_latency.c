/* Remote access latencies in the cycle timing mode, on the machine of mesh_4x4.json: a 4x4 mesh,
 * router_latency 5, hop_latency 3, 16-byte links, 8-byte headers, remote_service 7.
 *
 * A read request (header and address, 16 bytes) and its response (header and 8 bytes of data)
 * are one flit each, so over h hops each way takes 5 + 3h cycles and an eld takes
 * 2 (5 + 3h) + 7; with the first csrr: 18 + 6h. Its own object ID costs the service time only:
 * 1 + 7. A store (header, address, data: 24 bytes, two flits) takes 5 + 3h + 1 to arrive, its
 * acknowledgement 5 + 3h to return; with the esd and the fence waiting for it:
 * 1 + (6 + 3h) + 7 + (5 + 3h) = 19 + 6h.
 *
 * PE 0 measures; the other PEs only serve (a PE that has exited still answers). */
#include <stdio.h>
#include <xbgas.h>

long remote_read_cycles(uint64_t object, const void* address);
long remote_write_fence_cycles(uint64_t object, void* address);

static uint64_t word = 42;

int main(void) {
    if (xb_pe_id() != 0) {
        return 0;
    }
    const unsigned targets[] = {1, 5, 15};
    const unsigned hops[] = {1, 2, 6};
    for (unsigned i = 0; i < 3; ++i) {
        printf("read from PE %u (%u hops): %ld\n", targets[i], hops[i],
               remote_read_cycles(xb_object_of_pe(targets[i]), &word));
    }
    printf("read from PE 0 itself: %ld\n", remote_read_cycles(xb_object_of_pe(0), &word));
    printf("write and fence to PE 15 (6 hops): %ld\n",
           remote_write_fence_cycles(xb_object_of_pe(15), &word));
    return 0;
}
