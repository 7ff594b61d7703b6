#!/bin/sh
# Speed benchmark: runs each benchmark kernel on xbemu's JIT and interpreter (both with --stats),
# on qemu-system-riscv64 with the same ELF and arguments and, when a `spike` is on the PATH, on
# Spike with the kernel's HTIF build (bench_*_htif.elf: Spike has no semihosting) set to the same
# iteration count; times each by wall clock and prints instructions, seconds, MIPS and the speed
# relative to QEMU and to the interpreter. QEMU and Spike cannot count instructions, so the count
# xbemu reports is used for all: the kernels are deterministic. A kernel whose JIT run takes
# less than the minimum time is run again with proportionally more iterations, and every
# emulator then runs that many. Then the start-up time (one iteration of the integer kernel)
# and the host memory per PE (peak resident set of `xbemu -n 4` divided by 4) of each engine,
# and the speed of each engine in the cycle timing mode (a quarter of the starting iterations),
# where both must give the same simulated cycles and statistics.
# On a JIT-less build only the interpreter runs. Every emulator run is under a timeout.
#
# usage: run-speed-benchmark.sh [--min-seconds S] [--qemu PROGRAM] [--timeout S] [XBEMU [BENCH_DIR]]
#   XBEMU      the xbemu binary (default: build/app/xbemu in the repository)
#   BENCH_DIR  directory holding bench_integer_kernel.elf, bench_fp_kernel.elf and
#              bench_fp32_kernel.elf and their _htif builds (default: build/bench in the repository)
#   --min-seconds S  shortest acceptable JIT run, in seconds (default 2)
#   --qemu PROGRAM   the QEMU binary (default qemu-system-riscv64)
#   --timeout S      longest any one emulator run may take, in seconds (default 600)
set -u

repository=$(cd "$(dirname "$0")/.." && pwd)
min_seconds=2
qemu=qemu-system-riscv64
run_timeout=600
while [ $# -gt 0 ]; do
    case "$1" in
    --min-seconds) min_seconds=$2; shift 2 ;;
    --qemu) qemu=$2; shift 2 ;;
    --timeout) run_timeout=$2; shift 2 ;;
    -h | --help) sed -n '2,22s/^# \{0,1\}//p' "$0"; exit 0 ;;
    -*) echo "run-speed-benchmark.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
    *) break ;;
    esac
done
xbemu=${1:-$repository/build/app/xbemu}
bench_dir=${2:-$repository/build/bench}

if [ ! -x "$xbemu" ]; then
    echo "run-speed-benchmark.sh: xbemu binary not found or not executable: $xbemu" >&2
    exit 1
fi
if [ ! -d "$bench_dir" ]; then
    echo "run-speed-benchmark.sh: benchmark directory not found: $bench_dir" >&2
    exit 1
fi
for kernel in integer_kernel fp_kernel fp32_kernel; do
    if [ ! -f "$bench_dir/bench_$kernel.elf" ]; then
        echo "run-speed-benchmark.sh: benchmark program not found: $bench_dir/bench_$kernel.elf" >&2
        exit 1
    fi
done
if ! command -v "$qemu" >/dev/null 2>&1; then
    echo "run-speed-benchmark.sh: QEMU not found: $qemu" >&2
    exit 1
fi
# The engines this xbemu has, fastest first: the first one sets the iteration counts. A build
# without the JIT refuses --engine jit as a bad command line (status 2).
timeout -k 5 60 "$xbemu" --engine jit --max-instructions 1 "$bench_dir/bench_integer_kernel.elf" 1 \
    >/dev/null 2>&1 </dev/null
if [ $? -eq 2 ]; then
    engines="interp"
else
    engines="jit interp"
fi
spike=$(command -v spike || true)
if [ -n "$spike" ]; then
    for kernel in integer_kernel fp_kernel fp32_kernel; do
        if [ ! -f "$bench_dir/bench_${kernel}_htif.elf" ]; then
            echo "run-speed-benchmark.sh: Spike needs the kernels' HTIF build, not found: $bench_dir/bench_${kernel}_htif.elf" >&2
            exit 1
        fi
    done
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
elapsed() { awk -v start="$1" -v end="$2" 'BEGIN { printf "%.3f", end - start }'; }

# The first number after "<label>:" on a --stats line, or nothing.
stats_value() {
    sed -n "s/.*$1: *\([0-9][0-9.eE+-]*\).*/\1/p" "$2" | head -n 1
}

