/* Every PE waits for a message that nobody sends: PE 0 in bnr, the others too, except that PE 1
 * (when there is one) first fills its send FIFO with words to itself and then waits for room in
 * it. */
#include "pimp_test.h"

    PIMP_TEST_BEGIN
    li t0, 1
    bne PE_ID, t0, 2f
1:  PIMP_BNS(waits_for_room)
    PIMP_SEND(PE_ID, PE_ID)
    j 1b
waits_for_room:
    PIMP_BNS(waits_for_room)
2:
waits_for_message:
    PIMP_BNR(waits_for_message)
    RVTEST_PASS
    RVTEST_CODE_END
