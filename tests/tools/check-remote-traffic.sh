#!/bin/sh
# Runs an xBGAS job that was given --stats and --stats-json JSON, and requires both reports of
# remote traffic to equal the EXPECTED table: one line "pe target loads stores atomics bytes" per
# pair of PEs with any remote operation. The job must exit 0 within 120 seconds.
# usage: check-remote-traffic.sh EXPECTED JSON CMAKE -- command...
set -u
expected=$1
json=$2
cmake=$3
shift 3
[ "${1:-}" = -- ] && shift
here=$(cd "$(dirname "$0")" && pwd)
output=$(mktemp)
text_table=$(mktemp)
json_table=$(mktemp)
expected_table=$(mktemp)
trap 'rm -f "$output" "$text_table" "$json_table" "$expected_table"' EXIT
rm -f "$json"

timeout -k 5 120 "$@" </dev/null >"$output" 2>&1
status=$?
failed=0
if [ $status -ne 0 ]; then
    echo "FAIL: exit status $status, expected 0: $*"
    failed=1
fi
sed -n -E 's/^  PE ([0-9]+) -> PE ([0-9]+): remote loads ([0-9]+), stores ([0-9]+), atomics ([0-9]+), bytes ([0-9]+)$/\1 \2 \3 \4 \5 \6/p' \
    "$output" | sort >"$text_table"
sort "$expected" >"$expected_table"
if ! cmp -s "$text_table" "$expected_table"; then
    echo "FAIL: --stats reports other remote traffic (< expected, > reported):"
    diff "$expected_table" "$text_table"
    failed=1
fi
if [ ! -f "$json" ]; then
    echo "FAIL: no --stats-json file $json"
    failed=1
elif ! "$cmake" -DJSON="$json" -DOUTPUT="$json_table" -P "$here/remote-traffic-from-json.cmake"; then
    echo "FAIL: cannot read the remote traffic in $json"
    failed=1
elif ! sort "$json_table" | cmp -s - "$expected_table"; then
    echo "FAIL: --stats-json reports other remote traffic (< expected, > reported):"
    sort "$json_table" | diff "$expected_table" -
    failed=1
fi
if [ $failed -ne 0 ]; then
    echo "--- output (first 40 lines)"
    head -40 "$output"
    exit 1
fi
echo "PASS: $*"
