#!/bin/sh
# Runs every libFuzzer harness of fuzz/ for a number of executions (default one million) from its
# corpus and seeds, and reports per fuzzer the executions, their rate, the coverage reached
# (libFuzzer's counts of covered edges, "cov", and of features, "ft"), the corpus size and the
# crashes (inputs that crashed, leaked, timed out or ran out of memory; libFuzzer stops at the
# first and writes it to the artifacts directory). Builds build-fuzz/ first.
# usage: bench/run-fuzzers.sh [--runs N] [--fuzzers "elf_image olb_table semihosting"] [--build DIR]
# Each fuzzer's full output is in <build>/fuzz/logs/<fuzzer>.log; new inputs join
# <build>/fuzz/corpus/<fuzzer>/. A crash input belongs in fuzz/regressions/<fuzzer>/ once fixed.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
name=run-fuzzers.sh
runs=1000000
fuzzers=""
build=$repo/build-fuzz

usage() {
    echo "usage: $name [--runs N] [--fuzzers \"elf_image olb_table semihosting\"] [--build DIR]" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || usage
    case $1 in
    --runs) runs=$2 ;;
    --fuzzers) fuzzers=$2 ;;
    --build) build=$2 ;;
    *) usage ;;
    esac
    shift 2
done
case $runs in
'' | *[!0-9]* | 0) echo "$name: --runs takes a positive number, not '$runs'" >&2; exit 2 ;;
esac

sh "$repo/scripts/build.sh" --fuzz "$build" >/dev/null
if [ -z "$fuzzers" ]; then
    for program in "$build"/fuzz/*_fuzzer; do
        fuzzers="$fuzzers $(basename "$program" _fuzzer)"
    done
fi
mkdir -p "$build/fuzz/logs" "$build/fuzz/artifacts"

table=$(mktemp)
trap 'rm -f "$table"' EXIT
failed=0
for fuzzer in $fuzzers; do
    program=$build/fuzz/${fuzzer}_fuzzer
    [ -x "$program" ] || { echo "$name: no fuzzer $program" >&2; exit 1; }
    corpus=$build/fuzz/corpus/$fuzzer
    mkdir -p "$corpus"
    seeds=""
    for directory in "$repo/fuzz/seeds/$fuzzer" "$build/fuzz/seeds/$fuzzer"; do
        [ -d "$directory" ] && seeds="$seeds $directory"
    done
    dictionary=""
    [ -f "$repo/fuzz/$fuzzer.dict" ] && dictionary=-dict=$repo/fuzz/$fuzzer.dict
    log=$build/fuzz/logs/$fuzzer.log
    prefix=$build/fuzz/artifacts/$fuzzer-
    before=$(ls "$build/fuzz/artifacts" | grep -c "^$fuzzer-" || true)
    echo "$name: $fuzzer: $runs executions..." >&2
    started=$(date +%s)
    status=0
    # shellcheck disable=SC2086 # the dictionary option and the seed directories are words
    "$program" -runs="$runs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 $dictionary \
        -artifact_prefix="$prefix" "$corpus" $seeds >"$log" 2>&1 || status=$?
    seconds=$(($(date +%s) - started))
    after=$(ls "$build/fuzz/artifacts" | grep -c "^$fuzzer-" || true)
    crashes=$((after - before))
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    last=$(grep ' cov: ' "$log" | tail -1)
    edges=$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
    features=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
    corpus_size=$(echo "$last" | sed -n 's/.* corp: \([0-9]*\/[0-9a-zA-Z]*\).*/\1/p')
    if [ "$status" -ne 0 ] || [ "$crashes" -ne 0 ]; then
        failed=1
        echo "$name: $fuzzer stopped with status $status; see $log and $prefix*" >&2
    fi
    echo "| $fuzzer | ${executions:-?} | ${rate:-?} | $seconds | ${edges:-?} | ${features:-?} | ${corpus_size:-?} | $crashes |" >>"$table"
done

echo "| fuzzer | executions | exec/s | seconds | coverage (edges) | features | corpus (inputs/size) | crashes |"
echo "|---|---|---|---|---|---|---|---|"
cat "$table"
exit $failed
