#!/bin/sh
# Runs one xbemu command line on the JIT, translating every block at its first run, and on the
# interpreter: both must exit with the same status and print the same on stdout and stderr
# (with --max-instructions, the message names the pc where the run stopped). With --statistics,
# both also write --stats-json, which must be the same (the cycle mode's cycles and stalls).
# usage: compare-engines.sh [--statistics] XBEMU [ARGUMENT...]
set -u
statistics=no
if [ "${1:-}" = --statistics ]; then
    statistics=yes
    shift
fi
if [ $# -lt 1 ]; then
    echo "usage: compare-engines.sh [--statistics] XBEMU [ARGUMENT...]" >&2
    exit 2
fi
xbemu=$1
shift
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
run() { # engine options...
    engine=$1
    shift
    if [ "$statistics" = yes ]; then
        set -- --stats-json "$scratch/$engine.json" "$@"
    fi
    "$xbemu" --engine "$engine" "$@" >"$scratch/$engine.out" 2>"$scratch/$engine.err"
}
run jit --jit-threshold 1 "$@"
jit_status=$?
run interp "$@"
interp_status=$?
failed=0
if [ "$jit_status" -ne "$interp_status" ]; then
    echo "FAIL: exit status $jit_status on the JIT, $interp_status on the interpreter"
    failed=1
fi
for stream in out err; do
    if ! cmp -s "$scratch/jit.$stream" "$scratch/interp.$stream"; then
        echo "FAIL: std$stream differs (JIT, then interpreter):"
        diff "$scratch/jit.$stream" "$scratch/interp.$stream" | head -20
        failed=1
    fi
done
if [ "$statistics" = yes ]; then
    if [ ! -s "$scratch/jit.json" ]; then
        echo "FAIL: no statistics written"
        failed=1
    elif ! "$(dirname "$0")/../tools/drop-run-description.sh" "$scratch/jit.json" \
        "$scratch/interp.json" || ! cmp -s "$scratch/jit.json" "$scratch/interp.json"; then
        echo "FAIL: the statistics differ (JIT, then interpreter):"
        diff "$scratch/jit.json" "$scratch/interp.json" | head -20
        failed=1
    fi
fi
if [ "$failed" -eq 0 ]; then
    echo "same on both engines (exit status $jit_status):"
    cat "$scratch/jit.err"
fi
exit "$failed"
