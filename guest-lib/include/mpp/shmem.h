/* <mpp/shmem.h>, the include path of SGI SHMEM that OpenSHMEM implementations keep for older
 * programs: the same as <shmem.h>. */
#include "../shmem.h"
