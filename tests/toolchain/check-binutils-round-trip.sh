#!/bin/sh
# Every row of xbemu's non-standard extension tables through the patched binutils: for two words
# each row decodes (free fields filled with two patterns, see example-words.awk), the text of
# `xbemu --disassemble` must assemble with the patched gas to the same word, and the patched
# objdump must print that same text (objdump -M no-aliases; its default, aliases on, for the
# pseudo-instructions such as movebe, which xbemu prints as binutils' default does).
# usage: check-binutils-round-trip.sh XBEMU AS OBJDUMP GCC LINKER_SCRIPT
#   AS, OBJDUMP: the patched riscv64-unknown-elf-as and -objdump; GCC: any riscv64-unknown-elf-gcc
#   (it links, with LINKER_SCRIPT placing the code at 0x80000000)
set -u
here=$(cd "$(dirname "$0")" && pwd)
xbemu=$1
assembler=$2
objdump=$3
gcc=$4
linker_script=$5
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

. "$here/instruction-examples.sh"

"$xbemu" --list-instructions >"$work/listing" || { echo "FAIL: xbemu --list-instructions"; exit 1; }
example_words "0x01158500 0xffffff80" "$work/listing" >"$work/examples"
if [ ! -s "$work/examples" ]; then
    echo "FAIL: xbemu lists no instruction of a non-standard extension"
    exit 1
fi

failed=0
total=0
for extension in $(cut -d' ' -f1 "$work/examples" | sort -u); do
    dir=$work/$extension
    mkdir "$dir"
    grep "^$extension " "$work/examples" >"$dir/examples"
    words_program "$dir/examples" "$dir/words.elf" || { failed=1; continue; }
    "$xbemu" --isa "rv64gc_$extension" --disassemble "$dir/words.elf" | instruction_lines \
        >"$dir/xbemu"
    {
        printf '\t.section .text.init, "ax", @progbits\n\t.globl _start\n_start:\n'
        assembly_lines <"$dir/xbemu"
    } >"$dir/text.S"
    if ! "$assembler" -march="rv64g_$extension" "$dir/text.S" -o "$dir/text.o" 2>"$dir/errors"; then
        echo "FAIL: the patched assembler refuses xbemu's disassembly of $extension:"
        head -20 "$dir/errors"
        failed=1
        continue
    fi
    link_bare "$dir/text.o" -o "$dir/text.elf" || { failed=1; continue; }
    "$objdump" -d -M no-aliases "$dir/text.elf" | instruction_lines >"$dir/objdump"
    "$objdump" -d "$dir/text.elf" | instruction_lines >"$dir/objdump-aliases"
    paste "$dir/examples" "$dir/xbemu" "$dir/objdump" "$dir/objdump-aliases" >"$dir/table"
    count=$(wc -l <"$dir/examples")
    if [ "$(wc -l <"$dir/table")" -ne "$count" ] ||
        [ "$(wc -l <"$dir/objdump")" -ne "$count" ]; then
        echo "FAIL: $extension: $count words, but $(wc -l <"$dir/xbemu") lines from xbemu and" \
             "$(wc -l <"$dir/objdump") from objdump"
        failed=1
        continue
    fi
    # Columns: extension mnemonic format alias word | address word text (xbemu) | the same from
    # objdump -M no-aliases | and from objdump.
    if ! awk -F '\t' '{
            split($1, row, " ")
            mnemonic = row[2]; alias = row[4]; word = substr(row[5], 3)
            ours = $4; theirs = (alias ? $10 : $7)
            decoded = ours; sub(/ .*/, "", decoded); sub(/\.(aq|rl|aqrl)$/, "", decoded)
            if (decoded != mnemonic) {
                printf "FAIL: %s: xbemu decodes its example word %s as %s\n", mnemonic, word, ours
                bad = 1; next
            }
            if ($6 != word) {
                printf "FAIL: %s: \"%s\" assembles to %s, xbemu decoded it from %s\n",
                       mnemonic, ours, $6, word
                bad = 1
            }
            if (ours != theirs) {
                printf "FAIL: %s: xbemu prints \"%s\", objdump \"%s\"\n", mnemonic, ours, theirs
                bad = 1
            }
        }
        END { exit bad }' "$dir/table"; then
        failed=1
        continue
    fi
    echo "PASS: $extension: $count words assemble back from xbemu's text and objdump prints it"
    total=$((total + count))
done
if [ "$failed" -ne 0 ]; then
    exit 1
fi
echo "PASS: $total words of $(cut -d' ' -f1 "$work/examples" | sort -u | wc -l) extensions"
