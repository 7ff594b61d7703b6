#!/bin/sh
# The PIMP paper's microbenchmarks on the PIMP library, in the cycle timing mode on the machine
# description of the paper's FPGA prototype (bench/pimp-fpga-prototype.json), side by side with
# the paper's figures: the round trip of an 8-byte message between two nodes, the cost of each
# further 64-bit word (the slope of a least-squares line through the round trips of 8 B to the
# largest size), the barrier at 2 threads and its cost per further thread (the slope through
# every thread count), each with its relative error; then broadcast, reduce, both allreduce
# algorithms and alltoall by node count.
# Writes pimp.txt (also on stdout), latency.csv, barrier.csv, collectives.csv, latency.png and
# barrier.png (gnuplot) to the output directory. Exits 1 when a figure is more than 15 % off the
# paper's.
# usage: bench/run-pimp-benchmark.sh [--machine FILE] [--max-bytes 1024] [--threads "2 3 4 ..."]
#            [--collective-nodes "2 4 8 16"] [--collective-bytes "8 512"] [--repetitions N]
#            [--output DIR] [--xbemu PATH] [--bench-dir DIR]
# Defaults: sizes 8 B to 1 KiB, barriers on 2, 3, 4, 6, 8, 12, 16, 24, 32, 48 and 64 threads,
# collectives on 2-64 nodes of 8 B and 512 B, 20 repetitions, output in build/pimp-results.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
name=run-pimp-benchmark.sh
machine=$repo/bench/pimp-fpga-prototype.json
max_bytes=1024
threads="2 3 4 6 8 12 16 24 32 48 64"
collective_nodes="2 4 8 16 32 64"
collective_bytes="8 512"
repetitions=20
output=$repo/build/pimp-results
xbemu=$repo/build/app/xbemu
bench_dir=$repo/build/bench

usage() {
    echo "usage: $name [--machine FILE] [--max-bytes N] [--threads \"2 3 4\"] [--collective-nodes \"2 4 8\"] [--collective-bytes \"8 512\"] [--repetitions N] [--output DIR] [--xbemu PATH] [--bench-dir DIR]" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || usage
    case $1 in
    --machine) machine=$2 ;;
    --max-bytes) max_bytes=$2 ;;
    --threads) threads=$2 ;;
    --collective-nodes) collective_nodes=$2 ;;
    --collective-bytes) collective_bytes=$2 ;;
    --repetitions) repetitions=$2 ;;
    --output) output=$2 ;;
    --xbemu) xbemu=$2 ;;
    --bench-dir) bench_dir=$2 ;;
    *) usage ;;
    esac
    shift 2
done

command -v gnuplot >/dev/null 2>&1 || {
    echo "$name: gnuplot is missing; it draws the plots (apt-get install gnuplot-nox, or run scripts/setup-debian.sh)" >&2
    exit 1
}
program=$bench_dir/bench_pimp_microbenchmarks.elf
[ -x "$xbemu" ] || { echo "$name: no xbemu at $xbemu (build first)" >&2; exit 1; }
[ -f "$program" ] || { echo "$name: no $program (build first)" >&2; exit 1; }
[ -f "$machine" ] || { echo "$name: no machine description $machine" >&2; exit 1; }
mkdir -p "$output"

# run NODES ARGUMENTS...: the microbenchmark's measurement lines (its '#' lines dropped).
run() {
    nodes=$1
    shift
    if ! "$xbemu" --isa rv64gc_pimp -n "$nodes" --timing cycle --machine "$machine" \
        "$program" "$@" >"$output/run.out" 2>&1; then
        echo "$name: xbemu -n $nodes $* failed:" >&2
        cat "$output/run.out" >&2
        exit 1
    fi
    grep -v '^#' "$output/run.out"
}

run 2 latency 8 "$max_bytes" "$repetitions" |
    awk '{ print $2 "," $3 }' >"$output/latency.csv"
