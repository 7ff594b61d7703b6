#!/bin/sh
# The xBGAS collectives paper (Williams et al., ICPP'19 workshops), Figs. 4 and 5: GUPS and NAS IS
# on 1, 2, 4 and 8 PEs, total and per-PE rates, through bench/run-scaling-benchmark.sh (in one
# process, cycle timing mode). Without --machine the built-in machine description has flat
# memory (no caches), and the report says so beside every verdict that depends on it; --machine
# names a description with caches (the paper's Spike had a 16 KB L1 and an 8 MB L2). Writes
# report.md, gups.png and is.png; the scaling script's output is in scaling/.
# usage: bench/reproduce/xbgas.sh [--quick] [--no-build] [--build DIR] [--output DIR]
#            [--class S|W|A|B|C] [--gups-log2 N] [--pes "1 2 4 8"] [--machine FILE]
# Defaults: the paper's IS class B and a 2^20-word GUPS table on 1, 2, 4, 8 PEs (hours in the
# cycle mode on 2 cores); --quick: class S and 2^12 words on 1, 2 and 4 PEs.
set -eu
paper=xbgas
usage_extra=' [--class S|W|A|B|C] [--gups-log2 N] [--pes "1 2 4 8"] [--machine FILE]'
class=B
machine=""
gups_log2=20
pes="1 2 4 8"
chosen=""
reproduce_option() {
    case $1 in
    --class) class=$2 ;;
    --gups-log2) gups_log2=$2 ;;
    --pes) pes=$2 ;;
    --machine) machine=$2 ;;
    *) return 1 ;;
    esac
    chosen="$chosen $1"
}
. "$(dirname "$0")/common.sh"
reproduce_parse "$@"
if [ "$quick" = 1 ]; then
    case $chosen in *--class*) ;; *) class=S ;; esac
    case $chosen in *--gups-log2*) ;; *) gups_log2=12 ;; esac
    case $chosen in *--pes*) ;; *) pes="1 2 4" ;; esac
fi
case " $pes " in
*" 1 "*) ;;
*) echo "xbgas: --pes must include 1 (rates are compared with 1 PE's)" >&2; exit 2 ;;
esac
if [ -n "$machine" ]; then
    [ -f "$machine" ] || { echo "xbgas: no machine description $machine" >&2; exit 2; }
    machine=$(cd "$(dirname "$machine")" && pwd)/$(basename "$machine")
fi
reproduce_build bench_gups bench_nas_is
reproduce_run "$output/scaling.log" sh "$repo/bench/run-scaling-benchmark.sh" --class "$class" \
    --gups-log2 "$gups_log2" --pes "$pes" --launch in-process --timing cycle \
    ${machine:+--machine "$machine"} --xbemu "$xbemu" --bench-dir "$build/bench" \
    --output "$output/scaling"
csv=$output/scaling/scaling.csv

if [ -n "$machine" ]; then
    memory="machine description $(basename "$machine")"
else
    memory="flat memory"
