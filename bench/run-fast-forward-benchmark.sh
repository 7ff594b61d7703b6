#!/bin/sh
# NAS IS on 8 PEs in the cycle mode, fast-forwarded to its timed iterations (--fast-forward roi,
# the region of interest that nas_is_core.c puts around them) against the run all in the cycle
# mode: wall-clock seconds and the region's simulated cycles side by side (docs/measuring.md,
# "Fast-forward"). Both runs must verify and print the same output.
# usage: bench/run-fast-forward-benchmark.sh [--class S|W|A] [--pes N] [--timeout S] [XBEMU [BENCH_DIR]]
#        (defaults: class A, 8 PEs, build/app/xbemu, build/bench)
set -u
class=A pes=8 limit=3600
while [ $# -gt 0 ]; do
    case $1 in
    --class) class=$2 && shift 2 ;;
    --pes) pes=$2 && shift 2 ;;
    --timeout) limit=$2 && shift 2 ;;
    -*) echo "usage: $0 [--class S|W|A] [--pes N] [--timeout S] [XBEMU [BENCH_DIR]]" >&2 && exit 2 ;;
    *) break ;;
    esac
done
repository=$(cd "$(dirname "$0")/.." && pwd)
xbemu=${1:-$repository/build/app/xbemu}
bench=${2:-$repository/build/bench}
elf=$bench/bench_nas_is.elf
[ -x "$xbemu" ] && [ -f "$elf" ] || { echo "$0: no $xbemu or $elf (build first)" >&2 && exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }
# The class's memory: class A's 8 M keys need about 1 GiB per PE's RAM.
memory=256M
case $class in
W) memory=512M ;;
A) memory=1G ;;
esac

. "$repository/bench/provenance.sh"
bench_provenance "$xbemu" cycle
echo "NAS IS class $class on $pes PEs in one process, --stats-roi (the region: the timed iterations)"
printf '| run | wall s | region cycles | region instructions (all PEs) | IS Mop/s |\n|---|---:|---:|---:|---:|\n'
for mode in all-cycle fast-forward; do
    set -- --isa rv64gc_xbgas -n "$pes" -m "$memory" --timing cycle --stats-roi \
        --stats-json "$work/$mode.json"
    [ "$mode" = fast-forward ] && set -- "$@" --fast-forward roi
    start=$(now)
    if ! timeout -k 5 "$limit" "$xbemu" "$@" "$elf" "$class" >"$work/$mode.out" 2>"$work/$mode.err"; then
        echo "$0: the $mode run failed:" >&2
        tail -5 "$work/$mode.err" >&2
        exit 1
    fi
    seconds=$(echo "$(now) - $start" | bc)
    grep -q "IS verification: SUCCESSFUL" "$work/$mode.out" || { echo "$0: $mode did not verify" >&2 && exit 1; }
    cycles=$(sed -n 's/^  "cycles": \([0-9]*\),\{0,1\}$/\1/p' "$work/$mode.json")
    instructions=$(sed -n 's/^      "instructions": \([0-9]*\),\{0,1\}$/\1/p' "$work/$mode.json" |
        awk '{ sum += $1 } END { printf "%.0f", sum }')
    mops=$(sed -n 's/^IS Mop\/s total: *//p' "$work/$mode.out")
    printf '| %s | %.1f | %s | %s | %s |\n' "$mode" "$seconds" "$cycles" "$instructions" "$mops"
done
if ! cmp -s "$work/all-cycle.out" "$work/fast-forward.out"; then
    echo "The output differs (expected only where it depends on the cycles):"
    diff "$work/all-cycle.out" "$work/fast-forward.out"
fi
echo "Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
