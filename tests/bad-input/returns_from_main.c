/* Linked without picolibc's --crt0=semihost: when main returns, the default start-up code goes
 * into a loop that never ends, which xbemu must name rather than call a wait for other PEs. */
#include <stdio.h>

int main(void) {
    printf("returning from main\n");
    return 3;
}
