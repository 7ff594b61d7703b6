#!/bin/sh
# Many PEs in one process (issue 24): a barrier-and-reduction program (reduction_loop.c: the
# barrier of xbrtime_init, then CALLS xbrtime_long_reduce_sum to PE 0) and GUPS (a table of
# 2^(log2 PEs + 8) words, at least 2^14, and 16 updates per PE) on 1 ... 4,096 PEs, in the
# functional and in the cycle timing mode. Per row: simulated instructions of all PEs, wall-clock
# seconds, simulated MIPS (instructions per wall-clock second, start-up included), host memory
# per PE (a process's peak resident set over its PEs) and start-up (the wall-clock seconds
# outside the PEs' run: loading, making the PEs, ending them). Then the same as 2 MPI ranks of
# P/2 PEs each, where the xbemu run accepts more than one PE per rank; otherwise one line says
# those rows are skipped and why.
# Writes pe-scaling.txt (the table, also on stdout), pe-scaling.csv and pe-scaling.png (gnuplot:
# wall seconds and host memory per PE by PEs) to the output directory.
#
# usage: run-pe-scaling.sh [options] [XBEMU [BENCH_DIR]]
#   XBEMU      the xbemu binary (default: build/app/xbemu in the repository)
#   BENCH_DIR  directory holding the bench_*.elf programs (default: build/bench)
#   --quick          a short run (about a minute): PEs "1 4 16 64", 2 reductions
#   --pes L          PE counts (default "1 4 16 64 256 1024 4096")
#   --reductions N   reduce_sum calls per reduction row (default 10)
#   --output DIR     where the files go (default: build/ in the repository)
#   --timeout S      host seconds allowed to each run (default 1200)
set -u

name=run-pe-scaling.sh
repository=$(cd "$(dirname "$0")/.." && pwd)
pe_counts="1 4 16 64 256 1024 4096"
reductions=10
output=$repository/build
run_timeout=1200
while [ $# -gt 0 ]; do
    case "$1" in
    --quick) pe_counts="1 4 16 64" reductions=2; shift ;;
    --pes | --reductions | --output | --timeout)
        if [ $# -lt 2 ]; then
            echo "$name: $1 needs a value (try --help)" >&2
            exit 2
        fi
        case "$1" in
        --pes) pe_counts=$2 ;;
        --reductions) reductions=$2 ;;
        --output) output=$2 ;;
        --timeout) run_timeout=$2 ;;
        esac
        shift 2
        ;;
    -h | --help) sed -n '2,/^set -u$/s/^# \{0,1\}//p' "$0"; exit 0 ;;
    -*) echo "$name: unknown option $1 (try --help)" >&2; exit 2 ;;
    *) break ;;
    esac
done
is_count() { case $1 in '' | *[!0-9]* | 0*) return 1 ;; esac; }
for option in "reductions $reductions" "timeout $run_timeout" "pes $pe_counts"; do
    for value in ${option#* }; do
        if ! is_count "$value" || { [ "${option%% *}" = pes ] && [ "$value" -gt 65536 ]; }; then
            echo "$name: --${option%% *} needs positive whole numbers (PEs: at most 65536), not '${option#* }'" >&2
            exit 2
        fi
    done
done
xbemu=${1:-$repository/build/app/xbemu}
bench_dir=${2:-$repository/build/bench}
if [ ! -x "$xbemu" ]; then
    echo "$name: xbemu binary not found or not executable: $xbemu" >&2
    exit 1
fi
for program in reduction_loop gups; do
    if [ ! -f "$bench_dir/bench_$program.elf" ]; then
        echo "$name: benchmark program not found: $bench_dir/bench_$program.elf" >&2
        exit 1
    fi
done
if ! mkdir -p "$output" 2>/dev/null || [ ! -w "$output" ]; then
    echo "$name: cannot write to the output directory $output" >&2
    exit 1
fi
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }

