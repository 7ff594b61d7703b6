#!/bin/sh
# Runs a PIMP job with --stats-json and requires its per-pair message counts to equal the
# EXPECTED table ("sender receiver messages" per pair that exchanged any). The job must exit 0.
# usage: check-message-pairs.sh EXPECTED CMAKE -- command... (the program is the last word)
set -u
expected=$1
cmake=$2
shift 2
[ "${1:-}" = -- ] && shift
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Every word but the last, then --stats-json, then the program.
count=$#
index=0
for word in "$@"; do
    index=$((index + 1))
    if [ $index -eq 1 ]; then
        set --
    fi
    if [ $index -eq $count ]; then
        set -- "$@" --stats-json "$work/statistics.json"
    fi
    set -- "$@" "$word"
done
timeout -k 5 120 "$@" </dev/null >"$work/output" 2>&1
status=$?
if [ $status -ne 0 ]; then
    echo "FAIL: exit status $status, expected 0: $*"
    cat "$work/output"
    exit 1
fi
if ! "$cmake" -DJSON="$work/statistics.json" -DOUTPUT="$work/pairs" \
    -P "$here/message-pairs-from-json.cmake"; then
    echo "FAIL: no per-pair message counts in the --stats-json file"
    exit 1
fi
sort "$work/pairs" >"$work/actual"
sort "$expected" >"$work/expected"
if ! cmp -s "$work/actual" "$work/expected"; then
    echo "FAIL: per-pair message counts (sender receiver messages) differ from $expected:"
    diff "$work/expected" "$work/actual"
    exit 1
fi
echo "per-pair message counts as expected: $(wc -l <"$work/actual") pairs"
