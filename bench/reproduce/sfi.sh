#!/bin/sh
# The Scalable Fabric Interface paper (Luo et al.): instructions on the critical path of
# OpenSHMEM calls (its Fig. 6: shmem_int_p 16 instructions over SFI, 388 in GASNet over verbs,
# 402 in MVAPICH2-X; shmem_quiet 11 over SFI), beside xbemu's runtime: instructions and cycles per
# call of shmem_int_p, shmem_putmem_nbi (8 B), shmem_quiet and shmem_barrier_all on 2 PEs, from
# the instret and cycle CSRs around each call (sfi_call_costs.c), in the cycle timing mode on the
# built-in machine description. Writes report.md, costs.csv and instructions.png.
# usage: bench/reproduce/sfi.sh [--quick] [--no-build] [--build DIR] [--output DIR]
set -eu
paper=sfi
usage_extra=""
. "$(dirname "$0")/common.sh"
reproduce_parse "$@"
reproduce_build reproduce_sfi_call_costs
program=$build/bench/reproduce/reproduce_sfi_call_costs.elf
repetitions=1000
[ "$quick" = 0 ] || repetitions=20

reproduce_run "$output/run.log" "$xbemu" --isa rv64gc_xbgas -n 2 --timing cycle "$program" "$repetitions"
grep -v '^#' "$output/run.log" | awk '{ print $1 "," $2 "," $3 }' >"$output/costs.csv"

reproduce_header "Scalable Fabric Interface for PGAS (Luo et al.): instructions per OpenSHMEM call" cycle
# The verdicts: within tolerance up to 25 % above the paper's SFI count (or below it); above,
# how far from SFI's count and from the verbs path's, whose gap is the paper's claim (69-82 %
# fewer instructions for RMA, 50-65 % for synchronisation).
awk -F, -v report="$report" -v verdicts="$output/verdicts.txt" '
    function row(figure, paper, measured, verdict) {
        printf "| %s | %s | %s | %s |\n", figure, paper, measured, verdict >> report
        printf "%s: %s\n", figure, verdict >> verdicts
    }
    function judge(measured, sfi, verbs,    verdict) {
        if (measured <= sfi * 1.25)
            return "within tolerance (25 %): " (measured <= sfi ? "leaner than" : "close to") " the SFI path"
        verdict = sprintf("differs: %.1fx the SFI path", measured / sfi)
        if (verbs > 0)
            verdict = verdict sprintf(", %.0f %% fewer than GASNet over verbs (the paper: 69-82 %% fewer for RMA)", (1 - measured / verbs) * 100)
        return verdict
    }
    { instructions[$1] = $2; cycles[$1] = $3 }
    END {
        row("Fig. 6: shmem_int_p, instructions", "16 (SHMEM over SFI); 388 (GASNet over verbs); 402 (MVAPICH2-X)",
            instructions["shmem_int_p"] " (" cycles["shmem_int_p"] " cycles)",
            judge(instructions["shmem_int_p"], 16, 388))
        row("Fig. 6: shmem_quiet with one put outstanding, instructions", "11 (SHMEM over SFI)",
            instructions["shmem_quiet_after_put"] " (" cycles["shmem_quiet_after_put"] " cycles)",
            judge(instructions["shmem_quiet_after_put"], 11, 0))
        row("shmem_quiet with nothing outstanding, instructions", "11 (SHMEM over SFI, the paper does not say how many puts were outstanding)",
            instructions["shmem_quiet"] " (" cycles["shmem_quiet"] " cycles)",
            judge(instructions["shmem_quiet"], 11, 0))
        row("shmem_putmem_nbi of 8 bytes, instructions", "no SHMEM count (Fig. 7: GASNet put_nbi about 300 fewer over SFI than over verbs)",
            instructions["shmem_putmem_nbi"] " (" cycles["shmem_putmem_nbi"] " cycles)",
            sprintf("no paper figure to compare; %.1fx shmem_int_p for the same 8 bytes", instructions["shmem_putmem_nbi"] / instructions["shmem_int_p"]))
        row("shmem_barrier_all on 2 PEs, instructions", "no count (synchronisation: 50-65 % fewer instructions than over verbs)",
            instructions["shmem_barrier_all"] " (" cycles["shmem_barrier_all"] " cycles)",
            "no paper figure to compare; a dissemination barrier, one round on 2 PEs")
    }' "$output/costs.csv"
reproduce_text "Each figure is PE 0's average over $repetitions calls, from the instret and cycle CSRs read right before and after the call (the reads' own cost subtracted; the call's jal counted). The barrier's count includes its polling iterations while it waits for PE 1 (in the cycle mode the same on every run). Where the verdict says *differs*, docs/reproductions.md says where the instructions go." \
    "![instructions per call](instructions.png)"

terminal=$(reproduce_terminal)
awk -F, 'BEGIN { paper["shmem_int_p"] = 16; paper["shmem_quiet_after_put"] = 11 }
    $1 != "nothing" { print $1 "," $2 "," ($1 in paper ? paper[$1] : "") }' "$output/costs.csv" >"$output/plot.csv"
gnuplot <<END
set terminal $terminal
set termoption noenhanced
set datafile separator ","
set output "$output/instructions.png"
set title "Instructions per OpenSHMEM call: $version (cycle mode, 2 PEs) and SHMEM over SFI"
set style data histograms
set style histogram clustered
set style fill solid 0.6 border -1
set logscale y
set yrange [1:*]
set ylabel "instructions per call"
set xtics rotate by -20
set key left top
plot "$output/plot.csv" using 2:xtic(1) title "xbemu's OpenSHMEM", '' using 3 title "paper: SHMEM over SFI (Fig. 6)"
END
rm -f "$output/plot.csv"
reproduce_finish
