#!/bin/sh
# Runs one xbemu command line on the JIT, translating every block at its first run, and on the
# interpreter: both must exit with the same status and print the same on stdout and stderr
# (with --max-instructions, the message names the pc where the run stopped).
# usage: compare-engines.sh XBEMU [ARGUMENT...]
set -u
if [ $# -lt 1 ]; then
    echo "usage: compare-engines.sh XBEMU [ARGUMENT...]" >&2
    exit 2
fi
xbemu=$1
shift
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$xbemu" --engine jit --jit-threshold 1 "$@" >"$scratch/jit.out" 2>"$scratch/jit.err"
jit_status=$?
"$xbemu" --engine interp "$@" >"$scratch/interp.out" 2>"$scratch/interp.err"
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
if [ "$failed" -eq 0 ]; then
    echo "same on both engines (exit status $jit_status):"
    cat "$scratch/jit.err"
fi
exit "$failed"
