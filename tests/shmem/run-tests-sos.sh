#!/bin/sh
# Builds OpenSHMEM unit tests of tests-sos unmodified with xbcc -O2 and runs each on PES PEs
# (exit status 0 within SECONDS seconds: a pass); prints one line per test and a summary
# "tests-sos: N of M passed", and exits 1 when one failed. A test that does not build fails
# here, not the project's build.
# usage: run-tests-sos.sh XBCC XBEMU TESTS_SOS_DIR WORK_DIR PES SECONDS test.c...
set -u
[ $# -ge 7 ] || { echo "usage: run-tests-sos.sh XBCC XBEMU TESTS_SOS_DIR WORK_DIR PES SECONDS test.c..." >&2; exit 2; }
xbcc=$1
xbemu=$2
tests_sos=$3
work=$4
pes=$5
seconds=$6
shift 6
mkdir -p "$work"
passed=0
total=0
for source in "$@"; do
    name=$(basename "$source" .c)
    total=$((total + 1))
    elf="$work/$name.elf"
    log="$work/$name.log"
    if ! "$xbcc" -O2 -I"$tests_sos/test/include" "$source" -o "$elf" >"$log" 2>&1; then
        echo "FAIL $name: does not build ($log):"
        head -5 "$log"
        continue
    fi
    started=$(date +%s)
    timeout "$seconds" "$xbemu" --isa rv64gc_xbgas -n "$pes" "$elf" </dev/null >"$log" 2>&1
    status=$?
    took=$(($(date +%s) - started))
    if [ "$status" -eq 0 ]; then
        passed=$((passed + 1))
        echo "pass $name (${took} s)"
    elif [ "$status" -eq 124 ]; then
        echo "FAIL $name: still running after $seconds s ($log)"
    else
        echo "FAIL $name: exit status $status after ${took} s ($log):"
        tail -5 "$log"
    fi
done
echo "tests-sos: $passed of $total passed"
[ "$passed" -eq "$total" ]
