#!/bin/sh
# The GASPI notified-collectives paper (notified allreduce and allgather(v) in shared windows):
# not reproduced yet. The runtime has no notified collectives to compare with its present
# algorithms; the report says so and the script exits 3.
set -eu
paper=gaspi
usage_extra=""
. "$(dirname "$0")/common.sh"
reproduce_parse "$@"
reproduce_not_yet "Not reproduced yet: the comparison needs notified collectives in xbrtime (a dissemination allreduce with put-with-signal for any PE count, a notified allgather and allgatherv) beside the runtime's present algorithms, a barrier per stage, at 1 and 100 integers on 2-64 PEs. They are not written; see docs/reproductions.md."
