#!/bin/sh
# Configures and builds xbemu, its guest programs and tests in build/ (Release).
# usage: scripts/build.sh [build directory]
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$repo/build}
sh "$repo/scripts/setup-debian.sh"
cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j"$(nproc)"
