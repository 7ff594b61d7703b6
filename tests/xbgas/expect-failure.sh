#!/bin/sh
# Runs a command that must fail cleanly: an exit status from 1 to 123 (not a timeout, not a
# signal, not a command that could not start), and optionally output that matches. For mpirun,
# whose own status when a rank fails is not fixed, where run-program.sh would need one exact
# status.
# usage: expect-failure.sh [--match REGEX]... [--timeout S] -- command...
#   --match RE    standard output + error must contain a line matching the extended regex RE
set -u
timeout_seconds=60
patterns_file=$(mktemp)
output=$(mktemp)
trap 'rm -f "$patterns_file" "$output"' EXIT
while [ $# -gt 0 ]; do
    case "$1" in
    --match) printf '%s\n' "$2" >>"$patterns_file"; shift 2 ;;
    --timeout) timeout_seconds=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "expect-failure.sh: unknown option $1" >&2; exit 2 ;;
    esac
done

timeout -k 5 "$timeout_seconds" "$@" <"/dev/null" >"$output" 2>&1
status=$?
failed=0
if [ $status -eq 0 ]; then
    echo "FAIL: exit status 0, expected a failure: $*"
    failed=1
elif [ $status -eq 124 ] || [ $status -eq 137 ]; then
    echo "FAIL: still running after ${timeout_seconds}s: $*"
    failed=1
elif [ $status -gt 123 ]; then
    echo "FAIL: exit status $status (a signal, or the command did not start): $*"
    failed=1
fi
while IFS= read -r pattern; do
    if ! grep -E -q -- "$pattern" "$output"; then
        echo "FAIL: no output line matches: $pattern"
        failed=1
    fi
done <"$patterns_file"
if [ $failed -ne 0 ]; then
    echo "--- output (first 40 lines)"; head -40 "$output"
    exit 1
fi
echo "PASS (exit status $status): $*"
