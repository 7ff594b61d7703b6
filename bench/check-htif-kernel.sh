#!/bin/sh
# A speed kernel's HTIF build must behave on xbemu as its semihosting build does: the same
# standard output and exit status for the same iteration count (Spike, which the HTIF build is
# for, is not in Debian; xbemu implements the same HTIF interface).
# usage: check-htif-kernel.sh XBEMU SEMIHOSTING_ELF HTIF_ELF ITERATIONS WORK_DIR
set -u
[ $# -eq 5 ] || { echo "usage: check-htif-kernel.sh XBEMU SEMIHOSTING_ELF HTIF_ELF ITERATIONS WORK_DIR" >&2; exit 2; }
xbemu=$1 semihosting_elf=$2 htif_elf=$3 iterations=$4 work=$5
name=$(basename "$htif_elf" .elf)
mkdir -p "$work"
sh "$(dirname "$0")/set-htif-iterations.sh" "$htif_elf" "$iterations" "$work/$name-$iterations.elf" || exit 1

timeout -k 5 30 "$xbemu" "$semihosting_elf" "$iterations" </dev/null >"$work/$name.semihosting.out"
semihosting_status=$?
timeout -k 5 30 "$xbemu" "$work/$name-$iterations.elf" </dev/null >"$work/$name.htif.out"
htif_status=$?
cat "$work/$name.htif.out"
if ! grep -q "iterations: $iterations\$" "$work/$name.htif.out"; then
    echo "check-htif-kernel.sh: the HTIF build did not run $iterations iterations" >&2
    exit 1
fi
if ! cmp -s "$work/$name.semihosting.out" "$work/$name.htif.out"; then
    echo "check-htif-kernel.sh: the HTIF build printed something else than the semihosting build:" >&2
    diff "$work/$name.semihosting.out" "$work/$name.htif.out" >&2
    exit 1
fi
if [ "$htif_status" -ne "$semihosting_status" ]; then
    echo "check-htif-kernel.sh: exit status $htif_status on HTIF, $semihosting_status on semihosting" >&2
    exit 1
fi
echo "check-htif-kernel.sh: same output and exit status ($htif_status) as the semihosting build"
