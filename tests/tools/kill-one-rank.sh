#!/bin/sh
# Starts a 3-rank job whose PEs 1 and 2 spin, kills one xbemu rank with SIGKILL, and requires
# mpirun to stop the others and exit non-zero within 20 seconds, leaving no xbemu behind.
# usage: kill-one-rank.sh MPIRUN XBEMU ELF
set -u
mpirun=$1
xbemu=$2
elf=$3
marker="kill-one-rank-$$"
# The marker in an argument makes this job's ranks easy to find and leaves the guest unchanged.
"$mpirun" -np 3 "$xbemu" --isa rv64gc_xbgas --transport shm "$elf" "$marker" </dev/null \
    >/dev/null 2>&1 &
launcher=$!
victim=""
for _ in $(seq 1 100); do
    victim=$(pgrep -f -n "^$xbemu .*$marker" || true)
    [ -n "$victim" ] && break
    sleep 0.1
done
if [ -z "$victim" ]; then
    echo "FAIL: the job's ranks did not start"
    kill "$launcher" 2>/dev/null
    exit 1
fi
sleep 0.5
kill -9 "$victim"
waited=0
while kill -0 "$launcher" 2>/dev/null; do
    if [ $waited -ge 200 ]; then
        echo "FAIL: mpirun still running 20 s after a rank was killed"
        pkill -9 -f "$marker"
        exit 1
    fi
    sleep 0.1
    waited=$((waited + 1))
done
wait "$launcher"
status=$?
sleep 0.2
if pgrep -f "^$xbemu .*$marker" >/dev/null; then
    echo "FAIL: xbemu ranks survived mpirun"
    pkill -9 -f "$marker"
    exit 1
fi
if [ $status -eq 0 ]; then
    echo "FAIL: mpirun exited 0 although a rank was killed"
    exit 1
fi
echo "PASS: mpirun exited $status after $((waited / 10)).$((waited % 10)) s; no rank left"
