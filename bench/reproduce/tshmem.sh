#!/bin/sh
# The TSHMEM paper (OpenSHMEM on Tilera TILE-Gx36 and TILEPro64): not reproduced yet. The
# report says so and the script exits 3.
set -eu
paper=tshmem
usage_extra=""
. "$(dirname "$0")/common.sh"
reproduce_parse "$@"
reproduce_not_yet "Not reproduced yet: the OpenSHMEM microbenchmark suite on 36 PEs (6 x 6 mesh) and 64 (8 x 8) is not written: put/get bandwidth by size, TSHMEM's linear wait/release barrier beside the runtime's dissemination barrier, push and pull broadcast, fcollect, int-sum reduction and one-way latency by hop distance (the paper's Figs. 5-12 and Table III). See docs/reproductions.md."
