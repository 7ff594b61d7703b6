#!/bin/sh
# The TSHMEM paper (Lam, George, Lam: OpenSHMEM on Tilera's TILE-Gx36 and TILEPro64), Figs. 5-12
# and Table III, as shapes: an OpenSHMEM microbenchmark suite (tshmem_microbenchmarks.c) on the
# runtime's OpenSHMEM, in the cycle timing mode on the built-in machine description (a mesh,
# the grid fitted to the PE count: 6 x 6 for 36 PEs, 8 x 8 for 64). Writes report.md, the CSV
# files and putget.png, barrier.png, broadcast.png, fcollect.png, reduce.png.
# usage: bench/reproduce/tshmem.sh [--quick] [--no-build] [--build DIR] [--output DIR]
# Full run: 36 and 64 PEs (collectives also on 4, 9 and 16), 8 B to 64 KiB (fcollect to 4 KiB,
# the reduction to 1 KiB); --quick: 4 and 9 PEs, up to 1 KiB.
set -eu
paper=tshmem
usage_extra=""
. "$(dirname "$0")/common.sh"
reproduce_parse "$@"
# fcollect and the reduction stop at smaller sizes: in fcollect every PE receives every PE's
# block, so its simulated work grows with the square of the PE count; the reduction's bound is
# from when it read every PE's vector with remote loads (it is now a dissemination, log2 rounds).
if [ "$quick" = 1 ]; then
    grids="4:2 9:3" counts="4 9" max_bytes=1024 fcollect_max=1024 reduce_max=1024 repetitions=3
else
    grids="36:6 64:8" counts="4 9 16 36 64" max_bytes=65536 fcollect_max=4096 reduce_max=1024
    repetitions=5
fi
reproduce_build reproduce_tshmem_microbenchmarks
program=$build/bench/reproduce/reproduce_tshmem_microbenchmarks.elf

