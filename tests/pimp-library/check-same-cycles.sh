#!/bin/sh
# The cycle mode gives the same simulated cycles in one process and under mpirun: runs a guest
# with N PEs both ways and compares the output, which must not be empty.
# usage: check-same-cycles.sh MPIRUN N -- XBEMU_COMMAND...
# XBEMU_COMMAND is xbemu with its options (no -n) and the program with its arguments.
set -u
mpirun=$1
pes=$2
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
xbemu=$1
shift
if ! "$xbemu" -n "$pes" "$@" >"$work/in-process" 2>&1; then
    echo "FAIL: in one process:"
    cat "$work/in-process"
    exit 1
fi
if ! "$mpirun" -np "$pes" "$xbemu" "$@" >"$work/mpirun" 2>&1; then
    echo "FAIL: under mpirun:"
    cat "$work/mpirun"
    exit 1
fi
if [ ! -s "$work/in-process" ] || ! cmp -s "$work/in-process" "$work/mpirun"; then
    echo "FAIL: the outputs differ (in one process, then under mpirun):"
    cat "$work/in-process" "$work/mpirun"
    exit 1
fi
echo "PASS: the same $(wc -l <"$work/in-process") lines in one process and under mpirun with $pes ranks"
