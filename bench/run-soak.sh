#!/bin/sh
# Soak test (not part of CI): runs GUPS, NAS IS and the xbrtime collectives tests many times on
# 2-8 PEs, in one process and under mpirun with the shm and rma transports, and reports failures,
# hangs (runs still going after --timeout) and the spread of host wall-clock times. Repetition r
# of every program and launch runs on the r-th PE count of --pes (cycling), so each count gets an
# equal share of the repetitions.
# Writes soak.txt (markdown summary, also on stdout), soak.csv (one row per run) and the output of
# every failed or hung run under failures/ to the output directory.
# usage: bench/run-soak.sh [--repetitions N] [--pes "2 3 4 5 6 7 8"] [--launch "in-process shm rma"]
#            [--programs "gups is broadcast reduce scatter_gather alltoall"] [--gups-log2 N]
#            [--timeout S] [--output DIR] [--build DIR]
# Defaults: 100 repetitions, a 2^14-word GUPS table, a 300 s timeout, output in
# build/soak-results. IS runs class S. Under mpirun, where ranks beyond the host's cores spin for
# their time slices, the collectives run their "quick" set (four types); in one process every
# type.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
name=run-soak.sh
repetitions=100
pe_counts="2 3 4 5 6 7 8"
launches="in-process shm rma"
programs="gups is broadcast reduce scatter_gather alltoall"
gups_log2=14
timeout_seconds=300
output=$repo/build/soak-results
build=$repo/build

usage() {
    echo "usage: $name [--repetitions N] [--pes \"2 3 4 5 6 7 8\"] [--launch \"in-process shm rma\"] [--programs \"gups is broadcast reduce scatter_gather alltoall\"] [--gups-log2 N] [--timeout S] [--output DIR] [--build DIR]" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || usage
    case $1 in
    --repetitions) repetitions=$2 ;;
    --pes) pe_counts=$2 ;;
    --launch) launches=$2 ;;
    --programs) programs=$2 ;;
    --gups-log2) gups_log2=$2 ;;
    --timeout) timeout_seconds=$2 ;;
    --output) output=$2 ;;
    --build) build=$2 ;;
    *) usage ;;
    esac
    shift 2
done

positive() {
    case $1 in
    '' | *[!0-9]* | 0) echo "$name: $2 takes a positive number, not '$1'" >&2; exit 2 ;;
    esac
}
positive "$repetitions" --repetitions
positive "$timeout_seconds" --timeout
positive "$gups_log2" --gups-log2
[ -n "$pe_counts" ] || usage
for pes in $pe_counts; do
    positive "$pes" --pes
done
for launch in $launches; do
    case $launch in
    in-process) ;;
    shm | rma)
        command -v mpirun >/dev/null 2>&1 || {
            echo "$name: --launch $launch needs mpirun (Debian package mpich, or run scripts/setup-debian.sh)" >&2
            exit 1
        }
        ;;
    *) echo "$name: unknown launch $launch (in-process, shm or rma)" >&2; exit 2 ;;
    esac
done

xbemu=$build/app/xbemu
[ -x "$xbemu" ] || { echo "$name: no xbemu at $xbemu (build first: scripts/build.sh)" >&2; exit 1; }

# program_elf PROGRAM: the guest program; program_check PROGRAM: the line a passing run prints.
program_elf() {
    case $1 in
    gups) echo "$build/bench/bench_gups.elf" ;;
    is) echo "$build/bench/bench_nas_is.elf" ;;
    *) echo "$build/tests/xbrtime/collectives/xbrtime_collectives_$1.elf" ;;
    esac
}
program_check() {
    case $1 in
    gups) echo '^GUPS verification: [0-9]+ errors \([0-9.]+%\) PASSED$' ;;
    is) echo '^IS verification: SUCCESSFUL$' ;;
    *) echo "^$1: [0-9]+ checks passed on [0-9]+ PEs$" ;;
    esac
}
for program in $programs; do
    case $program in
    gups | is | broadcast | reduce | scatter_gather | alltoall) ;;
    *) echo "$name: unknown program $program (gups, is, broadcast, reduce, scatter_gather or alltoall)" >&2; exit 2 ;;
    esac
    [ -f "$(program_elf "$program")" ] || {
        echo "$name: no $(program_elf "$program") (build first: scripts/build.sh)" >&2
        exit 1
    }
done

mkdir -p "$output/failures"
csv=$output/soak.csv
echo "program,launch,pes,repetition,outcome,exit_status,seconds" >"$csv"
run_output=$(mktemp)
trap 'rm -f "$run_output"' EXIT

now() {
    date +%s.%N
}

