#!/bin/sh
# Runs a PIMP job that was given --stats-json JSON and requires its per-pair message counts to
# equal the EXPECTED table ("sender receiver messages" per pair that exchanged any). The job must
# exit 0 within 120 seconds.
# usage: check-message-pairs.sh EXPECTED JSON CMAKE -- command...
set -u
expected=$1
json=$2
cmake=$3
shift 3
[ "${1:-}" = -- ] && shift
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rm -f "$json"
timeout -k 5 120 "$@" </dev/null >"$work/output" 2>&1
status=$?
if [ $status -ne 0 ]; then
    echo "FAIL: exit status $status, expected 0: $*"
    cat "$work/output"
    exit 1
fi
if ! "$cmake" -DJSON="$json" -DOUTPUT="$work/pairs" -P "$here/message-pairs-from-json.cmake"; then
    echo "FAIL: no per-pair message counts in $json"
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
