#!/bin/sh
# Runs generated random programs on QEMU alone: each must exit with status 0 after printing
# the full report (x1..x31, f0..f31, fcsr, scratch_hash, checkpoint_hash, checksum: one
# 64-bit hex value each),
# and no two programs may print the same checksum. This guards the xbemu-versus-QEMU tests
# against programs that trap, hang or report nothing on both.
# usage: check-programs-on-qemu.sh QEMU ELF...
set -u
qemu=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

{
    register=1
    while [ $register -le 31 ]; do
        echo "x$register"
        register=$((register + 1))
    done
    register=0
    while [ $register -le 31 ]; do
        echo "f$register"
        register=$((register + 1))
    done
    echo fcsr
    echo scratch_hash
    echo checkpoint_hash
    echo checksum
} >"$work/expected-names"

failed=0
: >"$work/checksums"
for elf in "$@"; do
    timeout -k 5 60 "$qemu" -M virt -bios none -m 256M -nographic \
        -semihosting-config enable=on,target=native -kernel "$elf" \
        <"/dev/null" >"$work/output" 2>&1
    status=$?
    if [ $status -ne 0 ]; then
        echo "FAIL: $elf: exit status $status on QEMU"
        head -5 "$work/output"
        failed=1
        continue
    fi
    if grep -E -v -q '^[a-z_0-9]+=0x[0-9a-f]{16}$' "$work/output" ||
        ! cut -d= -f1 "$work/output" | cmp -s - "$work/expected-names"; then
        echo "FAIL: $elf: the report does not have the expected lines:"
        head -5 "$work/output"
        failed=1
        continue
    fi
    echo "$(tail -n 1 "$work/output") $elf" >>"$work/checksums"
done
duplicates=$(cut -d' ' -f1 "$work/checksums" | sort | uniq -d)
if [ -n "$duplicates" ]; then
    echo "FAIL: different programs printed the same checksum:"
    grep -F "$duplicates" "$work/checksums"
    failed=1
fi
if [ $failed -ne 0 ]; then
    exit 1
fi
echo "PASS: $# programs ran to their report on QEMU, all with different checksums"
