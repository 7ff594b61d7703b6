#!/bin/sh
# The cycle timing mode's promise: the same program, arguments and machine give the same output,
# cycles and statistics on every run, with any number of host threads, in one process and under
# mpirun, and with the commit log on (which runs one instruction at a time); the --trace file too;
# and on both engines: the runs use the default engine (the JIT where built), one of them
# translating every block at its first run, and one runs on the interpreter.
# usage: check-determinism.sh [--without-commit-log] XBEMU MPIRUN|- PES ELF [xbemu options...] --
#        [guest arguments...]
# (--without-commit-log: for programs that poll for long, whose every polling instruction the
# commit log would record.)
set -u
variants="threads2 threads4 interp log"
if [ "$1" = --without-commit-log ]; then
    variants="threads2 threads4 interp"
    shift
fi
xbemu=$1 mpirun=$2 pes=$3 elf=$4
shift 4
options=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do options="$options $1"; shift; done
[ $# -gt 0 ] && shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() { # name command...
    name=$1
    shift
    if ! timeout -k 5 600 "$@" >"$work/$name.out" 2>"$work/$name.err"; then
        echo "FAIL: $name exited with status $?: $*"
        cat "$work/$name.err" | head -20
        exit 1
    fi
    [ -s "$work/$name.json" ] || { echo "FAIL: $name wrote no statistics"; exit 1; }
    [ -s "$work/$name.trace" ] || { echo "FAIL: $name wrote no trace"; exit 1; }
}

# shellcheck disable=SC2086
run threads1 "$xbemu" --timing cycle -n "$pes" --host-threads 1 $options \
    --stats-json "$work/threads1.json" --trace "$work/threads1.trace" "$elf" "$@"
for variant in $variants; do
    case $variant in
    threads2) extra="--host-threads 2" ;;
    threads4) extra="--host-threads 4 --jit-threshold 1" ;;
    interp) extra="--host-threads 2 --engine interp" ;;
    log) extra="--host-threads 2 --log-file $work/commit.log" ;;
    esac
    # shellcheck disable=SC2086
    run $variant "$xbemu" --timing cycle -n "$pes" $extra $options \
        --stats-json "$work/$variant.json" --trace "$work/$variant.trace" "$elf" "$@"
done
if [ "$mpirun" != "-" ]; then
    for transport in shm rma; do
        # shellcheck disable=SC2086
        run mpi-$transport "$mpirun" -np "$pes" "$xbemu" --timing cycle --transport $transport \
            $options --stats-json "$work/mpi-$transport.json" --trace "$work/mpi-$transport.trace" "$elf" "$@"
    done
fi
# The "run" object names the command line and launcher, which differ on purpose.
"$(dirname "$0")/../tools/drop-run-description.sh" "$work"/*.json || exit 1
failed=0
for result in "$work"/*.json; do
    name=$(basename "$result" .json)
    [ "$name" = threads1 ] && continue
    if ! cmp -s "$work/threads1.json" "$result"; then
        echo "FAIL: statistics of $name differ from one host thread's:"
        diff "$work/threads1.json" "$result" | head -20
        failed=1
    fi
    # With the commit log every polling loop runs (and is logged) rather than being skipped:
    # the same waits and messages, no polling slices.
    if [ "$name" = log ]; then
        grep -v '"name": "polling"' "$work/threads1.trace" >"$work/reference.trace"
    else
        cp "$work/threads1.trace" "$work/reference.trace"
    fi
    if ! cmp -s "$work/reference.trace" "$work/$name.trace"; then
        echo "FAIL: the trace of $name differs from one host thread's"
        failed=1
    fi
    if ! cmp -s "$work/threads1.out" "$work/$name.out"; then
        echo "FAIL: output of $name differs from one host thread's:"
        diff "$work/threads1.out" "$work/$name.out" | head -20
        failed=1
    fi
done
grep -q '"cycles"' "$work/threads1.json" || { echo "FAIL: no cycles in the statistics"; failed=1; }
[ $failed -eq 0 ] && echo "PASS: $(ls "$work"/*.json | wc -l) runs of $pes PEs agree ($(grep -m1 '"cycles"' "$work/threads1.json" | tr -d ' ,'))"
exit $failed