measure() {
    count=$1
    shift
    reproduce_run "$output/run.log" "$xbemu" --isa rv64gc_xbgas -n "$count" --timing cycle \
        -m 512M "$program" "$@"
    grep -v '^#' "$output/run.log"
}
largest=${grids##* }
largest_count=${largest%%:*}
measure "$largest_count" putget 8 "$max_bytes" "$repetitions" | tr ' ' ',' >"$output/putget.csv"
: >"$output/latency.csv"
for grid in $grids; do
    measure "${grid%%:*}" latency 20 "${grid##*:}" | awk -v n="${grid%%:*}" '{ print n "," $2 "," $3 "," $4 }' >>"$output/latency.csv"
done
: >"$output/barrier.csv"
: >"$output/collectives.csv"
for count in $counts; do
    measure "$count" barrier 20 | tr ' ' ',' >>"$output/barrier.csv"
    {
        measure "$count" broadcast 8 "$max_bytes" "$repetitions"
        measure "$count" fcollect 8 "$fcollect_max" "$repetitions"
        measure "$count" reduce 8 "$reduce_max" "$repetitions"
    } | tr ' ' ',' >>"$output/collectives.csv"
done
reproduce_check_runs
rm -f "$output/run.log"

reproduce_header "TSHMEM (OpenSHMEM on Tilera many-cores): microbenchmark shapes, Figs. 5-12 and Table III" cycle
awk -F, -v report="$report" -v verdicts="$output/verdicts.txt" -v putget="$output/putget.csv" \
    -v latency="$output/latency.csv" -v barrier="$output/barrier.csv" -v collectives="$output/collectives.csv" \
    -v largest="$largest_count" '
    function row(figure, paper, measured, verdict) {
        printf "| %s | %s | %s | %s |\n", figure, paper, measured, verdict >> report
        printf "%s: %s\n", figure, verdict >> verdicts
    }
    BEGIN {
        # Table III: latency,pes,hops,pe,cycles
        while ((getline line < latency) > 0) {
            split(line, f, ",")
            n = f[1]; k = ++hopcount[n]; hops[n, k] = f[2]; cycles[n, k] = f[4]
        }
        for (n in hopcount) {
            rising = cycles[n, 1] < cycles[n, 2] && cycles[n, 2] < cycles[n, 3]
            per_hop = (cycles[n, 3] - cycles[n, 1]) / (hops[n, 3] - hops[n, 1])
            row(sprintf("Table III: one-way latency on %d PEs, neighbour / side to side / corner", n),
                "21-22 / 25-26 / 31-32 ns (Gx36), about 1 cycle per hop after 21 ns of set-up",
                sprintf("%d / %d / %d cycles (%d / %d / %d hops): %.1f cycles per hop after %d", cycles[n, 1], cycles[n, 2], cycles[n, 3], hops[n, 1], hops[n, 2], hops[n, 3], per_hop, cycles[n, 1] - per_hop * hops[n, 1]),
                rising ? sprintf("same trend (grows with the hops; the mesh'"'"'s %.1f cycles per hop against the Tilera'"'"'s about 1)", per_hop) : "differs: not growing with the hops")
        }
        # Figs. 6-7: put,bytes,cycles,MB/s and get,...
        while ((getline line < putget) > 0) {
            split(line, f, ",")
            if (!(f[1] in first)) first[f[1]] = f[4]
            previous[f[1]] = last[f[1]]; last[f[1]] = f[4]; top[f[1]] = f[2]
        }
        for (op in last) {
            growth = last[op] / first[op]; step = previous[op] > 0 ? last[op] / previous[op] : 0
            row(sprintf("Figs. 6-7: %s bandwidth, 8 B to %d B (PE 0 with PE 1)", op, top[op]),
                "rises with the size to the memcpy bandwidth (Gx36: about 3,100 MB/s within L1)",
                sprintf("%.0f to %.0f MB/s (the last doubling x%.2f)", first[op], last[op], step),
                growth > 4 && step < 1.25 ? "same trend (rises, then levels off)" : (growth > 4 ? "same trend (rises; not level yet)" : "differs: does not rise with the size"))
        }
        # Figs. 5 and 8: barrier_linear,pes,cycles and barrier_all,pes,cycles
        while ((getline line < barrier) > 0) {
            split(line, f, ",")
            b[f[1], f[2]] = f[3]; if (f[2] + 0 > bmax) bmax = f[2] + 0; if (bmin == "" || f[2] + 0 < bmin) bmin = f[2] + 0
        }
        row(sprintf("Fig. 8: linear wait/release barrier, %d to %d PEs", bmin, bmax),
            "3 us at 36 tiles (Pro64), grows linearly; 16x faster than the Tilera library'"'"'s spin barrier",
            sprintf("%d to %d cycles; the runtime'"'"'s dissemination barrier %d to %d", b["barrier_linear", bmin], b["barrier_linear", bmax], b["barrier_all", bmin], b["barrier_all", bmax]),
            b["barrier_linear", bmax] > b["barrier_linear", bmin] ? sprintf("same trend (grows with the PEs); the dissemination barrier is %.1fx faster at %d PEs (log2 rounds, where the linear one waits for each PE in turn)", b["barrier_linear", bmax] / b["barrier_all", bmax], bmax) : "differs: does not grow")
        # Figs. 9-12: operation,pes,bytes,cycles,MB/s
        while ((getline line < collectives) > 0) {
            split(line, f, ",")
            bw[f[1], f[2], f[3]] = f[5]
            if (f[5] + 0 > peak[f[1], f[2]]) { peak[f[1], f[2]] = f[5] + 0; peak_at[f[1], f[2]] = f[3]; peak_cycles[f[1], f[2]] = f[4] }
            if (cmin == "" || f[2] + 0 < cmin) cmin = f[2] + 0
            if (f[2] + 0 > cmax) cmax = f[2] + 0
        }
        ratio = peak["push", cmax] / peak["push", cmin]
        row(sprintf("Fig. 9: push broadcast, peak aggregate bandwidth, %d to %d PEs", cmin, cmax), "flat as tiles are added",
            sprintf("%.0f to %.0f MB/s", peak["push", cmin], peak["push", cmax]),
            ratio > 0.67 && ratio < 1.5 ? "same trend (flat within 50 %)" : sprintf("differs: x%.2f", ratio))
        ratio = peak["pull", cmax] / peak["pull", cmin]
        row(sprintf("Fig. 10: pull broadcast, peak aggregate bandwidth, %d to %d PEs", cmin, cmax), "grows with the tiles (46 GB/s at 29 tiles, 37 GB/s at 36, Gx36)",
            sprintf("%.0f to %.0f MB/s", peak["pull", cmin], peak["pull", cmax]),
            ratio > 1.5 ? "same trend (grows)" : sprintf("differs: x%.2f; gets are remote loads the getting PE waits for, so pulls run in parallel but each at one load per round trip", ratio))
        row(sprintf("Fig. 11: fcollect, size of the peak bandwidth, %d to %d PEs", cmin, cmax), "moves to smaller sizes as tiles are added",
            sprintf("%d B at %d PEs, %d B at %d PEs (%.0f and %.0f MB/s)", peak_at["fcollect", cmin], cmin, peak_at["fcollect", cmax], cmax, peak["fcollect", cmin], peak["fcollect", cmax]),
            peak_at["fcollect", cmax] + 0 < peak_at["fcollect", cmin] + 0 ? "same trend" : "differs: the peak does not move to smaller sizes")
        row(sprintf("Fig. 12: int-sum reduction, peak bandwidth at %d PEs", cmax), "flat, about 150 MB/s at 36 tiles",
            sprintf("%.0f MB/s at %d B", peak["reduce", cmax], peak_at["reduce", cmax]),
            peak["reduce", cmax] > 100 && peak["reduce", cmax] < 225 ? "within tolerance (50 %)" : sprintf("differs: %.0f cycles per int; the runtime'"'"'s OpenSHMEM int reduction over all PEs is xbrtime'"'"'s notified dissemination (docs/xbrtime.md), ceil(log2 n) rounds that each put the whole vector to another PE and combine it, so each element costs a remote store and a combine per round", peak_cycles["reduce", cmax] / (peak_at["reduce", cmax] / 4)))
    }' </dev/null
reproduce_text "The paper's machines were Tilera TILE-Gx36 and TILEPro64 chips; this suite runs on xbemu's built-in machine description (an in-order core, a mesh of 8-cycle routers and 2-cycle hops) at 1 cycle = 1 ns, so it compares shapes, not values. PE counts: $counts; put/get and latency on the largest grid; sizes up to $max_bytes B (fcollect $fcollect_max B, the reduction $reduce_max B); $repetitions repetitions." \
    "![put and get bandwidth](putget.png)" "![broadcast](broadcast.png)" "![fcollect](fcollect.png)" "![reduction](reduce.png)" "![barrier](barrier.png)" \
    "Measurements: putget.csv, latency.csv, barrier.csv, collectives.csv."

preamble=$(reproduce_plot_preamble)
for op in push pull fcollect reduce; do
    for count in $counts; do
        awk -F, -v op="$op" -v n="$count" '$1 == op && $2 == n { print $3 "," $5 }' "$output/collectives.csv" >"$output/plot.$op.$count.csv"
    done
done
plot_lines() {
    lines=""
    for count in $counts; do
        lines="$lines${lines:+, }\"$output/plot.$1.$count.csv\" using 1:2 with linespoints title \"$1, $count PEs\""
    done
    echo "$lines"
}
awk -F, '$1 == "barrier_linear" { print $2 "," $3 }' "$output/barrier.csv" >"$output/plot.linear.csv"
awk -F, '$1 == "barrier_all" { print $2 "," $3 }' "$output/barrier.csv" >"$output/plot.all.csv"
gnuplot <<END
$preamble
set logscale x 2
set xlabel "bytes"
set ylabel "MB/s (1 cycle = 1 ns)"
set output "$output/putget.png"
set title "Put and get, PE 0 with PE 1 on $largest_count PEs: $version, cycle mode"
plot "< grep ^put, $output/putget.csv" using 2:4 with linespoints title "put + quiet", \
     "< grep ^get, $output/putget.csv" using 2:4 with linespoints title "get"
set output "$output/broadcast.png"
set title "Push and pull broadcast, aggregate bandwidth (TSHMEM Figs. 9-10): $version"
plot $(plot_lines push), $(plot_lines pull)
set output "$output/fcollect.png"
set title "fcollect bandwidth (TSHMEM Fig. 11): $version"
plot $(plot_lines fcollect)
set output "$output/reduce.png"
set title "int-sum reduction bandwidth (TSHMEM Fig. 12): $version"
plot $(plot_lines reduce)
set output "$output/barrier.png"
set title "Barriers by PE count (TSHMEM Figs. 5 and 8): $version, cycle mode"
set xlabel "PEs"
set ylabel "cycles"
plot "$output/plot.linear.csv" using 1:2 with linespoints title "linear wait/release (TSHMEM's)", \
     "$output/plot.all.csv" using 1:2 with linespoints title "shmem_barrier_all (dissemination)"
END
rm -f "$output"/plot.*.csv
reproduce_finish
