#!/bin/sh
# Scaling of GUPS and NAS IS (the xBGAS paper's benchmarks) over PE counts, in one process
# (xbemu -n) and under mpirun: rates in simulated time (the guests' cycle counters, as the paper
# measured on Spike) and host seconds per run (xbemu --stats, the slowest PE, start-up excluded).
# Writes scaling.txt (markdown table, also on stdout), scaling.csv, scaling.png (gnuplot) and
# each run's output under logs/ to the output directory.
# With micro in --benchmarks it also runs xbrtime_microbenchmarks on each PE count and writes
# micro.txt (markdown: barrier and collectives in simulated cycles per operation by PE count at
# the --micro-sizes, put/get latency and bandwidth by size on 2 PEs; also on stdout), micro.csv
# (every row the program printed) and micro.png.
# usage: bench/run-scaling-benchmark.sh [--class S|W|A|B|C] [--gups-log2 N] [--pes "1 2 4 8"]
#            [--launch in-process|mpi|both] [--benchmarks "gups is micro"]
#            [--micro-sizes "8 1024 65536"] [--micro-repetitions N] [--output DIR]
#            [--timing cycle|functional] [--machine FILE] [--xbemu PATH] [--bench-dir DIR]
# Defaults: GUPS and IS only, class S and a 2^16-word GUPS table (a quick run in the cycle mode,
# minutes on 2 cores; the paper ran class B), every PE count in one process and, when mpirun
# exists, under it too; output in build/bench-results. The microbenchmarks default to 8 B,
# 1 KiB and 64 KiB per PE (put/get every power of two between the smallest and largest size)
# and 50 repetitions. The default timing mode is the cycle mode (--machine: its machine
# description), where every simulated figure is the same on every run, launch and host; in the
# functional mode (--timing functional) PEs that wait for each other spin at host speed, so
# figures of several PEs vary between runs and hosts, and every report says so. Every report
# names the mode, the machine description, the xbemu version and the host.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
name=run-scaling-benchmark.sh
class=S
gups_log2=16
pe_counts="1 2 4 8"
launch=both
benchmarks="gups is"
micro_sizes="8 1024 65536"
micro_repetitions=50
output=$repo/build/bench-results
xbemu=$repo/build/app/xbemu
bench_dir=$repo/build/bench
timing=cycle
machine=""

usage() {
    echo "usage: $name [--class S|W|A|B|C] [--gups-log2 N] [--pes \"1 2 4 8\"] [--launch in-process|mpi|both] [--benchmarks \"gups is micro\"] [--micro-sizes \"8 1024 65536\"] [--micro-repetitions N] [--output DIR] [--timing cycle|functional] [--machine FILE] [--xbemu PATH] [--bench-dir DIR]" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || usage
    case $1 in
    --class) class=$2 ;;
    --gups-log2) gups_log2=$2 ;;
    --pes) pe_counts=$2 ;;
    --launch) launch=$2 ;;
    --benchmarks) benchmarks=$2 ;;
    --micro-sizes) micro_sizes=$2 ;;
    --micro-repetitions) micro_repetitions=$2 ;;
    --output) output=$2 ;;
    --xbemu) xbemu=$2 ;;
    --bench-dir) bench_dir=$2 ;;
    --timing) timing=$2 ;;
    --machine) machine=$2 ;;
    *) usage ;;
    esac
    shift 2
done

command -v gnuplot >/dev/null 2>&1 || {
    echo "$name: gnuplot is missing; it draws the plot (apt-get install gnuplot-nox, or run scripts/setup-debian.sh)" >&2
    exit 1
}
# selected BENCHMARK: whether --benchmarks names it.
selected() {
    case " $benchmarks " in
    *" $1 "*) return 0 ;;
    *) return 1 ;;
    esac
}
programs=""
for benchmark in $benchmarks; do
    case $benchmark in
    gups) programs="$programs bench_gups" ;;
    is) programs="$programs bench_nas_is" ;;
    micro) programs="$programs bench_xbrtime_microbenchmarks" ;;
    *) echo "$name: unknown benchmark $benchmark (gups, is or micro)" >&2; exit 2 ;;
    esac
done
[ -n "$programs" ] || usage
[ -x "$xbemu" ] || { echo "$name: no xbemu at $xbemu (build first)" >&2; exit 1; }
for program in $programs; do
    [ -f "$bench_dir/$program.elf" ] || { echo "$name: no $bench_dir/$program.elf (build first)" >&2; exit 1; }
done

