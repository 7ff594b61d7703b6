/* Misuses of the PIMP library, one per run (the argument names it); each must end the job with
 * one line on standard error and status 1 rather than hang or trap:
 *   node        a send to a node that does not exist
 *   root        a broadcast from a root that does not exist
 *   too-long    a message longer than the receive buffer
 *   word        a receive of one word that gets two
 *   sizes       a gather where node 1 passes a size other than the root's
 *   bitwise     XOR of doubles
 *   itself      a blocking receive from itself with no send posted
 *   pending     pimp_finalize with a receive still pending
 *   uninitialised  a send before pimp_init
 * Only node 0 misuses the library where every node could (the others wait in a barrier), so that
 * one line comes out. Run with at least 2 nodes; on a machine without PIMP, pimp_init reports
 * that itself. */
#include "pimp.h"

#include <stdio.h>
#include <string.h>

static const char* const misuses[] = {"node",    "root",   "too-long", "word",         "sizes",
                                      "bitwise", "itself", "pending",  "uninitialised"};

int main(int argc, char** argv) {
    const char* misuse = argc > 1 ? argv[1] : "";
    int known = 0;
    for (size_t i = 0; i < sizeof misuses / sizeof *misuses; ++i) {
        known |= strcmp(misuse, misuses[i]) == 0;
    }
    if (!known) {
        fprintf(stderr, "usage: misuse node|root|too-long|word|sizes|bitwise|itself|pending|"
                        "uninitialised\n");
        return 2;
    }
    if (strcmp(misuse, "uninitialised") == 0 && pimp_id() == 0) {
        pimp_send_word(1, 1);
    }
    if (pimp_init() != 0) {
        return 1;
    }
    const int me = pimp_my_node();
    const int nodes = pimp_node_count();
    uint64_t words[2] = {1, 2};
    /* The cases that take two nodes: node 1 plays its part, node 0 fails. */
    if (strcmp(misuse, "too-long") == 0 || strcmp(misuse, "word") == 0) {
        if (me == 1) {
            pimp_send(0, words, sizeof words);
        } else if (me == 0 && misuse[0] == 'w') {
            pimp_receive_word(1);
        } else if (me == 0) {
            pimp_receive(1, words, 12);
        }
    } else if (strcmp(misuse, "sizes") == 0) {
        pimp_gather(words, words, me == 1 ? 4 : 8, 0);
    } else if (me != 0) {
        /* The others wait below until node 0 ends the job. */
    } else if (strcmp(misuse, "node") == 0) {
        pimp_send_word(nodes, 1);
    } else if (strcmp(misuse, "root") == 0) {
        pimp_broadcast(words, sizeof words, nodes + 3);
    } else if (strcmp(misuse, "bitwise") == 0) {
        double value = 1.0;
        pimp_allreduce(&value, &value, 1, PIMP_DOUBLE, PIMP_XOR);
    } else if (strcmp(misuse, "itself") == 0) {
        pimp_receive(me, words, sizeof words);
    } else if (strcmp(misuse, "pending") == 0) {
        pimp_request request;
        pimp_ireceive(1, words, sizeof words, &request);
        pimp_finalize();
    }
    pimp_barrier();
    return 0;
}
