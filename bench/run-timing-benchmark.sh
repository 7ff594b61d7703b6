#!/bin/sh
# Cycle timing mode speed: each program runs in the functional and in the cycle mode in the same
# invocation, and the script prints instructions, host seconds (wall clock) and MIPS of
# simulated instructions for both, and the cycle mode's speed as a fraction of the functional
# mode's. Programs: the integer kernel on 1 PE, GUPS and NAS IS class S on 8 PEs in one process
# (--host-threads: the host's cores). Targets: 1 PE at >= 50 % of the functional mode's MIPS;
# 8 PEs at >= 20 M simulated instructions per second in all.
#
# usage: run-timing-benchmark.sh [--iterations N] [--gups-log2 K] [--pes P] [XBEMU [BENCH_DIR]]
#   XBEMU      the xbemu binary (default: build/app/xbemu in the repository)
#   BENCH_DIR  directory holding the bench_*.elf programs (default: build/bench)
#   --iterations N  integer kernel iterations (default 4000, about 0.1 G instructions)
#   --gups-log2 K   GUPS table of 2^K words per PE count (default 18)
#   --pes P         PEs of the multi-PE runs (default 8)
set -u

repository=$(cd "$(dirname "$0")/.." && pwd)
iterations=4000
gups_log2=18
pes=8
while [ $# -gt 0 ]; do
    case "$1" in
    --iterations) iterations=$2; shift 2 ;;
    --gups-log2) gups_log2=$2; shift 2 ;;
    --pes) pes=$2; shift 2 ;;
    -h | --help) sed -n '2,16s/^# \{0,1\}//p' "$0"; exit 0 ;;
    -*) echo "run-timing-benchmark.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
    *) break ;;
    esac
done
xbemu=${1:-$repository/build/app/xbemu}
bench_dir=${2:-$repository/build/bench}
if [ ! -x "$xbemu" ]; then
    echo "run-timing-benchmark.sh: xbemu binary not found or not executable: $xbemu" >&2
    exit 1
fi
for program in integer_kernel gups nas_is; do
    if [ ! -f "$bench_dir/bench_$program.elf" ]; then
        echo "run-timing-benchmark.sh: benchmark program not found: $bench_dir/bench_$program.elf" >&2
        exit 1
    fi
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }

# measure MODE PES ELF ARGS...: sets instructions and seconds; exits if the run failed.
measure() {
    mode=$1
    count=$2
    shift 2
    start=$(now)
    timeout -k 5 3600 "$xbemu" --isa rv64gc_xbgas --timing "$mode" -n "$count" --stats "$@" \
        </dev/null >"$work/out" 2>"$work/err"
    status=$?
    seconds=$(awk -v start="$start" -v end="$(now)" 'BEGIN { printf "%.3f", end - start }')
    if [ $status -ne 0 ]; then
        echo "run-timing-benchmark.sh: xbemu failed (exit status $status): --timing $mode -n $count $*" >&2
        tail -n 5 "$work/out" "$work/err" >&2
        exit 1
    fi
    instructions=$(sed -n 's/^  instructions: *\([0-9]*\)$/\1/p' "$work/err" | head -n 1)
    if [ -z "$instructions" ]; then
        echo "run-timing-benchmark.sh: xbemu --stats printed no 'instructions:' line" >&2
        exit 1
    fi
}

mips() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.1f", n / (s > 0 ? s : 0.001) / 1e6 }'; }

. "$repository/bench/provenance.sh"
bench_provenance "$xbemu" "functional and cycle timing modes (MIPS are host speed)"
echo
printf '%-22s %4s %14s %9s %9s %14s %9s %9s %7s\n' program PEs "instr (func)" "s (func)" \
    "MIPS" "instr (cycle)" "s (cycle)" "MIPS" ratio
row() { # NAME PES ELF ARGS...
    name=$1
    count=$2
    shift 2
    measure functional "$count" "$@"
    functional_instructions=$instructions functional_seconds=$seconds
    measure cycle "$count" "$@"
    functional_mips=$(mips "$functional_instructions" "$functional_seconds")
    cycle_mips=$(mips "$instructions" "$seconds")
    ratio=$(awk -v c="$cycle_mips" -v f="$functional_mips" 'BEGIN { printf "%.2f", c / f }')
    printf '%-22s %4s %14s %9s %9s %14s %9s %9s %7s\n' "$name" "$count" \
        "$functional_instructions" "$functional_seconds" "$functional_mips" "$instructions" \
        "$seconds" "$cycle_mips" "$ratio"
}
row "integer kernel" 1 "$bench_dir/bench_integer_kernel.elf" "$iterations"
row "GUPS 2^$gups_log2" "$pes" "$bench_dir/bench_gups.elf" "$gups_log2"
row "NAS IS class S" "$pes" "$bench_dir/bench_nas_is.elf" S
echo "ratio: the cycle mode's MIPS over the functional mode's (targets: >= 0.50 on 1 PE;"
echo "$pes PEs: >= 20 MIPS of simulated instructions in all)"
