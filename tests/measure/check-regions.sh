#!/bin/sh
# Runs tests/measure/regions.c and checks what its measurement hints made of --stats-json
# (check-regions.cmake): the regions' exact instruction counts (and cycles), the reset, the two
# labelled dumps, and the "run" object's description of the run.
# usage: check-regions.sh CMAKE XBEMU MPIRUN|- PES functional|cycle roi|whole ELF [MACHINE]
# (MACHINE: a machine description with caches, whose L1I figures are checked too)
set -u
cmake=$1 xbemu=$2 mpirun=$3 pes=$4 timing=$5 counting=$6 elf=$7 machine=${8:-}
set --
caches=OFF
if [ -n "$machine" ]; then
    caches=ON
    set -- --machine "$machine"
fi
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
set -- --timing "$timing" --stats-json "$work/stats.json" "$@"
[ "$counting" = roi ] && set -- --stats-roi "$@"
if [ "$mpirun" = - ]; then
    launcher=in-process
    set -- "$xbemu" -n "$pes" "$@"
else
    launcher=mpirun
    set -- "$mpirun" -np "$pes" "$xbemu" "$@"
fi
if ! timeout -k 5 300 "$@" "$elf" >"$work/out" 2>"$work/err"; then
    echo "FAIL: exit status $?: $*"
    head -20 "$work/err"
    exit 1
fi
lines=$(grep -c "^regions done" "$work/out")
if [ "$lines" -ne "$pes" ]; then
    echo "FAIL: $lines of $pes PEs printed their line:"
    cat "$work/out"
    exit 1
fi
"$cmake" -DJSON="$work/stats.json" -DPES="$pes" -DTIMING="$timing" -DCOUNTING="$counting" \
    -DLAUNCHER="$launcher" -DCACHES="$caches" -P "$here/check-regions.cmake"
