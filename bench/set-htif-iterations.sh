#!/bin/sh
# Writes a copy of a speed kernel's HTIF build (bench_*_htif.elf) that runs ITERATIONS
# iterations: Spike passes a bare-metal program no arguments, so the count goes into the digits
# after the marker that bench/speed_kernel.h reads (16 decimal digits).
# usage: set-htif-iterations.sh HTIF_ELF ITERATIONS OUTPUT_ELF
set -eu
[ $# -eq 3 ] || { echo "usage: set-htif-iterations.sh HTIF_ELF ITERATIONS OUTPUT_ELF" >&2; exit 2; }
source_elf=$1 iterations=$2 output_elf=$3
marker=speed-kernel-iterations:
case $iterations in
'' | *[!0-9]*) echo "set-htif-iterations.sh: the iteration count must be a number: $iterations" >&2; exit 2 ;;
esac
if [ "${#iterations}" -gt 16 ]; then
    echo "set-htif-iterations.sh: more than 16 digits: $iterations" >&2
    exit 2
fi
offset=$(grep -obUa "$marker" "$source_elf" | head -n 1 | cut -d: -f1)
if [ -z "$offset" ]; then
    echo "set-htif-iterations.sh: $source_elf has no iteration marker (not an HTIF build of a speed kernel?)" >&2
    exit 1
fi
cp "$source_elf" "$output_elf"
printf '%016d' "$iterations" |
    dd of="$output_elf" bs=1 seek=$((offset + ${#marker})) conv=notrunc status=none
