#!/bin/sh
# Checks the words of encodings.S pairwise: each instruction a macro of xbgas.h assembled must
# equal the word after it, computed from the reference's MATCH values.
# usage: check-encodings.sh OBJDUMP ELF
set -u
objdump=$1
elf=$2

# The second tab-separated field of a disassembly line is the encoding; keep the 32-bit ones.
words=$("$objdump" -d "$elf" | awk -F '\t' '/^ *[0-9a-f]+:\t/ {
    sub(/ +$/, "", $2); if ($2 ~ /^[0-9a-f]+$/ && length($2) == 8) print $2 }')
count=$(printf '%s\n' "$words" | grep -c .)
if [ "$count" -lt 2 ] || [ $((count % 2)) -ne 0 ]; then
    echo "FAIL: expected pairs of 32-bit words in $elf, found $count words"
    exit 1
fi
printf '%s\n' "$words" | awk '
    NR % 2 == 1 { produced = $1; next }
    $1 != produced {
        printf "FAIL: pair %d: the macro gives %s, the reference %s\n", NR / 2, produced, $1
        failed = 1
    }
    END { if (failed) exit 1; printf "PASS: %d encodings agree with the reference\n", NR / 2 }'
