#!/bin/sh
# --fast-forward roi with PIMP (tests/measure/fast_forward_pimp.c on 2 PEs): messages sent and
# received before the switch and one sent and received after it, and a word left in PE 1's
# receive FIFO at the switch (which the switch carries over into the cycle mode's FIFOs), give
# the all-cycle run's output.
# usage: check-fast-forward-pimp.sh XBEMU ELF
set -u
xbemu=$1 elf=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
    echo "FAIL: $*"
    exit 1
}
set -- --isa rv64gc_pimp -n 2 --timing cycle
for variant in "" held; do
    timeout -k 5 120 "$xbemu" "$@" "$elf" $variant >"$work/cycle.out" 2>&1 ||
        fail "all-cycle run $variant: $(cat "$work/cycle.out")"
    grep -q "^PE 1 received 42 and 43$" "$work/cycle.out" ||
        fail "all-cycle output $variant: $(cat "$work/cycle.out")"
    timeout -k 5 120 "$xbemu" "$@" --fast-forward roi "$elf" $variant >"$work/ff.out" 2>&1 ||
        fail "fast-forwarded run $variant: $(cat "$work/ff.out")"
    cmp -s "$work/cycle.out" "$work/ff.out" ||
        fail "fast-forwarded output $variant: $(cat "$work/ff.out")"
done
echo PASS
