#!/bin/sh
# Speed benchmark: runs each benchmark kernel on xbemu (with --stats) and on qemu-system-riscv64
# with the same ELF and arguments, times both by wall clock, and prints instructions, seconds and
# MIPS for each and xbemu's speed relative to QEMU. QEMU cannot count instructions, so the count
# xbemu reports is used for both: the kernels are deterministic. A kernel whose xbemu run takes
# less than the minimum time is run again with proportionally more iterations.
#
# usage: run-speed-benchmark.sh [--min-seconds S] [--qemu PROGRAM] [XBEMU [BENCH_DIR]]
#   XBEMU      the xbemu binary (default: build/emulator/xbemu in the repository)
#   BENCH_DIR  directory holding bench_integer_kernel.elf and bench_fp_kernel.elf
#              (default: build/bench in the repository)
#   --min-seconds S  shortest acceptable xbemu run, in seconds (default 2)
#   --qemu PROGRAM   the QEMU binary (default qemu-system-riscv64)
set -u

repository=$(cd "$(dirname "$0")/.." && pwd)
min_seconds=2
qemu=qemu-system-riscv64
while [ $# -gt 0 ]; do
    case "$1" in
    --min-seconds) min_seconds=$2; shift 2 ;;
    --qemu) qemu=$2; shift 2 ;;
    -h | --help) sed -n '2,15s/^# \{0,1\}//p' "$0"; exit 0 ;;
    -*) echo "run-speed-benchmark.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
    *) break ;;
    esac
done
xbemu=${1:-$repository/build/emulator/xbemu}
bench_dir=${2:-$repository/build/bench}

if [ ! -x "$xbemu" ]; then
    echo "run-speed-benchmark.sh: xbemu binary not found or not executable: $xbemu" >&2
    exit 1
fi
if [ ! -d "$bench_dir" ]; then
    echo "run-speed-benchmark.sh: benchmark directory not found: $bench_dir" >&2
    exit 1
fi
for kernel in integer_kernel fp_kernel; do
    if [ ! -f "$bench_dir/bench_$kernel.elf" ]; then
        echo "run-speed-benchmark.sh: benchmark program not found: $bench_dir/bench_$kernel.elf" >&2
        exit 1
    fi
done
if ! command -v "$qemu" >/dev/null 2>&1; then
    echo "run-speed-benchmark.sh: QEMU not found: $qemu" >&2
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run_timeout=3600

now() { date +%s.%N; }
elapsed() { awk -v start="$1" -v end="$2" 'BEGIN { printf "%.3f", end - start }'; }

# The first number after "<label>:" on a --stats line, or nothing.
stats_value() {
    sed -n "s/.*$1: *\([0-9][0-9.eE+-]*\).*/\1/p" "$2" | head -n 1
}

# run_xbemu ELF ITERATIONS: sets xbemu_seconds, xbemu_instructions, xbemu_host_seconds,
# xbemu_reported_mips; exits with a message if the run failed or --stats said nothing.
run_xbemu() {
    start=$(now)
    timeout -k 5 "$run_timeout" "$xbemu" --stats "$1" "$2" <"/dev/null" \
        >"$work/xbemu.out" 2>"$work/xbemu.err"
    status=$?
    xbemu_seconds=$(elapsed "$start" "$(now)")
    if [ $status -ne 0 ]; then
        echo "run-speed-benchmark.sh: xbemu failed (exit status $status): $xbemu --stats $1 $2" >&2
        tail -n 5 "$work/xbemu.out" "$work/xbemu.err" >&2
        exit 1
    fi
    xbemu_instructions=$(stats_value instructions "$work/xbemu.err")
    xbemu_host_seconds=$(stats_value "host seconds" "$work/xbemu.err")
    xbemu_reported_mips=$(stats_value MIPS "$work/xbemu.err")
    if [ -z "$xbemu_instructions" ] || [ -z "$xbemu_host_seconds" ] || [ -z "$xbemu_reported_mips" ]; then
        echo "run-speed-benchmark.sh: xbemu --stats printed no 'instructions:', 'host seconds:' and 'MIPS:' lines on standard error" >&2
        exit 1
    fi
}

