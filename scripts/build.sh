#!/bin/sh
# Configures and builds xbemu. By default build/ (Release: the emulator, its guest programs and
# tests); with --fuzz build-fuzz/ (clang with libFuzzer, AddressSanitizer and
# UndefinedBehaviorSanitizer: the emulator and the fuzzers of fuzz/).
# usage: scripts/build.sh [--fuzz] [build directory]
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
fuzz=false
if [ "${1:-}" = --fuzz ]; then
    fuzz=true
    shift
fi
sh "$repo/scripts/setup-debian.sh"
if $fuzz; then
    build=${1:-$repo/build-fuzz}
    cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=clang \
        -DCMAKE_CXX_COMPILER=clang++ -DXBEMU_FUZZERS=ON >/dev/null
else
    build=${1:-$repo/build}
    cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$build" -j"$(nproc)"
