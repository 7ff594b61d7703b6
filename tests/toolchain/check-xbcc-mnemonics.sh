#!/bin/sh
# xbcc with the patched binutils: a C program whose inline assembly names xBGAS instructions
# builds, runs correctly on 2 PEs, and the patched objdump disassembles it as xbemu does.
# usage: check-xbcc-mnemonics.sh XBCC XBEMU OBJDUMP COMPARE_DISASSEMBLY SOURCE
set -u
xbcc=$1
xbemu=$2
objdump=$3
compare_disassembly=$4
source=$5
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! "$xbcc" -O2 -Wall -Wextra -Werror "$source" -o "$work/program.elf"; then
    echo "FAIL: xbcc does not build $source"
    exit 1
fi
"$xbemu" --isa rv64gc_xbgas -n 2 "$work/program.elf" >"$work/output" 2>&1
status=$?
if [ "$status" -ne 0 ] || [ "$(grep -c '^mnemonics: PE [01] passed$' "$work/output")" -ne 2 ]; then
    echo "FAIL: exit status $status, output:"
    cat "$work/output"
    exit 1
fi
"$compare_disassembly" "$xbemu" "$objdump" "$work/program.elf" rv64gc_xbgas