# The kernel's checksum line; the run must also have passed its own self-check.
checksum_of() {
    if ! grep -q "self-check: passed" "$1"; then
        echo "run-speed-benchmark.sh: $2 run of $3 did not pass its self-check:" >&2
        tail -n 5 "$1" >&2
        exit 1
    fi
    grep "checksum:" "$1"
}

# Starting iteration counts give roughly a billion instructions per kernel.
rows="$work/rows"
: >"$rows"
for kernel_and_iterations in integer_kernel:40000 fp_kernel:14000; do
    kernel=${kernel_and_iterations%%:*}
    iterations=${kernel_and_iterations#*:}
    elf="$bench_dir/bench_$kernel.elf"

    run_xbemu "$elf" "$iterations"
    attempts=1
    while [ $attempts -lt 4 ] &&
        awk -v s="$xbemu_seconds" -v min="$min_seconds" 'BEGIN { exit !(s < min) }'; do
        # Aim 20% above the minimum, so timing noise does not cause yet another run.
        iterations=$(awk -v n="$iterations" -v s="$xbemu_seconds" -v min="$min_seconds" \
            'BEGIN { if (s < 0.01) s = 0.01; printf "%.0f", int(n * min * 1.2 / s) + 1 }')
        echo "$kernel: xbemu took ${xbemu_seconds}s, running again with $iterations iterations" >&2
        run_xbemu "$elf" "$iterations"
        attempts=$((attempts + 1))
    done
    xbemu_checksum=$(checksum_of "$work/xbemu.out" xbemu "$kernel")

    start=$(now)
    # QEMU prints the guest's output on its standard error.
    timeout -k 5 "$run_timeout" "$repository/tests/tools/run-on-qemu.sh" "$qemu" "$elf" \
        "$iterations" <"/dev/null" >"$work/qemu.out" 2>&1
    status=$?
    qemu_seconds=$(elapsed "$start" "$(now)")
    if [ $status -ne 0 ]; then
        echo "run-speed-benchmark.sh: qemu failed (exit status $status) on $elf $iterations" >&2
        tail -n 5 "$work/qemu.out" >&2
        exit 1
    fi
    qemu_checksum=$(checksum_of "$work/qemu.out" qemu "$kernel")
    if [ "$xbemu_checksum" != "$qemu_checksum" ]; then
        echo "run-speed-benchmark.sh: $kernel computed different results: xbemu '$xbemu_checksum', qemu '$qemu_checksum'" >&2
        exit 1
    fi
    echo "$kernel $iterations $xbemu_instructions $xbemu_seconds $qemu_seconds $xbemu_host_seconds $xbemu_reported_mips" >>"$rows"
done

awk '
BEGIN {
    printf "%-15s %-9s %11s %14s %9s %9s %12s\n", "kernel", "emulator", "iterations",
           "instructions", "seconds", "MIPS", "xbemu/QEMU"
}
{
    kernel = $1; iterations = $2; instructions = $3; xbemu_s = $4; qemu_s = $5
    xbemu_mips = instructions / xbemu_s / 1e6
    qemu_mips = instructions / qemu_s / 1e6
    # %.0f rather than %d: mawk (the default awk on Debian) truncates %d to 32 bits.
    printf "%-15s %-9s %11.0f %14.0f %9.3f %9.1f %11.2fx\n", kernel, "xbemu", iterations,
           instructions, xbemu_s, xbemu_mips, xbemu_mips / qemu_mips
    printf "%-15s %-9s %11.0f %14.0f %9.3f %9.1f %12s\n", kernel, "qemu", iterations, instructions,
           qemu_s, qemu_mips, "-"
    notes = notes sprintf("%s: xbemu --stats reported %s host seconds, %s MIPS\n", kernel, $6, $7)
}
END {
    printf "\nSeconds are wall-clock time of the whole emulator process, MIPS = instructions / seconds;\n"
    printf "QEMU is credited with the instruction count xbemu reports (same ELF, same arguments).\n"
    printf "%s", notes
}' "$rows"
