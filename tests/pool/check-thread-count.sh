#!/bin/sh
# A run's threads stay those of the pool and a few of xbemu's own, however many PEs it has.
# Runs the command in the background, samples its thread count (/proc/PID/status) every 50 ms
# until it ends, and checks that the largest count is at most LIMIT and that the command exited
# with EXPECTED_STATUS.
# usage: check-thread-count.sh LIMIT EXPECTED_STATUS command...
set -u
limit=$1 expected=$2
shift 2
"$@" >/dev/null 2>&1 &
pid=$!
most=0
while [ -r /proc/$pid/status ]; do
    threads=$(awk '/^Threads:/ { print $2 }' /proc/$pid/status 2>/dev/null)
    if [ -n "$threads" ] && [ "$threads" -gt "$most" ]; then
        most=$threads
    fi
    sleep 0.05
done
wait $pid
status=$?
report="at most $most threads (limit $limit), exit status $status (expected $expected)"
if [ "$most" -gt 0 ] && [ "$most" -le "$limit" ] && [ $status -eq "$expected" ]; then
    echo "PASS: $report"
    exit 0
fi
echo "FAIL: $report"
exit 1
