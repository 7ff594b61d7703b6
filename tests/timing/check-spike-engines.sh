#!/bin/sh
# Spike's cache simulator (--ic, --dc, --l2) counts the same on both engines: the JIT counts the
# fetches, loads and stores that hit their set's most recently used line inline and shows the
# simulator the rest, where the interpreter shows it every access. Runs the program on the
# interpreter, on the JIT, and on the JIT translating every block at its first run; all three
# must print the same output and the same cache lines, and the JIT must have translated code.
# usage: check-spike-engines.sh XBEMU ELF [xbemu options...] -- [guest arguments...]
set -u
xbemu=$1 elf=$2
shift 2
options=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do options="$options $1"; shift; done
[ $# -gt 0 ] && shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for variant in interp jit jit_at_once; do
    case $variant in
    interp) engine="--engine interp" ;;
    jit) engine="--engine jit" ;;
    jit_at_once) engine="--engine jit --jit-threshold 1" ;;
    esac
    # shellcheck disable=SC2086
    if ! timeout -k 5 300 "$xbemu" $engine --stats $options "$elf" "$@" \
        >"$work/$variant.out" 2>"$work/$variant.err"; then
        echo "FAIL: $variant exited with status $?: $xbemu $engine --stats $options $elf $*"
        head -20 "$work/$variant.err"
        exit 1
    fi
    grep -E '^(\[PE [0-9]+\] )?(I|D|L2)\$ ' "$work/$variant.err" >"$work/$variant.caches"
    # The program's own output (--stats's lines start with spaces or "xbemu").
    grep -v -E '^( |xbemu)' "$work/$variant.out" >"$work/$variant.program"
done
if [ ! -s "$work/interp.caches" ]; then
    echo "FAIL: the interpreter's run printed no cache lines"
    exit 1
fi
if ! grep -q -E 'translations [1-9]' "$work/jit_at_once.out" "$work/jit_at_once.err"; then
    echo "FAIL: the JIT translated nothing"
    exit 1
fi
for variant in jit jit_at_once; do
    for what in caches program; do
        if ! cmp -s "$work/interp.$what" "$work/$variant.$what"; then
            echo "FAIL: $variant's $what differ from the interpreter's:"
            diff "$work/interp.$what" "$work/$variant.$what" | head -20
            exit 1
        fi
    done
done
echo "PASS: the same $(wc -l <"$work/interp.caches") cache lines on both engines"
