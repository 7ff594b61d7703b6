#!/bin/sh
# xbemu names every CSR as Debian's objdump does: a program with csrrs and csrrwi on each of the
# 4096 CSR numbers, assembled for each privileged spec binutils knows and once without the
# .riscv.attributes section (objdump then takes the newest spec), disassembled by both.
# usage: check-csr-names.sh XBEMU GCC OBJDUMP OBJCOPY LINKER_SCRIPT COMPARE_DISASSEMBLY
set -u
xbemu=$1
gcc=$2
objdump=$3
objcopy=$4
linker_script=$5
compare=$6
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

{
    printf '\t.globl _start\n_start:\n'
    number=0
    while [ "$number" -lt 4096 ]; do
        printf '\tcsrrs zero,%d,zero\n\tcsrrwi a0,%d,5\n' "$number" "$number"
        number=$((number + 1))
    done
} >"$dir/csrs.S"

failed=0
for spec in 1.9.1 1.10 1.11 1.12 none; do
    elf=$dir/csrs-$spec.elf
    option=-Wa,-mpriv-spec=$spec
    [ "$spec" = none ] && option=
    # shellcheck disable=SC2086 # no option at all for "none"
    if ! "$gcc" -march=rv64gc -mabi=lp64d $option -nostdlib -nostartfiles -T "$linker_script" \
        "$dir/csrs.S" -o "$elf" 2>"$dir/errors"; then
        echo "FAIL: the CSR program does not build for spec $spec:"
        head -5 "$dir/errors"
        exit 1
    fi
    if [ "$spec" = none ]; then
        "$objcopy" --remove-section .riscv.attributes "$elf"
        if "$objdump" -h "$elf" | grep -q riscv.attributes; then
            echo "FAIL: $elf still has .riscv.attributes"
            exit 1
        fi
    fi
    result=$("$compare" "$xbemu" "$objdump" "$elf")
    echo "spec $spec: $result"
    case $result in
    "PASS: 8192 instructions"*) ;;
    *) failed=1 ;;
    esac
done
exit "$failed"
