#!/bin/sh
# The generator must be a function of its arguments alone: the same seed, count and mix give a
# byte-identical program (written to a file or to standard output), and another seed gives a
# different one.
# usage: check-generator-determinism.sh GENERATOR
set -u
generator=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

failed=0
for mix in int fp compressed mixed; do
    if ! "$generator" --seed 20240607 --count 2000 --mix "$mix" --output "$work/first.S" ||
        ! "$generator" --seed 20240607 --count 2000 --mix "$mix" >"$work/second.S" ||
        ! "$generator" --seed 20240608 --count 2000 --mix "$mix" --output "$work/other.S"; then
        echo "FAIL: $mix: the generator failed"
        failed=1
        continue
    fi
    if ! cmp -s "$work/first.S" "$work/second.S"; then
        echo "FAIL: $mix: two runs with the same seed differ:"
        diff "$work/first.S" "$work/second.S" | head -20
        failed=1
    fi
    if cmp -s "$work/first.S" "$work/other.S"; then
        echo "FAIL: $mix: seeds 20240607 and 20240608 give the same program"
        failed=1
    fi
done
if [ $failed -ne 0 ]; then
    exit 1
fi
echo "PASS: every mix is reproducible from its seed, and the seed matters"
