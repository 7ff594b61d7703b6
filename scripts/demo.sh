#!/bin/sh
# Quick start, step 1: installs what is missing, builds everything and runs a demo on xbemu.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
build=$repo/build
sh "$repo/scripts/build.sh" "$build"
xbemu=$build/emulator/xbemu

echo "== A C program built with picolibc, running on xbemu"
"$xbemu" "$build/tests/guest/guest_printf_floats.elf" | head -20
echo "== The integer benchmark kernel, with statistics"
"$xbemu" --stats "$build/bench/bench_integer_kernel.elf" 20000
