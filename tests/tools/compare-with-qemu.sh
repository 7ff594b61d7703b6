#!/bin/sh
# Differential test: runs one ELF on xbemu and on qemu-system-riscv64 (virt machine, RAM at
# 0x80000000, semihosting) and requires the same standard output and the same exit status.
# usage: compare-with-qemu.sh XBEMU QEMU ELF [guest arguments...]
# Both get the same semihosting command line: the guest arguments (see run-on-qemu.sh).
set -u
xbemu=$1
qemu=$2
elf=$3
shift 3
timeout_seconds=${XBEMU_DIFF_TIMEOUT:-120}
xbemu_out=$(mktemp)
qemu_out=$(mktemp)
trap 'rm -f "$xbemu_out" "$qemu_out"' EXIT

timeout -k 5 "$timeout_seconds" "$xbemu" "$elf" "$@" <"/dev/null" >"$xbemu_out" 2>&1
xbemu_status=$?
timeout -k 5 "$timeout_seconds" "$(dirname "$0")/run-on-qemu.sh" "$qemu" "$elf" "$@" \
    <"/dev/null" >"$qemu_out" 2>&1
qemu_status=$?

failed=0
if [ $qemu_status -eq 124 ] || [ $qemu_status -gt 128 ]; then
    echo "FAIL: qemu did not finish normally (status $qemu_status)"
    failed=1
fi
if [ $xbemu_status -ne $qemu_status ]; then
    echo "FAIL: exit status xbemu=$xbemu_status qemu=$qemu_status"
    failed=1
fi
if ! cmp -s "$xbemu_out" "$qemu_out"; then
    echo "FAIL: output differs (< qemu, > xbemu):"
    diff "$qemu_out" "$xbemu_out" | head -60
    failed=1
fi
if [ $failed -ne 0 ]; then
    exit 1
fi
echo "PASS: $elf: same output ($(wc -l <"$qemu_out") lines) and exit status $qemu_status"