# run_xbemu ENGINE ELF ITERATIONS [OPTIONS...]: sets xbemu_seconds, xbemu_instructions; the
# output is in $work/xbemu.out and .err. Exits with a message if the run failed or --stats said
# nothing.
run_xbemu() {
    engine=$1
    elf=$2
    count=$3
    shift 3
    start=$(now)
    timeout -k 5 "$run_timeout" "$xbemu" --engine "$engine" --stats "$@" "$elf" "$count" \
        <"/dev/null" >"$work/xbemu.out" 2>"$work/xbemu.err"
    status=$?
    xbemu_seconds=$(elapsed "$start" "$(now)")
    if [ $status -ne 0 ]; then
        echo "run-speed-benchmark.sh: xbemu failed (exit status $status): $xbemu --engine $engine --stats $* $elf $count" >&2
        tail -n 5 "$work/xbemu.out" "$work/xbemu.err" >&2
        exit 1
    fi
    xbemu_instructions=$(stats_value instructions "$work/xbemu.err")
    if [ -z "$xbemu_instructions" ]; then
        echo "run-speed-benchmark.sh: xbemu --stats printed no 'instructions:' line on standard error" >&2
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

# run_other NAME ELF ITERATIONS COMMAND...: times QEMU or Spike; sets other_seconds and
# other_checksum (empty when the run failed or printed no checksum).
run_other() {
    name=$1
    shift 3
    start=$(now)
    timeout -k 5 "$run_timeout" "$@" <"/dev/null" >"$work/$name.out" 2>&1
    status=$?
    other_seconds=$(elapsed "$start" "$(now)")
    other_checksum=""
    if [ $status -eq 124 ] || [ $status -eq 137 ]; then
        echo "run-speed-benchmark.sh: $name ran longer than --timeout $run_timeout s" >&2
    fi
    if [ $status -eq 0 ] && grep -q "self-check: passed" "$work/$name.out"; then
        other_checksum=$(grep "checksum:" "$work/$name.out")
    fi
}

. "$repository/bench/provenance.sh"
bench_provenance "$xbemu" "functional timing mode, then the cycle timing mode in the last table (every figure is host time: compare ratios from one invocation)"
echo

# Starting iteration counts give roughly a billion instructions per kernel.
rows="$work/rows"
: >"$rows"
notes=""
first_engine=${engines%% *}
for kernel_and_iterations in integer_kernel:40000 fp_kernel:14000 fp32_kernel:14000; do
    kernel=${kernel_and_iterations%%:*}
    iterations=${kernel_and_iterations#*:}
    elf="$bench_dir/bench_$kernel.elf"

    run_xbemu "$first_engine" "$elf" "$iterations"
    attempts=1
    while [ $attempts -lt 4 ] &&
        awk -v s="$xbemu_seconds" -v min="$min_seconds" 'BEGIN { exit !(s < min) }'; do
        # Aim 20% above the minimum, so timing noise does not cause yet another run.
        iterations=$(awk -v n="$iterations" -v s="$xbemu_seconds" -v min="$min_seconds" \
            'BEGIN { if (s < 0.01) s = 0.01; printf "%.0f", int(n * min * 1.2 / s) + 1 }')
        echo "$kernel: xbemu --engine $first_engine took ${xbemu_seconds}s, running again with $iterations iterations" >&2
        run_xbemu "$first_engine" "$elf" "$iterations"
        attempts=$((attempts + 1))
    done
    instructions=$xbemu_instructions
    reference=$(checksum_of "$work/xbemu.out" "xbemu --engine $first_engine" "$kernel")
    echo "$kernel xbemu-$first_engine $iterations $instructions $xbemu_seconds" >>"$rows"
    for engine in $engines; do
        [ "$engine" = "$first_engine" ] && continue
        run_xbemu "$engine" "$elf" "$iterations"
        if [ "$(checksum_of "$work/xbemu.out" "xbemu --engine $engine" "$kernel")" != "$reference" ] ||
            [ "$xbemu_instructions" != "$instructions" ]; then
            echo "run-speed-benchmark.sh: $kernel: the $engine engine computed a different result or instruction count than $first_engine" >&2
            exit 1
        fi
        echo "$kernel xbemu-$engine $iterations $instructions $xbemu_seconds" >>"$rows"
    done

    # QEMU prints the guest's output on its standard error.
    run_other qemu "$elf" "$iterations" \
        "$repository/tests/tools/run-on-qemu.sh" "$qemu" "$elf" "$iterations"
    if [ "$other_checksum" != "$reference" ]; then
        echo "run-speed-benchmark.sh: $kernel: qemu failed or computed a different result than xbemu:" >&2
        tail -n 5 "$work/qemu.out" >&2
        exit 1
    fi
    echo "$kernel qemu $iterations $instructions $other_seconds" >>"$rows"

    if [ -n "$spike" ]; then
        htif_elf="$work/${kernel}_htif.elf"
        sh "$repository/bench/set-htif-iterations.sh" "$bench_dir/bench_${kernel}_htif.elf" \
            "$iterations" "$htif_elf" || exit 1
        run_other spike "$htif_elf" "$iterations" "$spike" --isa=rv64gc "$htif_elf"
        if [ "$other_checksum" = "$reference" ]; then
            echo "$kernel spike $iterations $instructions $other_seconds" >>"$rows"
        else
            notes="$notes$kernel: $spike failed or printed another checksum than xbemu, left out\n"
        fi
    fi
done

awk '
BEGIN {
    printf "%-15s %-13s %11s %14s %9s %9s %9s %10s\n", "kernel", "emulator", "iterations",
           "instructions", "seconds", "MIPS", "vs QEMU", "vs interp"
}
{ kernel[NR] = $1; name[NR] = $2; iterations[NR] = $3; instructions[NR] = $4; seconds[NR] = $5
  mips[NR] = $4 / $5 / 1e6
  if ($2 == "qemu") qemu[$1] = mips[NR]
  if ($2 == "xbemu-interp") interp[$1] = mips[NR] }
END {
    for (row = 1; row <= NR; row++) {
        k = kernel[row]
        # %.0f rather than %d: mawk (the default awk on Debian) truncates %d to 32 bits.
        printf "%-15s %-13s %11.0f %14.0f %9.3f %9.1f %8.2fx %9.2fx\n", k, name[row],
               iterations[row], instructions[row], seconds[row], mips[row],
               mips[row] / qemu[k], mips[row] / interp[k]
    }
    printf "\nSeconds are wall-clock time of the whole emulator process, MIPS = instructions / seconds;\n"
    printf "QEMU (and Spike) are credited with the instruction count xbemu reports (same ELF, same arguments).\n"
}' "$rows"
if [ -n "$notes" ]; then
    printf "%b" "$notes"
fi

# Start-up: one iteration of the integer kernel, the best of three runs.
echo
printf "%-28s %9s\n" "start-up (1 iteration)" "seconds"
integer_elf="$bench_dir/bench_integer_kernel.elf"
for engine in $engines; do
    best=""
    for _ in 1 2 3; do
        run_xbemu "$engine" "$integer_elf" 1
        best=$(awk -v a="$best" -v b="$xbemu_seconds" 'BEGIN { print (a == "" || b < a) ? b : a }')
    done
    printf "%-28s %9.3f\n" "xbemu-$engine" "$best"
done
best=""
for _ in 1 2 3; do
    run_other qemu "$integer_elf" 1 "$repository/tests/tools/run-on-qemu.sh" "$qemu" "$integer_elf" 1
    best=$(awk -v a="$best" -v b="$other_seconds" 'BEGIN { print (a == "" || b < a) ? b : a }')
done
printf "%-28s %9.3f\n" "qemu" "$best"

# Host memory: 4 PEs of the integer kernel in one process.
echo
printf "%-28s %14s %16s\n" "host memory (-n 4)" "process MiB" "MiB per PE"
for engine in $engines; do
    run_xbemu "$engine" "$integer_elf" 200 -n 4
    peak=$(sed -n 's/.*process peak \([0-9.]*\) MiB.*/\1/p' "$work/xbemu.err" | head -n 1)
    printf "%-28s %14.1f %16.1f\n" "xbemu-$engine" "$peak" "$(awk -v p="$peak" 'BEGIN { print p / 4 }')"
done

# The cycle timing mode: the same runs on each engine, which must agree on every statistic.
echo
printf "%-15s %-13s %11s %14s %9s %9s %10s\n" "cycle mode" "emulator" "iterations" \
    "instructions" "seconds" "MIPS" "vs interp"
for kernel_and_iterations in integer_kernel:10000 fp_kernel:3500 fp32_kernel:3500; do
    kernel=${kernel_and_iterations%%:*}
    iterations=${kernel_and_iterations#*:}
    : >"$rows"
    for engine in $engines; do
        run_xbemu "$engine" "$bench_dir/bench_$kernel.elf" "$iterations" --timing cycle \
            --stats-json "$work/cycle-$engine.json"
        echo "$kernel xbemu-$engine $iterations $xbemu_instructions $xbemu_seconds" >>"$rows"
        "$repository/tests/tools/drop-run-description.sh" "$work/cycle-$engine.json"
        if ! cmp -s "$work/cycle-$engine.json" "$work/cycle-${first_engine}.json"; then
            echo "run-speed-benchmark.sh: $kernel: the $engine engine's cycle-mode statistics differ from $first_engine's" >&2
            exit 1
        fi
    done
    awk '{ kernel[NR] = $1; name[NR] = $2; iterations[NR] = $3; instructions[NR] = $4
           mips[NR] = $4 / $5 / 1e6; seconds[NR] = $5
           if ($2 == "xbemu-interp") interp = mips[NR] }
         END { for (row = 1; row <= NR; row++)
                   printf "%-15s %-13s %11.0f %14.0f %9.3f %9.1f %9.2fx\n", kernel[row], name[row],
                          iterations[row], instructions[row], seconds[row], mips[row],
                          mips[row] / interp }' "$rows"
done
