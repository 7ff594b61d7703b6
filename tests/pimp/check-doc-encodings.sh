#!/bin/sh
# The encoding table of docs/pimp.md against xbemu's decoder tables: for each layout, the rows
# "| layout | mnemonic | match | mask | ... |" must be exactly the xpimp rows that
# `xbemu --list-instructions --pimp-layout <layout>` prints (mnemonic, match, mask).
# usage: check-doc-encodings.sh XBEMU DOC
set -u
xbemu=$1 doc=$2
failed=0
documented_file=$(mktemp)
trap 'rm -f "$documented_file"' EXIT
for layout in default rcmc; do
    documented=$(awk -F'|' -v layout="$layout" '
        { gsub(/[ \t]/, "", $2) }
        $2 == layout { gsub(/[ \t]/, "", $3); gsub(/[ \t]/, "", $4); gsub(/[ \t]/, "", $5);
                       print $3, $4, $5 }' "$doc" | sort)
    listed=$("$xbemu" --list-instructions --pimp-layout "$layout" | awk '$1 == "xpimp" { print $2, $3, $4 }' | sort)
    if [ -z "$listed" ]; then
        echo "FAIL: xbemu lists no xpimp instruction for layout $layout"
        failed=1
    elif [ "$documented" != "$listed" ]; then
        echo "FAIL: the $layout layout in $doc differs from xbemu --list-instructions:"
        printf '%s\n' "$documented" >"$documented_file"
        printf '%s\n' "$listed" | diff "$documented_file" - | head -20
        failed=1
    fi
done
[ $failed -eq 0 ] && echo "PASS: the encodings of $doc agree with xbemu's tables in both layouts"
exit $failed
