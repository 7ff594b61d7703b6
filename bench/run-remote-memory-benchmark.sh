#!/bin/sh
# Remote load/store latency and throughput of xBGAS for each transport, as a ratio to local
# loads/stores measured in the same invocation (the machine is shared and noisy: compare ratios).
# usage: bench/run-remote-memory-benchmark.sh [XBEMU [BENCH_DIR [COUNT]]]
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
xbemu=${1:-$repo/build/app/xbemu}
bench_dir=${2:-$repo/build/bench}
count=${3:-4000000}
elf=$bench_dir/bench_remote_memory.elf
[ -x "$xbemu" ] || { echo "run-remote-memory-benchmark.sh: no xbemu at $xbemu (build first)" >&2; exit 1; }
[ -f "$elf" ] || { echo "run-remote-memory-benchmark.sh: no $elf (build first)" >&2; exit 1; }

# Host seconds of one run, from xbemu --stats ("host seconds:" is the slowest PE's time).
seconds() {
    launcher=$1
    shift
    output=$($launcher "$xbemu" --stats --isa rv64gc_xbgas "$@" 2>&1 >/dev/null) || {
        echo "run-remote-memory-benchmark.sh: run failed: $launcher xbemu $*" >&2
        echo "$output" >&2
        exit 1
    }
    echo "$output" | awk '/host seconds:/ { value = $3 } END { print value }'
}

transports="in-process"
if command -v mpirun >/dev/null 2>&1; then
    transports="in-process mpi-shm mpi-rma"
fi

. "$repo/bench/provenance.sh"
bench_provenance "$xbemu" "functional timing mode (ns/op are host time)"
echo
printf '%-11s %-8s %12s %12s %10s\n' transport operation "local ns/op" "remote ns/op" remote/local
for transport in $transports; do
    # One-sided MPI costs tens of microseconds per access: fewer operations keep it short.
    operations=$count
    case $transport in
    in-process) launcher="env"; options="-n 2" ;;
    mpi-shm) launcher="mpirun -np 2"; options="--transport shm" ;;
    mpi-rma) launcher="mpirun -np 2"; options="--transport rma"; operations=$((count / 400 + 4)) ;;
    esac
    # Start-up and set-up cost, subtracted from every measurement.
    # shellcheck disable=SC2086
    base=$(seconds "$launcher" $options "$elf" latency local 0)
    for operation in latency loads stores; do
        # shellcheck disable=SC2086
        local_seconds=$(seconds "$launcher" $options "$elf" $operation local "$operations")
        # shellcheck disable=SC2086
        remote_seconds=$(seconds "$launcher" $options "$elf" $operation remote "$operations")
        awk -v t="$transport" -v o="$operation" -v b="$base" -v l="$local_seconds" \
            -v r="$remote_seconds" -v n="$operations" 'BEGIN {
                local_ns = (l - b) / n * 1e9; remote_ns = (r - b) / n * 1e9;
                if (local_ns < 0.01) local_ns = 0.01;
                printf "%-11s %-8s %12.2f %12.2f %9.2fx\n", t, o, local_ns, remote_ns, remote_ns / local_ns }'
    done
done
echo "ns/op: host time per guest memory operation (start-up subtracted); PE 0 accesses PE 1."