# Microbenchmark sizes: powers of two of at least 8 bytes (64-bit elements); one run per PE count
# covers every size from the smallest to the largest.
micro_min=""
micro_max=0
for size in $micro_sizes; do
    case $size in
    '' | *[!0-9]*) size=0 ;;
    esac
    power=$size
    while [ "$power" -gt 1 ] && [ $((power % 2)) -eq 0 ]; do
        power=$((power / 2))
    done
    if [ "$size" -lt 8 ] || [ "$power" -ne 1 ]; then
        echo "$name: --micro-sizes takes powers of two of at least 8 bytes" >&2
        exit 2
    fi
    [ -n "$micro_min" ] && [ "$micro_min" -le "$size" ] || micro_min=$size
    [ "$micro_max" -ge "$size" ] || micro_max=$size
done
[ -n "$micro_min" ] || usage
case $micro_repetitions in
'' | *[!0-9]* | 0) echo "$name: --micro-repetitions takes a positive number" >&2; exit 2 ;;
esac

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

case $timing in
functional)
    clock_note="functional mode, 1 instruction = 1 cycle = 1 ns; PEs spinning in waits count, so figures of several PEs depend on the host"
    plot_note="functional mode, host-dependent"
    ;;
cycle)
    clock_note="cycle timing mode, 1 cycle = 1 ns"
    plot_note="cycle timing mode"
    ;;
*) usage ;;
esac
machine_name="default machine"
if [ -n "$machine" ]; then
    [ -f "$machine" ] || { echo "$name: no machine description $machine" >&2; exit 1; }
    machine_name=$(basename "$machine")
fi
plot_note="$plot_note, $machine_name"
. "$repo/bench/provenance.sh"
provenance=$(bench_provenance "$xbemu" "$timing" "$machine")
version=$("$xbemu" --version | head -n 1)
plot_note="$plot_note, $version"
# The CSV files' last columns: mode, machine description and version on every row.
provenance_columns="$timing,$machine_name,$version"
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
if selected gups || selected is; then
    echo "benchmark,launch,pes,problem,simulated_seconds,rate_total,rate_per_pe,unit,host_seconds,verification,timing,machine,xbemu" >"$csv"
fi
micro_csv=$output/micro.csv
if selected micro; then
    echo "launch,pes,family,operation,bytes_per_pe,cycles_per_op,mb_per_s,timing,machine,xbemu" >"$micro_csv"
fi
failures=0

# start_guest LOG LAUNCH PES MEMORY ELF ARGUMENT...: runs a guest on PES PEs, its output in LOG.out
# and LOG.err; sets status (its exit status) and host (xbemu --stats host seconds).
start_guest() {
    log=$1 how=$2 pes=$3 memory=$4
    shift 4
    case $how in
    in-process) set -- "$xbemu" -n "$pes" --timing "$timing" ${machine:+--machine "$machine"} --stats --isa rv64gc_xbgas -m "$memory" "$@" ;;
    mpi) set -- mpirun -np "$pes" "$xbemu" --timing "$timing" ${machine:+--machine "$machine"} --stats --isa rv64gc_xbgas -m "$memory" "$@" ;;
    esac
    status=0
    "$@" >"$log.out" 2>"$log.err" || status=$?
    host=$(awk '/host seconds:/ { value = $3 } END { print value }' "$log.err")
}

# run BENCHMARK LAUNCH PES MEMORY ELF ARGUMENT: one run, one line of the CSV.
run() {
    benchmark=$1 how=$2 pes=$3 memory=$4 elf=$5 argument=$6
    log=$output/logs/$benchmark-$how-n$pes
    echo "$name: $benchmark $argument on $pes PEs ($how)" >&2
    start_guest "$log" "$how" "$pes" "$memory" "$elf" "$argument"
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
    echo "$line,$provenance_columns" >>"$csv"
}

# run_micro LAUNCH PES: xbrtime_microbenchmarks (put/get, barrier, collectives) from the
# smallest to the largest size; every row it prints goes to micro.csv.
run_micro() {
    how=$1 pes=$2
    log=$output/logs/micro-$how-n$pes
    # Two symmetric buffers of PEs times the largest size, in the upper half of guest RAM.
    micro_mib=$((micro_max * pes * 4 / 1048576 + 16))
    echo "$name: microbenchmarks $micro_min-$micro_max bytes, $micro_repetitions repetitions on $pes PEs ($how)" >&2
    start_guest "$log" "$how" "$pes" "$((micro_mib > 256 ? micro_mib : 256))M" \
        "$bench_dir/bench_xbrtime_microbenchmarks.elf" all "$micro_min" "$micro_max" "$micro_repetitions"
    rows=$(awk -v pes="$pes" -v how="$how" '
        /^put\/get:/ { family = "putget" }
        /^barrier:/ { family = "barrier" }
        /^collectives:/ { family = "collectives" }
        family == "barrier" && $1 == "barrier" && NF == 3 && $3 ~ /^[0-9]+$/ {
            printf "%s,%d,barrier,barrier,,%s,\n", how, pes, $3 }
        family != "barrier" && NF == 4 && $2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/ {
            printf "%s,%d,%s,%s,%s,%s,%s\n", how, pes, family, $1, $2, $3, $4 }' "$log.out")
    case $rows in
    *,barrier,barrier,*) ;;
    *)
        echo "$name: microbenchmarks on $pes PEs ($how) printed no barrier row (exit status $status):" >&2
        cat "$log.out" "$log.err" >&2
        exit 1
        ;;
    esac
    [ "$status" -eq 0 ] || failures=$((failures + 1))
    echo "$rows" | sed "s|\$|,$provenance_columns|" >>"$micro_csv"
}