fi
reproduce_header "xBGAS collectives (ICPP'19): GUPS and NAS IS scaling (Figs. 4 and 5), $memory" cycle "$machine"
largest=$(echo "$pes" | tr ' ' '\n' | sort -n | tail -n 1)
# Verdicts from the rates by PE count: benchmark,launch,pes,problem,seconds,total,per_pe,...
awk -F, -v report="$report" -v verdicts="$output/verdicts.txt" -v largest="$largest" -v memory="$memory" '
    function row(figure, paper, measured, verdict) {
        printf "| %s | %s | %s | %s |\n", figure, paper, measured, verdict >> report
        printf "%s: %s\n", figure, verdict >> verdicts
    }
    NR > 1 { total[$1, $3] = $6; per_pe[$1, $3] = $7; problem[$1] = $4; verified[$1, $3] = $10; count[$1, $3] = 1 }
    END {
        flat = memory == "flat memory" ? "flat memory (no caches)" : memory
        # GUPS: total grows about linearly, per PE above 1 PE at 2 and 4, below at 8.
        speedup = total["gups", largest] / total["gups", 1]
        row("Fig. 4: GUPS total rate, 1 to " largest " PEs (" problem["gups"] ")", "grows about linearly",
            sprintf("%.2fx from 1 to %d PEs (%.4g to %.4g GUP/s)", speedup, largest, total["gups", 1], total["gups", largest]),
            speedup >= 0.75 * largest ? "same trend" : sprintf("differs: %.0f %% of linear", speedup / largest * 100))
        for (p = 2; p <= 4 && p <= largest; p *= 2) {
            if (!count["gups", p]) continue
            ratio = per_pe["gups", p] / per_pe["gups", 1]
            row("Fig. 4: GUPS per-PE rate at " p " PEs against 1 PE", "above (the peak, 2.35 M updates/s per PE, at 2 PEs)",
                sprintf("%.3f of 1 PE'"'"'s (%.4g against %.4g GUP/s)", ratio, per_pe["gups", p], per_pe["gups", 1]),
                ratio > 1 ? "same trend" : "differs: on " flat " splitting the table among PEs only adds remote accesses; the paper does not say what raised its per-PE rate (its time was Spike'"'"'s instruction count)")
        }
        if (count["gups", 8]) {
            ratio = per_pe["gups", 8] / per_pe["gups", 1]
            row("Fig. 4: GUPS per-PE rate at 8 PEs against 1 PE", "below",
                sprintf("%.3f of 1 PE'"'"'s", ratio), ratio < 1 ? "same trend" : "differs")
        }
        peak = 0
        for (p = 1; p <= largest; p *= 2) if (count["gups", p] && per_pe["gups", p] > peak) { peak = per_pe["gups", p]; at = p }
        row("Fig. 4: peak GUPS per PE", "2.35 M updates/s at 2 PEs (Spike, 12 cores, MPICH transport)",
            sprintf("%.2f M updates/s at %d PE%s", peak * 1000, at, at > 1 ? "s" : ""),
            at == 2 ? sprintf("same trend (%.1fx the paper'"'"'s rate)", peak * 1000 / 2.35) : sprintf("differs: the peak is at %d PE%s, %.1fx the paper'"'"'s rate, on %s; a remote access here is a message of the simulated network, not an MPI message between Spike processes", at, at > 1 ? "s" : "", peak * 1000 / 2.35, flat))
        # IS: total linear to 4 PEs, per PE about 25 % lower at 8.
        top = largest < 4 ? largest : 4
        speedup = total["is", top] / total["is", 1]
        row("Fig. 5: IS total rate, 1 to " top " PEs (" problem["is"] ")", "rises linearly to 4 PEs",
            sprintf("%.2fx (%.4g to %.4g Mop/s)", speedup, total["is", 1], total["is", top]),
            speedup >= 0.75 * top ? "same trend" : sprintf("differs: %.0f %% of linear", speedup / top * 100))
        if (count["is", 8]) {
            drop = (1 - per_pe["is", 8] / per_pe["is", 1]) * 100
            row("Fig. 5: IS per-PE rate at 8 PEs against 1 PE", "about 25 % lower",
                sprintf("%.0f %% lower (%.4g against %.4g Mop/s)", drop, per_pe["is", 8], per_pe["is", 1]),
                drop >= 15 && drop <= 35 ? "within tolerance (10 points)" : (drop > 0 ? "same trend" : "differs"))
        }
        for (key in verified) if (verified[key] != "PASSED" && verified[key] != "SUCCESSFUL") bad = bad " " key
        row("verification (GUPS and IS on every PE count)", "on", bad == "" ? "every run verified" : "failed:" bad,
            bad == "" ? "within tolerance" : "differs: a run did not verify")
    }' "$csv"
reproduce_text "A full run uses the paper's IS class B (and a 2^20-word GUPS table); this run used IS $(awk -F, '$1 == "is" { print $4; exit }' "$csv") and GUPS $(awk -F, '$1 == "gups" { print $4; exit }' "$csv") on $pes PEs. Rates are over simulated time (1 cycle = 1 ns), in one process, on $memory. The paper ran on Spike (16 KB L1, 8 MB L2), whose time is its instruction count; --machine FILE reruns this on a description with caches." \
    "![GUPS rates by PE count](gups.png)" "![IS rates by PE count](is.png)" \
    "Rates (from scaling/scaling.csv):" "$(awk -F, 'NR == 1 { print "| benchmark | PEs | problem | total | per PE | unit |"; print "|---|---:|---|---:|---:|---|"; next } { printf "| %s | %s | %s | %s | %s | %s |\n", $1, $3, $4, $6, $7, $8 }' "$csv")"

preamble=$(reproduce_plot_preamble)
for benchmark in gups is; do
    awk -F, -v b="$benchmark" '$1 == b { print $3 "," $6 "," $7 }' "$csv" >"$output/$benchmark.csv"
    one=$(awk -F, 'NR == 1 { print $3 }' "$output/$benchmark.csv")
    unit=$(awk -F, -v b="$benchmark" '$1 == b { print $8; exit }' "$csv")
    gnuplot <<END
$preamble
set output "$output/$benchmark.png"
set title "$benchmark, $version, cycle mode, $memory (the paper: Figs. 4-5)"
set xlabel "PEs"
set ylabel "$unit"
set logscale xy 2
plot "$output/$benchmark.csv" using 1:2 with linespoints title "total", \
     "$output/$benchmark.csv" using 1:3 with linespoints title "per PE", \
     $one * x with lines dashtype 2 title "linear from 1 PE (the paper's total: about linear)"
END
done
reproduce_finish
