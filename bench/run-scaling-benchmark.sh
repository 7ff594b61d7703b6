#!/bin/sh
# Scaling of GUPS and NAS IS (the xBGAS paper's benchmarks) over PE counts, in one process
# (xbemu -n) and under mpirun: rates in simulated time (the guests' cycle counters, as the paper
# measured on Spike) and host seconds per run (xbemu --stats, the slowest PE, start-up excluded).
# Writes scaling.txt (markdown table, also on stdout), scaling.csv, scaling.png (gnuplot) and
# each run's output under logs/ to the output directory.
# usage: bench/run-scaling-benchmark.sh [--class S|W|A|B|C] [--gups-log2 N] [--pes "1 2 4 8"]
#            [--launch in-process|mpi|both] [--output DIR] [--xbemu PATH] [--bench-dir DIR]
# Defaults: class W and a 2^20-word GUPS table (a quick run; the paper ran class B), every PE
# count in one process and, when mpirun exists, under it too; output in build/bench-results.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
name=run-scaling-benchmark.sh
class=W
gups_log2=20
pe_counts="1 2 4 8"
launch=both
output=$repo/build/bench-results
xbemu=$repo/build/emulator/xbemu
bench_dir=$repo/build/bench

usage() {
    echo "usage: $name [--class S|W|A|B|C] [--gups-log2 N] [--pes \"1 2 4 8\"] [--launch in-process|mpi|both] [--output DIR] [--xbemu PATH] [--bench-dir DIR]" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || usage
    case $1 in
    --class) class=$2 ;;
    --gups-log2) gups_log2=$2 ;;
    --pes) pe_counts=$2 ;;
    --launch) launch=$2 ;;
    --output) output=$2 ;;
    --xbemu) xbemu=$2 ;;
    --bench-dir) bench_dir=$2 ;;
    *) usage ;;
    esac
    shift 2
done

command -v gnuplot >/dev/null 2>&1 || {
    echo "$name: gnuplot is missing; it draws the plot (apt-get install gnuplot-nox, or run scripts/setup-debian.sh)" >&2
    exit 1
}
[ -x "$xbemu" ] || { echo "$name: no xbemu at $xbemu (build first)" >&2; exit 1; }
for program in bench_gups bench_nas_is; do
    [ -f "$bench_dir/$program.elf" ] || { echo "$name: no $bench_dir/$program.elf (build first)" >&2; exit 1; }
done

# Guest RAM: the symmetric heap is the upper half. IS needs about 3.2 times the keys of one PE
# (4 bytes each) on 1 PE; GUPS the table.
case $class in
S | W) is_memory=256M ;;
A) is_memory=512M ;;
B) is_memory=1G ;;
C) is_memory=4G ;;
*) echo "$name: unknown IS class $class (S, W, A, B or C)" >&2; exit 2 ;;
esac
gups_mib=$(((1 << gups_log2) * 16 / 1048576 + 16))
gups_memory=$((gups_mib > 256 ? gups_mib : 256))M

case $launch in
in-process) launches=in-process ;;
mpi | both)
    if command -v mpirun >/dev/null 2>&1; then
        launches="in-process mpi"
        [ "$launch" = both ] || launches=mpi
    elif [ "$launch" = mpi ]; then
        echo "$name: --launch mpi needs mpirun" >&2
        exit 1
    else
        launches=in-process
    fi
    ;;
*) usage ;;
esac

mkdir -p "$output/logs"
csv=$output/scaling.csv
echo "benchmark,launch,pes,problem,simulated_seconds,rate_total,rate_per_pe,unit,host_seconds,verification" >"$csv"
failures=0

