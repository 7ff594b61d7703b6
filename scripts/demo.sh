#!/bin/sh
# Quick start, step 1: installs what is missing, builds everything, and runs the xBGAS paper's
# benchmarks on 4 PEs: GUPS and NAS IS class S, on the xbrtime runtime, under mpirun when MPI is
# there (one xbemu per PE), else as 4 PEs in one xbemu process; then the PIMP paper's round trip
# and barrier on the PIMP library, in simulated cycles of its FPGA prototype.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
build=$repo/build
sh "$repo/scripts/build.sh" "$build"
xbemu=$build/app/xbemu
pes=4

if command -v mpirun >/dev/null 2>&1; then
    launch="mpirun -np $pes $xbemu --isa rv64gc_xbgas"
else
    launch="$xbemu --isa rv64gc_xbgas -n $pes"
fi

echo "== GUPS (HPCC RandomAccess) on $pes PEs: $launch bench/bench_gups.elf 20"
$launch "$build/bench/bench_gups.elf" 20
echo
echo "== NAS IS class S on $pes PEs: $launch bench/bench_nas_is.elf S"
$launch "$build/bench/bench_nas_is.elf" S
echo
prototype="$xbemu --isa rv64gc_pimp --timing cycle --machine $repo/bench/pimp-fpga-prototype.json"
echo "== PIMP round trip on the PIMP paper's FPGA prototype (simulated cycles; paper: 139 for 8 bytes, +18 per word)"
$prototype -n 2 "$build/bench/bench_pimp_microbenchmarks.elf" latency 8 1024 100
echo
echo "== PIMP barrier on 8 nodes of the prototype (paper: 83 cycles at 2 threads, +9 per thread)"
$prototype -n 8 "$build/bench/bench_pimp_microbenchmarks.elf" barrier 100
