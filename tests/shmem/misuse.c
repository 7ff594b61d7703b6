/* Misuse that the standard leaves undefined must stop the program with one line on standard
 * error and exit status 1, never hang or go on: the case named by the last argument. */
#include <shmem.h>
#include <stdint.h>
#include <string.h>

static long flag;
static uint64_t signal_word;

int main(int argc, char** argv) {
    const char* misuse = argc > 1 ? argv[argc - 1] : "";
    shmem_init();
    if (strcmp(misuse, "destroy-world") == 0) {
        shmem_team_destroy(SHMEM_TEAM_WORLD);
    } else if (strcmp(misuse, "comparison") == 0) {
        shmem_long_wait_until(&flag, 42, 0);
    } else if (strcmp(misuse, "signal-operation") == 0) {
        shmem_long_put_signal(&flag, &flag, 1, &signal_word, 1, 7, 0);
    } else if (strcmp(misuse, "context-pe") == 0) {
        shmem_ctx_t ctx;
        shmem_team_create_ctx(SHMEM_TEAM_SHARED, 0, &ctx);
        shmem_ctx_long_p(ctx, &flag, 1, 1);
    } else if (strcmp(misuse, "root") == 0) {
        shmem_long_broadcast(SHMEM_TEAM_WORLD, &flag, &flag, 1, shmem_n_pes());
    } else if (strcmp(misuse, "free") == 0) {
        shmem_free(&flag);
    }
    shmem_finalize();
    return 0;
}
