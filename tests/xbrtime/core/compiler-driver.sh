#!/bin/sh
# Builds a guest program with nothing but xbcc (no CMake) and runs it on 2 PEs of ISA (default
# rv64gc_xbgas); its output must contain a line matching REGEX.
# usage: compiler-driver.sh XBCC XBEMU SOURCE REGEX [ISA]
set -eu
xbcc=$1
xbemu=$2
source=$3
regex=$4
isa=${5:-rv64gc_xbgas}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$xbcc" -O2 -Wall -Wextra -Werror "$source" -o "$work/program.elf"
"$xbemu" --isa "$isa" -n 2 "$work/program.elf" >"$work/output"
if ! grep -Eq "$regex" "$work/output"; then
    echo "FAIL: no line matching '$regex' in:"
    cat "$work/output"
    exit 1
fi
