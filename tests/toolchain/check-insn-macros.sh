#!/bin/sh
# The .insn macros of the guest headers against xbemu's decoder tables: for each row of the
# extension a header covers, the header's macro for the mnemonic (any prefix: XB_EAMOADD_W for
# eamoadd.w), given the operands of xbemu's disassembly of a word the row decodes (extended
# registers as plain numbers), must assemble to that word. Every row needs its macro.
# usage: check-insn-macros.sh XBEMU GCC OBJDUMP LINKER_SCRIPT EXTENSION=HEADER...
#   GCC, OBJDUMP: riscv64-unknown-elf-gcc and -objdump (Debian's are enough: .insn needs no
#   patch); LINKER_SCRIPT places code at 0x80000000
set -u
here=$(cd "$(dirname "$0")" && pwd)
xbemu=$1
gcc=$2
objdump=$3
linker_script=$4
shift 4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

. "$here/instruction-examples.sh"

"$xbemu" --list-instructions >"$work/listing" || { echo "FAIL: xbemu --list-instructions"; exit 1; }
# One pattern: the macros of atomics have no ordering operand, so aq and rl stay clear.
example_words "0x01158500" "$work/listing" >"$work/examples"

failed=0
for pair in "$@"; do
    extension=${pair%%=*}
    header=${pair#*=}
    dir=$work/$extension
    mkdir "$dir"
    grep "^$extension " "$work/examples" >"$dir/examples"
    if [ ! -s "$dir/examples" ]; then
        echo "FAIL: xbemu has no instruction table named $extension (for $header)"
        failed=1
        continue
    fi
    words_program "$dir/examples" "$dir/words.elf" || { failed=1; continue; }
    "$xbemu" --isa "rv64gc_$extension" --disassemble "$dir/words.elf" | instruction_lines |
        assembly_lines >"$dir/xbemu"
    # "eamoadd.w a0,a7,(a1)" becomes "XB_EAMOADD_W(a0,a7,(a1))"; e17 becomes 17.
    printf '#include "%s"\n\t.section .text.init, "ax", @progbits\n\t.globl _start\n_start:\n' \
        "$header" >"$dir/macros.S"
    missing=0
    while IFS= read -r text; do
        mnemonic=${text%% *}
        operands=""
        [ "$mnemonic" != "$text" ] && operands=${text#* }
        suffix=$(echo "$mnemonic" | tr 'a-z.' 'A-Z_')
        macro=$(sed -n "s/^#define \([A-Z0-9_]*_$suffix\)(.*/\1/p" "$header")
        if [ "$(printf '%s\n' "$macro" | grep -c .)" -ne 1 ]; then
            echo "FAIL: $header: expected one macro named *_$suffix for $mnemonic, found:" $macro
            missing=1
            continue
        fi
        arguments=$(printf '%s\n' "$operands" | awk -F ',' '{
            for (i = 1; i <= NF; i++) { if ($i ~ /^e[0-9]+$/) $i = substr($i, 2) }
            print }' OFS=',')
        printf '\t%s(%s)\n' "$macro" "$arguments" >>"$dir/macros.S"
    done <"$dir/xbemu"
    if [ "$missing" -ne 0 ]; then
        failed=1
        continue
    fi
    if ! "$gcc" -c -march=rv64gc -mabi=lp64d "$dir/macros.S" -o "$dir/macros.o" \
        2>"$dir/errors"; then
        echo "FAIL: the macros of $header do not assemble:"
        head -20 "$dir/errors"
        failed=1
        continue
    fi
    "$objdump" -d "$dir/macros.o" | instruction_lines | cut -f2 >"$dir/produced"
    awk '{ print $2, substr($5, 3) }' "$dir/examples" >"$dir/expected"
    if ! awk 'NR == FNR { mnemonic[FNR] = $1; expected[FNR] = $2; count = FNR; next }
              { produced[FNR] = $1; got = FNR }
              END {
                  if (got != count) {
                      printf "FAIL: %d rows, but the macros produced %d words\n", count, got
                      exit 1
                  }
                  for (i = 1; i <= count; i++)
                      if (produced[i] != expected[i]) {
                          printf "FAIL: %s: the macro gives %s, xbemu decodes it from %s\n",
                                 mnemonic[i], produced[i], expected[i]
                          bad = 1
                      }
                  exit bad
              }' "$dir/expected" "$dir/produced"; then
        failed=1
        continue
    fi
    echo "PASS: $header: the macros of all $(wc -l <"$dir/examples") $extension rows" \
         "give xbemu's words"
done
exit "$failed"