# run BENCHMARK LAUNCH PES MEMORY ELF ARGUMENT: one run, one line of the CSV.
run() {
    benchmark=$1 how=$2 pes=$3 memory=$4 elf=$5 argument=$6
    log=$output/logs/$benchmark-$how-n$pes
    case $how in
    in-process) set -- "$xbemu" -n "$pes" ;;
    mpi) set -- mpirun -np "$pes" "$xbemu" ;;
    esac
    echo "$name: $benchmark $argument on $pes PEs ($how)" >&2
    status=0
    "$@" --stats --isa rv64gc_xbgas -m "$memory" "$elf" "$argument" >"$log.out" 2>"$log.err" || status=$?
    host=$(awk '/host seconds:/ { value = $3 } END { print value }' "$log.err")
    case $benchmark in
    gups)
        line=$(awk -v pes="$pes" -v how="$how" -v host="$host" '
            /^GUPS table/ { problem = $3 " words" }
            /^GUPS simulated seconds:/ { seconds = $4 }
            /^GUPS rate:/ { total = $3; per_pe = $6 }
            /^GUPS verification:/ { verified = $NF }
            END { if (total != "") printf "gups,%s,%d,%s,%s,%s,%s,GUP/s,%s,%s\n",
                                           how, pes, problem, seconds, total, per_pe, host, verified }' "$log.out")
        ;;
    is)
        line=$(awk -v pes="$pes" -v how="$how" -v host="$host" '
            /^IS class/ { problem = "class " substr($3, 1, 1) }
            /^IS simulated seconds:/ { seconds = $4 }
            /^IS Mop\/s total:/ { total = $4 }
            /^IS Mop\/s per PE:/ { per_pe = $5 }
            /^IS verification:/ { verified = $3 }
            END { if (total != "") printf "is,%s,%d,%s,%s,%s,%s,Mop/s,%s,%s\n",
                                           how, pes, problem, seconds, total, per_pe, host, verified }' "$log.out")
        ;;
    esac
    if [ -z "$line" ]; then
        echo "$name: $benchmark on $pes PEs ($how) printed no result (exit status $status):" >&2
        cat "$log.out" "$log.err" >&2
        exit 1
    fi
    [ "$status" -eq 0 ] || failures=$((failures + 1))
    echo "$line" >>"$csv"
}

for how in $launches; do
    for pes in $pe_counts; do
        run gups "$how" "$pes" "$gups_memory" "$bench_dir/bench_gups.elf" "$gups_log2"
        run is "$how" "$pes" "$is_memory" "$bench_dir/bench_nas_is.elf" "$class"
    done
done

awk -F, 'NR == 1 {
        print "| benchmark | launch | PEs | problem | simulated s | rate total | rate per PE | unit | host s | verification |"
        print "|---|---|---:|---|---:|---:|---:|---|---:|---|"
        next }
    { printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7, $8, $9, $10 }' \
    "$csv" | tee "$output/scaling.txt"
echo "Rates over simulated time (1 instruction = 1 ns); host s: xbemu --stats host seconds of the slowest PE." |
    tee -a "$output/scaling.txt"

# One data file per benchmark and launch (PEs, total, per PE) for gnuplot.
plots=""
for benchmark in gups is; do
    series=""
    for how in $launches; do
        data=$output/$benchmark-$how.dat
        awk -F, -v b="$benchmark" -v h="$how" '$1 == b && $2 == h { print $3, $6, $7 }' "$csv" >"$data"
        series="$series${series:+, }'$data' using 1:2 with linespoints title '$how total', '$data' using 1:3 with linespoints dashtype 2 title '$how per PE'"
    done
    case $benchmark in
    gups) title="GUPS, table 2^{$gups_log2} words"; unit="GUP/s (simulated)" ;;
    is) title="NAS IS class $class"; unit="Mop/s (simulated)" ;;
    esac
    plots="$plots
set title '$title'
set ylabel '$unit'
plot $series"
done
terminal=png
if echo 'set terminal' | gnuplot 2>&1 | grep -q pngcairo; then
    terminal=pngcairo
fi
gnuplot <<EOF
set terminal $terminal size 1000,450
set output '$output/scaling.png'
set multiplot layout 1,2
set xlabel 'PEs'
set logscale x 2
set offsets graph 0.05, graph 0.05, 0, 0
set xtics ($(echo "$pe_counts" | sed 's/ /, /g'))
set key top left
set grid
$plots
unset multiplot
EOF
echo "$name: wrote $output/scaling.txt, scaling.csv and scaling.png" >&2
if [ "$failures" -gt 0 ]; then
    echo "$name: $failures run(s) failed verification" >&2
    exit 1
fi
