#!/bin/sh
# Runs a command and checks how it ended: exact exit status, and optionally its output.
# usage: run-program.sh [--exit N] [--stdout FILE] [--match REGEX]... [--no-match REGEX]...
#                       [--timeout S] -- command...
#   --exit N      required exit status (default 0)
#   --stdout FILE standard output must equal FILE byte for byte
#   --match RE    standard output + error must contain a line matching the extended regex RE
#   --no-match RE standard output + error must contain no line matching RE
#   --lines N     standard error must have exactly N lines (a "one-line error" check)
#   --max-cpu-share P  the host CPU time of the command (user and system, its descendants
#                 included) must stay below P percent of its wall-clock time
# A command killed by a signal, or still running after the timeout, always fails.
set -u
expected_exit=0
expected_stdout=""
stderr_lines=""
timeout_seconds=120
max_cpu_share=""
patterns_file=$(mktemp)
absent_patterns_file=$(mktemp)
out=$(mktemp)
err=$(mktemp)
times_file=$(mktemp)
trap 'rm -f "$patterns_file" "$absent_patterns_file" "$out" "$err" "$times_file"' EXIT
while [ $# -gt 0 ]; do
    case "$1" in
    --exit) expected_exit=$2; shift 2 ;;
    --stdout) expected_stdout=$2; shift 2 ;;
    --match) printf '%s\n' "$2" >>"$patterns_file"; shift 2 ;;
    --no-match) printf '%s\n' "$2" >>"$absent_patterns_file"; shift 2 ;;
    --lines) stderr_lines=$2; shift 2 ;;
    --timeout) timeout_seconds=$2; shift 2 ;;
    --max-cpu-share) max_cpu_share=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "run-program.sh: unknown option $1" >&2; exit 2 ;;
    esac
done

started=$(date +%s.%N)
timeout -k 5 "$timeout_seconds" "$@" <"/dev/null" >"$out" 2>"$err"
status=$?
ended=$(date +%s.%N)
failed=0
# A status above 128 is a guest's exit status when it is the one expected (guests may exit with
# any byte); otherwise it most likely means a signal.
if [ "$status" -eq "$expected_exit" ]; then
    :
elif [ $status -eq 124 ] || [ $status -eq 137 ]; then
    echo "FAIL: still running after ${timeout_seconds}s: $*"
    failed=1
elif [ $status -gt 128 ]; then
    echo "FAIL: exit status $status (killed by signal $((status - 128))?), expected $expected_exit: $*"
    failed=1
else
    echo "FAIL: exit status $status, expected $expected_exit: $*"
    failed=1
fi
if [ -n "$expected_stdout" ] && ! cmp -s "$out" "$expected_stdout"; then
    echo "FAIL: standard output differs from $expected_stdout:"
    diff "$expected_stdout" "$out" | head -40
    failed=1
fi
while IFS= read -r pattern; do
    if ! cat "$out" "$err" | grep -E -q -- "$pattern"; then
        echo "FAIL: no output line matches: $pattern"
        failed=1
    fi
done <"$patterns_file"
while IFS= read -r pattern; do
    if cat "$out" "$err" | grep -E -q -- "$pattern"; then
        echo "FAIL: an output line matches: $pattern"
        failed=1
    fi
done <"$absent_patterns_file"
if [ -n "$stderr_lines" ] && [ "$(wc -l <"$err")" -ne "$stderr_lines" ]; then
    echo "FAIL: standard error has $(wc -l <"$err") lines, expected $stderr_lines"
    failed=1
fi
if [ -n "$max_cpu_share" ]; then
    # The second line of `times`: user and system time of the shell's finished children, as
    # "1m2.345s 0m0.120s". Not in a pipeline, whose subshell would have no children of its own.
    times >"$times_file"
    share=$(sed -n 2p "$times_file" | awk -v started="$started" -v ended="$ended" '
        function seconds(text) { split(text, part, /[ms]/); return part[1] * 60 + part[2] }
        { printf "%.0f", 100 * (seconds($1) + seconds($2)) / (ended - started) }')
    if [ "$share" -ge "$max_cpu_share" ]; then
        echo "FAIL: used ${share}% of one host CPU over the run, expected below ${max_cpu_share}%"
        failed=1
    fi
fi
if [ $failed -ne 0 ]; then
    echo "--- stdout (first 40 lines)"; head -40 "$out"
    echo "--- stderr (first 40 lines)"; head -40 "$err"
    exit 1
fi
echo "PASS: $*"
