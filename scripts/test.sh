#!/bin/sh
# Quick start, step 2: installs what is missing, builds everything and runs the whole test suite:
# the unit tests again under ASan+UBSan, a short run of every fuzzer (clang, libFuzzer), and every
# test of the Release build. Stops with one line if a tool the tests need is missing, rather than
# running a smaller suite, and ends with the number of tests per label.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc)
sh "$repo/scripts/setup-debian.sh"

missing=""
while read -r variable command package purpose; do
    case $variable in
    XBEMU_*) ;;
    *) continue ;;
    esac
    command -v "$command" >/dev/null 2>&1 || missing="$missing, $command (Debian package $package, for the $purpose)"
done <"$repo/cmake/test-tools.txt"
if [ -n "$missing" ]; then
    echo "test.sh: missing ${missing#, }: install it (scripts/setup-debian.sh) and run again" >&2
    exit 1
fi

# label_counts BUILD_DIRECTORY: "label count" for every label of that build's tests, after the
# number of all its tests (labels overlap, so their counts do not add up to it).
label_counts() {
    (cd "$1" && echo "(all) $(ctest -N | sed -n 's/^Total Tests: //p')" &&
        ctest --print-labels | sed -n 's/^  //p' | while read -r label; do
            echo "$label $(ctest -N -L "^$label\$" | sed -n 's/^Total Tests: //p')"
        done)
}

sh "$repo/scripts/build.sh" "$repo/build"

echo "== ASan+UBSan build of the unit tests"
cmake -S "$repo" -B "$repo/build-sanitize" -DCMAKE_BUILD_TYPE=Debug -DXBEMU_SANITIZE=ON \
    -DXBEMU_GUEST_TESTS=OFF >/dev/null
cmake --build "$repo/build-sanitize" -j"$jobs" --target xbemu_unit_tests
sanitize_status=0
(cd "$repo/build-sanitize" && ctest -L unit -j"$jobs" --output-on-failure) || sanitize_status=$?

echo "== Fuzzers (clang, libFuzzer, ASan+UBSan): a short run of each"
sh "$repo/scripts/build.sh" --fuzz "$repo/build-fuzz"
fuzz_status=0
(cd "$repo/build-fuzz" && ctest -L fuzz -j"$jobs" --output-on-failure) || fuzz_status=$?

echo "== All tests (Release)"
release_status=0
(cd "$repo/build" && ctest -j"$jobs" --output-on-failure) || release_status=$?

echo "== Tests per label"
for build in build-sanitize build-fuzz build; do
    label_counts "$repo/$build" | awk -v build="$build" '{ printf "  %-15s %-12s %5d\n", build, $1, $2 }'
done
[ "$sanitize_status" -eq 0 ] && [ "$fuzz_status" -eq 0 ] && [ "$release_status" -eq 0 ]