# run_once PROGRAM LAUNCH PES REPETITION: one run, one CSV row; keeps the output of a bad run.
run_once() {
    program=$1 launch=$2 pes=$3 repetition=$4
    arguments=""
    case $program in
    gups) arguments=$gups_log2 ;;
    is) arguments=S ;;
    *) [ "$launch" = in-process ] || arguments=quick ;;
    esac
    case $launch in
    in-process) set -- "$xbemu" --isa rv64gc_xbgas -n "$pes" ;;
    *) set -- mpirun -np "$pes" "$xbemu" --isa rv64gc_xbgas --transport "$launch" ;;
    esac
    start=$(now)
    status=0
    # shellcheck disable=SC2086 # the guest arguments are words
    timeout -k 10 "$timeout_seconds" "$@" "$(program_elf "$program")" $arguments \
        </dev/null >"$run_output" 2>&1 || status=$?
    seconds=$(awk -v start="$start" -v end="$(now)" 'BEGIN { printf "%.3f", end - start }')
    if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
        outcome=hang
    elif [ "$status" -eq 0 ] && grep -E -q -- "$(program_check "$program")" "$run_output"; then
        outcome=pass
    else
        outcome=fail
    fi
    if [ "$outcome" != pass ]; then
        cp "$run_output" "$output/failures/$program.$launch.n$pes.r$repetition.log"
        echo "$name: $outcome: $program $launch on $pes PEs, repetition $repetition (exit status $status, ${seconds}s)" >&2
    fi
    echo "$program,$launch,$pes,$repetition,$outcome,$status,$seconds" >>"$csv"
}

pe_count_list=$(echo $pe_counts)
set -- $pe_count_list
pe_choices=$#
started=$(now)
repetition=1
while [ "$repetition" -le "$repetitions" ]; do
    index=$(((repetition - 1) % pe_choices + 1))
    pes=$(echo "$pe_count_list" | cut -d' ' -f"$index")
    for launch in $launches; do
        for program in $programs; do
            run_once "$program" "$launch" "$pes" "$repetition"
        done
    done
    if [ $((repetition % 10)) -eq 0 ]; then
        echo "$name: $repetition of $repetitions repetitions done" >&2
    fi
    repetition=$((repetition + 1))
done
elapsed=$(awk -v start="$started" -v end="$(now)" 'BEGIN { printf "%.0f", end - start }')

# Summary per program and launch: outcomes, and per PE count the median time and the spread
# (slowest / fastest passing run); the worst spread over the PE counts is shown.
summary=$output/soak.txt
. "$repo/bench/provenance.sh"
{
    echo "Soak: $repetitions repetitions on PEs {$pe_count_list}, GUPS 2^$gups_log2 words, timeout ${timeout_seconds}s, ${elapsed}s in all"
    echo
    bench_provenance "$xbemu" functional
    echo
    echo "| program | launch | runs | passed | failed | hung | median s by PEs | worst spread (max/min) |"
    echo "|---|---|---|---|---|---|---|---|"
    sort -t, -k1,1 -k2,2 -k3,3n -k7,7n "$csv" | awk -F, '
        $1 == "program" { next }
        {
            key = $1 "|" $2
            if (!(key in runs)) { order[++keys] = key }
            runs[key]++
            count[key, $5]++
            if ($5 == "pass") {
                group = key SUBSEP $3
                if (!(group in times)) { pes_of[key] = pes_of[key] " " $3 }
                times[group] = times[group] " " $7
            }
        }
        function median(list,    values, n) {
            n = split(list, values, " ")
            return n % 2 ? values[(n + 1) / 2] : (values[n / 2] + values[n / 2 + 1]) / 2
        }
        function spread(list,    values, n) {
            n = split(list, values, " ")
            return values[1] > 0 ? values[n] / values[1] : 0
        }
        END {
            for (k = 1; k <= keys; k++) {
                key = order[k]
                split(key, parts, "|")
                medians = ""
                worst = 0
                n = split(pes_of[key], counts, " ")
                for (i = 1; i <= n; i++) {
                    group = key SUBSEP counts[i]
                    medians = medians sprintf("%s%s: %.2f", medians == "" ? "" : ", ", counts[i], median(times[group]))
                    s = spread(times[group])
                    if (s > worst) { worst = s }
                }
                printf "| %s | %s | %d | %d | %d | %d | %s | %.2f |\n", parts[1], parts[2], runs[key],
                       count[key, "pass"], count[key, "fail"], count[key, "hang"], medians, worst
            }
        }'
} >"$summary"
cat "$summary"
bad=$(grep -c -E ',(fail|hang),' "$csv" || true)
echo
echo "soak.csv, soak.txt and the logs of failed runs are in $output"
[ "$bad" -eq 0 ]