# measure MODE PES COMMAND...: sets instructions, seconds, memory_per_pe (over process_pes, the
# PEs of one process) and startup; exits if the run failed.
measure() {
    mode=$1 count=$2
    shift 2
    start=$(now)
    timeout -k 5 "$run_timeout" "$@" </dev/null >"$work/out" 2>"$work/err"
    status=$?
    seconds=$(awk -v start="$start" -v end="$(now)" 'BEGIN { printf "%.3f", end - start }')
    if [ $status -ne 0 ]; then
        why="exit status $status"
        [ $status -eq 124 ] && why="timed out after $run_timeout s"
        echo "$name: run failed ($why): $*" >&2
        tail -n 5 "$work/out" "$work/err" >&2
        touch "$work/failed"
        exit 1
    fi
    if ! grep -q 'verification.*PASSED' "$work/out"; then
        echo "$name: the program did not verify its result ($mode mode, $count PEs): $*" >&2
        tail -n 5 "$work/out" >&2
        touch "$work/failed"
        exit 1
    fi
    instructions=$(sed -n 's/^  instructions: *\([0-9]*\)$/\1/p' "$work/err" | head -n 1)
    host_seconds=$(sed -n 's/^  host seconds: *\([0-9.]*\)$/\1/p' "$work/err" | head -n 1)
    # One PE's report names the peak; up to 64 PEs' name it per PE, the same for the process;
    # more PEs' give its spread over the PEs (the most: the largest process under mpirun).
    peak=$(sed -n -e 's/^  peak host memory: *\([0-9.]*\) MiB$/\1/p' \
        -e 's/^  PE 0: instructions .*process peak \([0-9.]*\) MiB.*$/\1/p' \
        -e 's/^    process peak MiB: .*, most \([0-9.]*\) (PE [0-9]*)$/\1/p' "$work/err" | head -n 1)
    if [ -z "$instructions" ] || [ -z "$host_seconds" ] || [ -z "$peak" ]; then
        echo "$name: xbemu --stats printed no instructions, host seconds or peak memory: $*" >&2
        touch "$work/failed"
        exit 1
    fi
    memory_per_pe=$(awk -v m="$peak" -v n="$process_pes" 'BEGIN { printf "%.3f", m / n }')
    startup=$(awk -v w="$seconds" -v h="$host_seconds" \
        'BEGIN { s = w - h; printf "%.3f", (s > 0 ? s : 0) }')
}