: >"$output/barrier.csv"
for count in $threads; do
    run "$count" barrier "$repetitions" | awk '{ print $2 "," $3 }' >>"$output/barrier.csv"
done
: >"$output/collectives.csv"
for count in $collective_nodes; do
    for bytes in $collective_bytes; do
        run "$count" collectives "$bytes" "$repetitions" |
            awk '{ print $1 "," $2 "," $3 "," $4 }' >>"$output/collectives.csv"
    done
done

# The comparison: figure, measured, paper, relative error; its status says whether every
# figure is within 15 %.
status=0
awk -F, -v latency="$output/latency.csv" -v barrier="$output/barrier.csv" '
    # The least-squares slope of y over x / scale; value_at is the y at x == at.
    function fit(file, scale, at,    n, sx, sy, sxx, sxy, x, y, line, part) {
        n = sx = sy = sxx = sxy = 0
        while ((getline line < file) > 0) {
            split(line, part, ",")
            x = part[1] / scale; y = part[2]
            n++; sx += x; sy += y; sxx += x * x; sxy += x * y
            if (part[1] == at) value_at = y
        }
        close(file)
        return (n * sxy - sx * sy) / (n * sxx - sx * sx)
    }
    function row(what, measured, paper,    error) {
        error = (measured - paper) / paper * 100
        printf "| %s | %.1f | %d | %+.1f %% |\n", what, measured, paper, error
        if (error > 15 || error < -15) missed = 1
    }
    BEGIN {
        print "| figure | xbemu (cycles) | paper (cycles) | relative error |"
        print "|---|---:|---:|---:|"
        word = fit(latency, 8, 8)
        row("round trip of an 8-byte message", value_at, 139)
        row("each further 64-bit word of the round trip", word, 18)
        thread = fit(barrier, 1, 2)
        row("barrier at 2 threads", value_at, 83)
        row("barrier, each further thread", thread, 9)
        exit missed
    }' </dev/null >"$output/comparison.txt" || status=$?
. "$repo/bench/provenance.sh"
provenance=$(bench_provenance "$xbemu" cycle "$machine")
version=$("$xbemu" --version | head -n 1)
{
    echo "# PIMP library on $(basename "$machine") (cycle mode) and the PIMP paper's FPGA prototype"
    echo
    echo "$provenance"
    echo
    cat "$output/comparison.txt"
    echo
    echo "| round trip: bytes | cycles |"
    echo "|---:|---:|"
    awk -F, '{ printf "| %s | %s |\n", $1, $2 }' "$output/latency.csv"
    echo
    echo "| barrier: threads | cycles |"
    echo "|---:|---:|"
    awk -F, '{ printf "| %s | %s |\n", $1, $2 }' "$output/barrier.csv"
    echo
    echo "| collective | nodes | bytes per node | cycles |"
    echo "|---|---:|---:|---:|"
    awk -F, '{ printf "| %s | %s | %s | %s |\n", $1, $2, $3, $4 }' "$output/collectives.csv"
} >"$output/pimp.txt"
rm -f "$output/run.out" "$output/comparison.txt"
cat "$output/pimp.txt"

. "$repo/bench/reproduce/plot.sh"
gnuplot <<END
$(reproduce_plot_preamble)
set output "$output/latency.png"
set title "PIMP library: round trip between two nodes"
set xlabel "message size (bytes)"
set ylabel "round trip (cycles)"
plot "$output/latency.csv" using 1:2 with linespoints title "$version, cycle mode, $(basename "$machine")", \
     139 + 18 * (x / 8 - 1) with lines dashtype 2 title "paper: 139 + 18 per further word"
set output "$output/barrier.png"
set title "PIMP library: barrier"
set xlabel "threads"
set ylabel "cycles per barrier"
plot "$output/barrier.csv" using 1:2 with linespoints title "$version, cycle mode, $(basename "$machine")", \
     83 + 9 * (x - 2) with lines dashtype 2 title "paper: 83 + 9 per further thread"
END
echo "$name: plots in $output/latency.png and $output/barrier.png"
exit "$status"
