#!/bin/sh
# --fast-forward roi with PIMP (tests/measure/fast_forward_pimp.c on 2 PEs): messages sent and
# received before the switch, and one sent and received after it, give the all-cycle run's
# output; a word left in a receive FIFO at the switch is refused in one line naming the PE,
# with exit status 2.
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
timeout -k 5 120 "$xbemu" "$@" "$elf" >"$work/cycle.out" 2>&1 || fail "all-cycle run: $(cat "$work/cycle.out")"
timeout -k 5 120 "$xbemu" "$@" --fast-forward roi "$elf" >"$work/ff.out" 2>&1 ||
    fail "fast-forwarded run: $(cat "$work/ff.out")"
grep -q "^PE 1 received 42 and 43$" "$work/cycle.out" || fail "all-cycle output: $(cat "$work/cycle.out")"
cmp -s "$work/cycle.out" "$work/ff.out" || fail "fast-forwarded output: $(cat "$work/ff.out")"
timeout -k 5 120 "$xbemu" "$@" --fast-forward roi "$elf" held >"$work/held.out" 2>"$work/held.err"
status=$?
[ "$status" -eq 2 ] || fail "a word held at the switch: exit status $status, expected 2"
[ "$(wc -l <"$work/held.err")" -eq 1 ] && grep -q "PE 1 holds 1 PIMP message" "$work/held.err" ||
    fail "a word held at the switch: $(cat "$work/held.err")"
echo PASS
