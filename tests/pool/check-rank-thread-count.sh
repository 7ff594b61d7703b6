#!/bin/sh
# Under mpirun, each rank's threads stay those of its pool and a few of xbemu's and MPI's own,
# however many PEs the rank has. Runs the command (an mpirun) in the background, samples the
# thread count (/proc/PID/status) of every xbemu process below it every 50 ms until it ends, and
# checks that the largest count of any rank is at most LIMIT, that the command exited with
# EXPECTED_STATUS and that its standard output has a line matching PATTERN (grep -E).
# usage: check-rank-thread-count.sh LIMIT EXPECTED_STATUS PATTERN command...
set -u
limit=$1 expected=$2 pattern=$3
shift 3
output=$(mktemp)
trap 'rm -f "$output"' EXIT
"$@" >"$output" 2>&1 &
pid=$!
# The processes below `pid`, one generation at a time.
descendants() {
    parents=$1
    while [ -n "$parents" ]; do
        children=
        for parent in $parents; do
            children="$children $(cat /proc/"$parent"/task/*/children 2>/dev/null)"
        done
        children=$(echo $children)
        [ -n "$children" ] && echo "$children"
        parents=$children
    done
}
most=0
ranks_seen=0
while [ -r /proc/$pid/status ]; do
    ranks=0
    for process in $(descendants $pid); do
        case $(cat /proc/"$process"/comm 2>/dev/null) in xbemu*) ;; *) continue ;; esac
        ranks=$((ranks + 1))
        threads=$(awk '/^Threads:/ { print $2 }' /proc/"$process"/status 2>/dev/null)
        if [ -n "$threads" ] && [ "$threads" -gt "$most" ]; then
            most=$threads
        fi
    done
    [ $ranks -gt $ranks_seen ] && ranks_seen=$ranks
    sleep 0.05
done
wait $pid
status=$?
matched=no
grep -Eq "$pattern" "$output" && matched=yes
report="at most $most threads in a rank of $ranks_seen (limit $limit), exit status $status (expected $expected), output matched: $matched"
if [ "$most" -gt 0 ] && [ "$most" -le "$limit" ] && [ $status -eq "$expected" ] && [ $matched = yes ]; then
    echo "PASS: $report"
    exit 0
fi
echo "FAIL: $report"
cat "$output"
exit 1
