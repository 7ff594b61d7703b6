#!/bin/sh
# The cycles and instructions of every PE of a cycle-mode run, against the figures recorded in
# EXPECTED: what the scheduler reads of a PE without touching it (its state as of its last run,
# run ahead or message arrival) must leave every PE's simulated time exactly as it was.
# usage: check-pe-cycles.sh XBEMU EXPECTED ELF [xbemu options...] -- [guest arguments...]
set -u
xbemu=$1 expected=$2 elf=$3
shift 3
options=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do options="$options $1"; shift; done
[ $# -gt 0 ] && shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC2086
timeout -k 5 600 "$xbemu" --timing cycle $options --stats-json "$work/stats.json" "$elf" "$@" \
    >"$work/out" 2>"$work/err"
status=$?
if [ $status -ne 0 ]; then
    echo "FAIL: xbemu exited with status $status"
    head -20 "$work/err"
    exit 1
fi
grep -E '^ *"(cycles|instructions|pe)":' "$work/stats.json" | tr -d ' ,' >"$work/cycles"
if ! cmp -s "$expected" "$work/cycles"; then
    echo "FAIL: the PEs' cycles or instructions differ from $expected:"
    diff "$expected" "$work/cycles" | head -20
    exit 1
fi
echo "PASS: $(grep -c '"pe"' "$work/cycles") PEs as recorded ($(head -1 "$work/cycles"))"