mips() { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.1f", n / (s > 0 ? s : 0.001) / 1e6 }'; }
log2() { awk -v n="$1" 'BEGIN { l = 0; while (2 ^ (l + 1) <= n) l++; print l }'; }

format='%-24s %-14s %5s %-10s %13s %9s %9s %9s %9s\n'
csv=$work/pe-scaling.csv
echo "program,launch,pes,mode,instructions,seconds,mips,mib_per_pe,startup_seconds" >"$csv"
# row TITLE LAUNCH PES MODE COMMAND...
row() {
    title=$1 how=$2 count=$3 mode=$4
    shift 4
    measure "$mode" "$count" "$@"
    rate=$(mips "$instructions" "$seconds")
    # shellcheck disable=SC2059 # the format is the table's, kept in one place
    printf "$format" "$title" "$how" "$count" "$mode" "$instructions" "$seconds" "$rate" \
        "$memory_per_pe" "$startup"
    echo "$title,$how,$count,$mode,$instructions,$seconds,$rate,$memory_per_pe,$startup" >>"$csv"
}

# The two programs' arguments on COUNT PEs.
gups_arguments() {
    log=$(($(log2 "$1") + 8))
    [ "$log" -lt 14 ] && log=14
    echo "$log $((16 * $1))"
}
reduction=$bench_dir/bench_reduction_loop.elf
gups=$bench_dir/bench_gups.elf

# Every PE count in one process, both modes; the cycle mode on --host-threads = the host's cores.
in_process_rows() {
    for count in $pe_counts; do
        process_pes=$count
        for mode in functional cycle; do
            set -- "$xbemu" -n "$count" --isa rv64gc_xbgas -m 16M --timing "$mode" --stats
            [ "$mode" = cycle ] && set -- "$@" --host-threads "$cores"
            row "$reductions x reduce_sum" in-process "$count" "$mode" "$@" "$reduction" "$reductions"
            # shellcheck disable=SC2046 # two arguments
            row "GUPS" in-process "$count" "$mode" "$@" "$gups" $(gups_arguments "$count")
        done
    done
}

# The same on 2 MPI ranks of P/2 PEs each (-n P/2: the PEs of each rank's process), for the even
# PE counts. Needs an xbemu that runs more than one PE per rank under mpirun: asked once, with 2
# PEs per rank.
mpi_rows() {
    if ! command -v mpirun >/dev/null 2>&1; then
        echo "2 ranks x P/2 PEs: skipped, mpirun is not on the PATH."
        return
    fi
    if ! timeout -k 5 60 mpirun -np 2 "$xbemu" -n 4 --isa rv64gc_xbgas -m 16M "$reduction" 1 \
        </dev/null >"$work/probe" 2>&1; then
        echo "2 ranks x P/2 PEs: skipped, this xbemu runs one PE per rank under mpirun" \
            "($(grep -m 1 'error' "$work/probe" || head -n 1 "$work/probe"))."
        return
    fi
    for count in $pe_counts; do
        [ $((count % 2)) -eq 0 ] || continue
        process_pes=$((count / 2))
        for mode in functional cycle; do
            set -- mpirun -np 2 "$xbemu" -n $((count / 2)) --isa rv64gc_xbgas -m 16M \
                --timing "$mode" --stats
            row "$reductions x reduce_sum" "mpi 2 ranks" "$count" "$mode" "$@" "$reduction" \
                "$reductions"
            # shellcheck disable=SC2046 # two arguments
            row "GUPS" "mpi 2 ranks" "$count" "$mode" "$@" "$gups" $(gups_arguments "$count")
        done
    done
}

{
    . "$repository/bench/provenance.sh"
    bench_provenance "$xbemu" "functional and cycle timing modes (MIPS are host speed)"
    echo "Work: $reductions reduce_sum calls per reduction row; GUPS: 2^(log2 PEs + 8) words" \
        "(at least 2^14), 16 updates per PE; in one process the cycle mode runs on" \
        "--host-threads $cores."
    echo
    # shellcheck disable=SC2059
    printf "$format" program launch PEs mode instructions seconds MIPS "MiB/PE" start-up
    in_process_rows
    mpi_rows
    echo
    echo "MIPS: simulated instructions of all PEs per wall-clock second, start-up included."
    echo "MiB/PE: a process's peak resident set over its PEs. start-up: wall-clock seconds"
    echo "outside the PEs' run (loading, making the PEs, ending them)."
} | tee "$work/pe-scaling.txt"
# A failed run ended the table's subshell: the script fails too.
[ -e "$work/failed" ] && exit 1
cp "$work/pe-scaling.txt" "$csv" "$output/"

command -v gnuplot >/dev/null 2>&1 || {
    echo "$name: gnuplot is missing, no plot (apt-get install gnuplot-nox)" >&2
    exit 0
}
terminal="png size 1100,480"
if echo 'set terminal' | gnuplot 2>&1 | grep -q pngcairo; then
    terminal="pngcairo size 1100,480"
fi
# One data file per program, launch and mode: PEs, seconds, MiB per PE.
series=""
for program in "$reductions x reduce_sum" GUPS; do
    for how in in-process "mpi 2 ranks"; do
        for mode in functional cycle; do
            file=$work/$(echo "$program-$how-$mode" | tr ' ' '_').dat
            awk -F, -v p="$program" -v l="$how" -v m="$mode" \
                '$1 == p && $2 == l && $4 == m { print $3, $6, $8 }' "$csv" >"$file"
            [ -s "$file" ] && series="$series $file"
        done
    done
done
plots() { # COLUMN
    separator=""
    for file in $series; do
        title=$(basename "$file" .dat | tr '_' ' ')
        printf '%s"%s" using 1:%s with linespoints title "%s"' "$separator" "$file" "$1" "$title"
        separator=", "
    done
}
gnuplot <<END
set terminal $terminal
set output "$output/pe-scaling.png"
set multiplot layout 1,2 title "PEs in one process: $("$xbemu" --version 2>/dev/null | head -n 1), $(uname -m), $cores cores"
set logscale xy
set xlabel "PEs"
set key top left font ",8"
set ylabel "wall-clock seconds"
plot $(plots 2)
set ylabel "host MiB per PE"
plot $(plots 3)
unset multiplot
END
echo "Wrote $output/pe-scaling.txt, pe-scaling.csv and pe-scaling.png."
