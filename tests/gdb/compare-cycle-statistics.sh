#!/bin/sh
# The cycle mode's statistics (--stats-json, which holds simulated figures only) of a run with
# gdb attached to every stub, continuing at once, equal those of a run without gdb.
# usage: compare-cycle-statistics.sh GDB XBEMU ELF "LAUNCHER WORDS" [xbemu options...]
set -u
gdb=$1
xbemu=$2
elf=$3
launcher=$4
shift 4
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
options="--isa rv64gc_xbgas --timing cycle $*"
ranks=1
case $launcher in
*-np\ *) ranks=${launcher##*-np } ;;
esac
# shellcheck disable=SC2086 # the launcher and the options are words
if ! timeout 60 $launcher "$xbemu" $options --stats-json "$work/plain.json" "$elf" \
    >"$work/plain.out" 2>&1; then
    echo "FAIL: the run without gdb failed:"; cat "$work/plain.out"; exit 1
fi
set --
for _ in $(seq 1 "$ranks"); do
    set -- "$@" --script "$here/continue.gdb"
done
# shellcheck disable=SC2086
"$here/run-gdb-sessions.sh" --gdb "$gdb" --elf "$elf" "$@" -- $launcher "$xbemu" $options \
    --stats-json "$work/gdb.json" --gdb 0 --gdb-wait "$elf" || exit 1
"$here/../tools/drop-run-description.sh" "$work/plain.json" "$work/gdb.json" || exit 1
if ! cmp -s "$work/plain.json" "$work/gdb.json"; then
    echo "FAIL: the statistics differ with gdb attached:"
    diff "$work/plain.json" "$work/gdb.json" | head -20
    exit 1
fi
echo "PASS: the same cycle statistics ($(sed -n 's/.*"cycles": \([0-9]*\),.*/\1/p' "$work/plain.json" | head -1) cycles) with and without gdb"
