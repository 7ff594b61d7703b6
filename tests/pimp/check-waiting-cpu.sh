#!/bin/sh
# A PE that waits for a slow partner must not burn host CPU. Runs the command (whose last word is
# the program; it waits a couple of seconds of wall time with nothing to compute) with
# --stats-json, and checks that it exits 0, that PE 0 (the waiting PE) used less than PE_LIMIT
# seconds of host CPU, and that the command and its children used less than TOTAL_LIMIT.
# usage: check-waiting-cpu.sh PE_LIMIT TOTAL_LIMIT COMMAND... PROGRAM
set -u
pe_limit=$1 total_limit=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start=$(date +%s.%N)
"$(dirname "$0")/../tools/with-options-before-program.sh" 2 --stats-json "$work/statistics.json" \
    "$@"
status=$?
end=$(date +%s.%N)
if [ $status -ne 0 ]; then
    echo "FAIL: exit status $status: $*"
    exit 1
fi
# The second line of `times`: the user and system time of this shell's children (in a command
# substitution, `times` would report the subshell's).
times >"$work/times"
total=$(awk 'NR == 2 { split($1, u, "m"); split($2, s, "m"); sub("s", "", u[2]);
                       sub("s", "", s[2]); print u[1] * 60 + u[2] + s[1] * 60 + s[2] }' \
        "$work/times")
# The PEs appear in order, and each PE's keys in alphabetical order: the first one is PE 0's.
pe=$(awk -F': ' '/"host_cpu_seconds"/ { sub(",", "", $2); print $2 + 0; exit }' \
     "$work/statistics.json")
wall=$(echo "$start $end" | awk '{ printf "%.2f", $2 - $1 }')
report="PE 0 used ${pe} s of host CPU (limit ${pe_limit}), everything ${total} s (limit ${total_limit}), in ${wall} s of wall time"
if [ -n "$pe" ] && awk -v pe="$pe" -v total="$total" -v pe_limit="$pe_limit" \
    -v total_limit="$total_limit" 'BEGIN { exit !(pe < pe_limit && total < total_limit) }'; then
    echo "PASS: $report"
    exit 0
fi
echo "FAIL: $report"
exit 1