for how in $launches; do
    for pes in $pe_counts; do
        if selected gups; then
            run gups "$how" "$pes" "$gups_memory" "$bench_dir/bench_gups.elf" "$gups_log2"
        fi
        if selected is; then
            run is "$how" "$pes" "$is_memory" "$bench_dir/bench_nas_is.elf" "$class"
        fi
        if selected micro; then
            run_micro "$how" "$pes"
        fi
    done
done

terminal=png
if echo 'set terminal' | gnuplot 2>&1 | grep -q pngcairo; then
    terminal=pngcairo
fi
xtics=$(echo "$pe_counts" | sed 's/ /, /g')

if selected gups || selected is; then
    awk -F, 'NR == 1 {
            print "| benchmark | launch | PEs | problem | simulated s | rate total | rate per PE | unit | host s | verification |"
            print "|---|---|---:|---|---:|---:|---:|---|---:|---|"
            next }
        { printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7, $8, $9, $10 }' \
        "$csv" | tee "$output/scaling.txt"
    {
        echo "Rates over simulated time ($clock_note); host s: xbemu --stats host seconds of the slowest PE."
        echo "$provenance"
    } | tee -a "$output/scaling.txt"

    # One data file per benchmark and launch (PEs, total, per PE) for gnuplot.
    plots=""
    for benchmark in gups is; do
        selected "$benchmark" || continue
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
    gnuplot <<END
set terminal $terminal size 1000,450
set output '$output/scaling.png'
set multiplot layout 1,2 title '$plot_note' noenhanced
set xlabel 'PEs'
set logscale x 2
set offsets graph 0.05, graph 0.05, 0, 0
set xtics ($xtics)
set key top left
set grid
$plots
unset multiplot
END
    echo "$name: wrote $output/scaling.txt, scaling.csv and scaling.png" >&2
fi

if selected micro; then
    cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo unknown)
    # put/get on the first PE count of at least 2 (PE 0 with the last PE), else the first.
    putget_pes=""
    for pes in $pe_counts; do
        [ -n "$putget_pes" ] || putget_pes=$pes
        if [ "$pes" -ge 2 ]; then
            putget_pes=$pes
            break
        fi
    done
    {
        echo "xbrtime microbenchmarks: simulated cycles per operation ($clock_note), the slowest PE; $micro_repetitions repetitions; collectives: root 0, bytes per PE."
        echo
        # Barrier and collectives pivoted: one row per launch, operation and size, one column per
        # PE count, collectives in the order the program prints them.
        awk -F, -v pe_counts="$pe_counts" -v launches="$launches" -v sizes="$micro_sizes" '
            NR == 1 { next }
            $3 == "barrier" || $3 == "collectives" {
                cycles[$1, $4, $5, $2] = $6
                if ($3 == "collectives" && !($4 in seen)) { seen[$4] = 1; order[++operations] = $4 }
            }
            END {
                columns = split(pe_counts, pes, " ")
                header = "| launch | operation | bytes per PE |"
                rule = "|---|---|---:|"
                for (c = 1; c <= columns; ++c) {
                    header = header sprintf(" %d %s |", pes[c], pes[c] == 1 ? "PE" : "PEs")
                    rule = rule "---:|"
                }
                print header
                print rule
                split(launches, how, " ")
                split(sizes, size, " ")
                for (l = 1; l in how; ++l) {
                    row(how[l], "barrier", "")
                    for (o = 1; o <= operations; ++o)
                        for (s = 1; s in size; ++s)
                            row(how[l], order[o], size[s])
                }
            }
            function row(launch, operation, bytes,    line, c, key) {
                line = sprintf("| %s | %s | %s |", launch, operation, bytes == "" ? "-" : bytes)
                for (c = 1; c <= columns; ++c) {
                    key = launch SUBSEP operation SUBSEP bytes SUBSEP pes[c]
                    line = line " " (key in cycles ? cycles[key] : "-") " |"
                }
                print line
            }' "$micro_csv"
        echo
        if [ "$timing" = cycle ]; then
            echo "Simulated cycles of the cycle timing mode, not host time: the same on every run, in one process and under mpirun."
        else
            echo "Simulated cycles, not host time. In one process (in-process) with more PEs than host cores ($cores here), PEs spinning in barriers retire instructions and so count as cycles: barrier and small-message collective figures at 4-8 PEs depend on host scheduling and vary from run to run (they are steadier under mpirun with a core per PE; --timing cycle makes them exact)."
        fi
        echo "$provenance"
        for how in $launches; do
            echo
            echo "put/get, PE 0 with PE $((putget_pes - 1)) ($putget_pes PEs, $how): cycles per operation (latency) and MB/s, one operation at a time"
            echo
            awk -F, -v h="$how" -v p="$putget_pes" '
                NR > 1 && $1 == h && $2 == p && $3 == "putget" {
                    if (!($5 in seen)) { seen[$5] = 1; order[++sizes] = $5 }
                    cycles[$4, $5] = $6
                    rate[$4, $5] = $7
                }
                END {
                    print "| bytes | put cycles | put MB/s | put_nb cycles | put_nb MB/s | get cycles | get MB/s |"
                    print "|---:|---:|---:|---:|---:|---:|---:|"
                    for (s = 1; s <= sizes; ++s)
                        printf "| %s | %s | %s | %s | %s | %s | %s |\n", order[s],
                               cycles["put", order[s]], rate["put", order[s]],
                               cycles["put_nb", order[s]], rate["put_nb", order[s]],
                               cycles["get", order[s]], rate["get", order[s]]
                }' "$micro_csv"
        done
    } | tee "$output/micro.txt"

    # Data files for gnuplot, with a header line: barrier by PE count per launch; per launch and plotted size (the
    # smallest and the largest), PEs and one column per collective ('?' where a run is missing).
    barrier_series=""
    for how in $launches; do
        data=$output/micro-barrier-$how.dat
        awk -F, -v h="$how" 'NR == 1 { print "PEs barrier" } NR > 1 && $1 == h && $3 == "barrier" { print $2, $6 }' \
            "$micro_csv" >"$data"
        barrier_series="$barrier_series${barrier_series:+, }'$data' using 1:2 with linespoints title '$how'"
    done
    micro_plots="set title 'barrier'
