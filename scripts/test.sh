#!/bin/sh
# Quick start, step 2: installs what is missing, builds everything and runs the whole test suite:
# all tests of the Release build, then the unit tests again under ASan+UBSan.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc)
sh "$repo/scripts/build.sh" "$repo/build"

echo "== ASan+UBSan build of the unit tests"
cmake -S "$repo" -B "$repo/build-sanitize" -DCMAKE_BUILD_TYPE=Debug -DXBEMU_SANITIZE=ON \
    -DXBEMU_GUEST_TESTS=OFF >/dev/null
cmake --build "$repo/build-sanitize" -j"$jobs" --target xbemu_unit_tests
(cd "$repo/build-sanitize" && ctest -L unit -j"$jobs" --output-on-failure)

echo "== All tests (Release)"
cd "$repo/build"
ctest -j"$jobs" --output-on-failure
