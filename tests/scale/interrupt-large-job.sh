#!/bin/sh
# A SIGTERM to a large job ends it within seconds (issue 24: 65,536 cycle-mode PEs sent SIGTERM
# were still running 30 s later), with exit status 143 and one line:
#   start-up: while xbemu builds the PEs (it catches the signal from before, so the signal goes
#             out as soon as it does), before any PE runs: "... during start-up: no PE ran";
#   run:      once the PEs run (their host threads exist): "... stopped the PEs; ...".
# usage: interrupt-large-job.sh start-up|run SECONDS XBEMU arguments...
#   SECONDS: how long after the signal xbemu may take to end
set -u
when=$1
limit=$2
xbemu=$3
shift 3
err=$(mktemp)
trap 'rm -f "$err"' EXIT
"$xbemu" "$@" </dev/null >/dev/null 2>"$err" &
pid=$!
field() {
    sed -n "s/^$1:[[:space:]]*//p" "/proc/$pid/status" 2>/dev/null
}
# Whether xbemu catches SIGTERM (15): its bit in the SigCgt mask.
catches() {
    mask=$(field SigCgt)
    [ -n "$mask" ] && [ $((0x${mask#"${mask%????}"} >> 14 & 1)) -eq 1 ]
}
# Whether the PEs run: besides the main thread and the signal watcher, the thread that relays
# signals to the PEs and the scheduler's host threads exist only while they do.
runs() {
    threads=$(field Threads)
    [ -n "$threads" ] && [ "$threads" -ge 3 ]
}
case $when in
start-up) expected="xbemu: interrupted by SIGTERM during start-up: no PE ran" ready=catches ;;
*) expected="xbemu: interrupted by SIGTERM: stopped the PEs; statistics and trace cover the run so far" ready=runs ;;
esac
waited=0
until $ready; do
    if [ $waited -ge 6000 ] || ! kill -0 "$pid" 2>/dev/null; then
        echo "FAIL: xbemu did not get to the $when"
        kill -s KILL "$pid" 2>/dev/null
        exit 1
    fi
    sleep 0.01
    waited=$((waited + 1))
done
kill -s TERM "$pid"
waited=0
while kill -0 "$pid" 2>/dev/null && [ $waited -lt $((limit * 10)) ]; do
    sleep 0.1
    waited=$((waited + 1))
done
if kill -0 "$pid" 2>/dev/null; then
    echo "FAIL: still running $limit s after SIGTERM"
    kill -s KILL "$pid"
    exit 1
fi
wait "$pid"
status=$?
cat "$err"
if [ "$status" -ne 143 ]; then
    echo "FAIL: exit status $status, expected 143"
    exit 1
fi
if [ "$(wc -l <"$err")" -ne 1 ] || ! grep -qxF "$expected" "$err"; then
    echo "FAIL: standard error is not the one line '$expected'"
    exit 1
fi
echo "ended $((waited / 10)).$((waited % 10)) s after SIGTERM"