plot $barrier_series"
    plot_sizes=$micro_min
    [ "$micro_max" -eq "$micro_min" ] || plot_sizes="$micro_min $micro_max"
    for size in $plot_sizes; do
        series=""
        dash=1
        for how in $launches; do
            data=$output/micro-collectives-$how-$size.dat
            awk -F, -v h="$how" -v size="$size" -v pe_counts="$pe_counts" '
                NR > 1 && $1 == h && $3 == "collectives" && $5 == size {
                    if (!($4 in seen)) { seen[$4] = 1; order[++operations] = $4 }
                    cycles[$4, $2] = $6
                }
                END {
                    line = "PEs"
                    for (o = 1; o <= operations; ++o) line = line " " order[o]
                    print line
                    columns = split(pe_counts, pes, " ")
                    for (c = 1; c <= columns; ++c) {
                        line = pes[c]
                        for (o = 1; o <= operations; ++o)
                            line = line " " ((order[o], pes[c]) in cycles ? cycles[order[o], pes[c]] : "?")
                        print line
                    }
                }' "$micro_csv" >"$data"
            columns=$(awk 'NR == 1 { print NF; exit }' "$data")
            if [ "$dash" -eq 1 ]; then
                series="$series${series:+, }for [i=2:$columns] '$data' using 1:i with linespoints linecolor i-1 dashtype 1 title columnheader(i)"
            else
                series="$series${series:+, }for [i=2:$columns] '$data' using 1:i with linespoints linecolor i-1 dashtype $dash notitle"
            fi
            dash=$((dash + 1))
        done
        micro_plots="$micro_plots
set title 'collectives, $size bytes per PE'
plot $series"
    done
    panels=$(($(echo "$plot_sizes" | wc -w) + 1))
    styles=""
    [ "$launches" != "in-process mpi" ] || styles="; collectives: solid in-process, dashed mpi"
    gnuplot <<END
set terminal $terminal size $((panels * 500)),500
set output '$output/micro.png'
set multiplot layout 1,$panels title 'xbrtime microbenchmarks: simulated cycles per operation (slowest PE; $plot_note$styles)'
set datafile missing '?'
set datafile columnheaders
set termoption noenhanced
set xlabel 'PEs'
set ylabel 'cycles per operation (simulated)'
set logscale x 2
set logscale y
set format y '%.0s%c'
set offsets graph 0.05, graph 0.05, graph 0.3, 0
set xtics ($xtics)
set key top left
set grid
$micro_plots
unset multiplot
END
    echo "$name: wrote $output/micro.txt, micro.csv and micro.png" >&2
fi

if [ "$failures" -gt 0 ]; then
    echo "$name: $failures run(s) failed verification" >&2
    exit 1
fi
