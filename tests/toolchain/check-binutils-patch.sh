#!/bin/sh
# The binutils patch's opcode entries against xbemu's decoder tables (binutils-patch-entries.awk
# says what must agree). Needs no binutils build.
# usage: check-binutils-patch.sh XBEMU PATCH
set -u
here=$(cd "$(dirname "$0")" && pwd)
xbemu=$1
patch_file=$2
listing=$(mktemp)
trap 'rm -f "$listing"' EXIT
if ! "$xbemu" --list-instructions >"$listing"; then
    echo "FAIL: $xbemu --list-instructions failed"
    exit 1
fi
awk -f "$here/bits.awk" -f "$here/instruction-rows.awk" -f "$here/binutils-patch-entries.awk" \
    "$listing" "$patch_file"
