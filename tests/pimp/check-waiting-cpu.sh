#!/bin/sh
# A PE that waits for a slow partner must not burn host CPU: runs the command (which waits a
# couple of seconds of wall time with nothing to compute) and checks that it exits 0 having used
# less than LIMIT seconds of host CPU (user and system time of the command and its children).
# usage: check-waiting-cpu.sh LIMIT command...
set -u
limit=$1
shift
times_file=$(mktemp)
trap 'rm -f "$times_file"' EXIT
start=$(date +%s.%N)
"$@"
status=$?
end=$(date +%s.%N)
if [ $status -ne 0 ]; then
    echo "FAIL: exit status $status: $*"
    exit 1
fi
# The second line of `times`: the user and system time of the shell's children (this shell's:
# in a command substitution, `times` would report the subshell's).
times >"$times_file"
cpu=$(awk 'NR == 2 { split($1, u, "m"); split($2, s, "m");
                            sub("s", "", u[2]); sub("s", "", s[2]);
                            print u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$times_file")
wall=$(echo "$start $end" | awk '{ printf "%.2f", $2 - $1 }')
if awk -v cpu="$cpu" -v limit="$limit" 'BEGIN { exit !(cpu < limit) }'; then
    echo "PASS: ${cpu} s of host CPU in ${wall} s of wall time (limit ${limit} s)"
    exit 0
fi
echo "FAIL: ${cpu} s of host CPU in ${wall} s of wall time (limit ${limit} s)"
exit 1
