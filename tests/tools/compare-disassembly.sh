#!/bin/sh
# Compares xbemu's disassembler with binutils' objdump (-M no-aliases) on every instruction of
# an ELF's executable code: the decode tables, operand extraction and printing must agree, and
# so must the symbols: branch and jump targets named as objdump names them ("80000120 <main>"),
# and a "<symbol>:" line where each function or label begins.
# usage: compare-disassembly.sh XBEMU OBJDUMP ELF [ISA]   (ISA: xbemu's --isa, default rv64gc)
set -u
xbemu=$1
objdump=$2
elf=$3
isa=${4:-rv64gc}
ours=$(mktemp)
theirs=$(mktemp)
aliases=$(mktemp)
headers=$(mktemp)
trap 'rm -f "$ours" "$theirs" "$aliases" "$headers" "$headers.objdump" "$headers.symbols"' EXIT

"$xbemu" --isa "$isa" --disassemble "$elf" >"$headers.xbemu" || exit 1
# One line per instruction: "address mnemonic operands", comments removed.
awk -F '\t' '/^ *[0-9a-f]+:\t/ { sub(/^ +/, "", $1); sub(/:$/, "", $1); text = $3;
                                   sub(/ +/, " ", text); sub(/ +$/, "", text); print $1 " " text }' \
    "$headers.xbemu" | sort >"$ours"
grep -E '^[0-9a-f]{16} <.*>:$' "$headers.xbemu" | sort >"$headers"
rm -f "$headers.xbemu"
# objdump's lines, with -M no-aliases and without (objdump's default, aliases on).
objdump_lines() {
    "$objdump" -d "$@" "$elf" |
        awk -F '\t' '/^ *[0-9a-f]+:\t/ && NF >= 3 {
                       address = $1; sub(/^ +/, "", address); sub(/:$/, "", address);
                       text = $3; if (NF >= 4) text = text " " $4;
                       sub(/ *#.*/, "", text); sub(/ +$/, "", text);
                       print address " " text }' | sort
}
objdump_lines -M no-aliases >"$theirs"
objdump_lines >"$aliases"
"$objdump" -d "$elf" | grep -E '^[0-9a-f]{16} <.*>:$' | sort >"$headers.objdump"

# Each symbol's address, for names objdump and xbemu may pick differently among the symbols of
# one address (test_1 and its alias test_body): a name counts as its address.
"$objdump" -t "$elf" | awk 'NF >= 5 && $1 ~ /^[0-9a-f]+$/ { print $1, $NF }' >"$headers.symbols"

# Not compared: words the assembler marked as data (.word/.short: objdump shows data, xbemu
# decodes what it would execute). Spellings that differ without meaning anything: objdump calls
# the illegal all-zero halfword c.unimp where xbemu says unknown, and writes c.nop as
# c.addi zero,0. Where a decode table has a pseudo-instruction of its own (xBGAS's movebe for
# eaddi with a zero immediate), xbemu prints it as objdump does without -M no-aliases.
differences=$(awk '
    # "<test_body+0x4>" -> "<@8000005e+0x4>"
    function canonical(line,    name) {
        if (!match(line, /<[^+>]+/)) return line
        name = substr(line, RSTART + 1, RLENGTH - 1)
        if (!(name in address)) return line
        return substr(line, 1, RSTART) "@" address[name] substr(line, RSTART + RLENGTH)
    }
    FILENAME == ARGV[1] { address[$2] = $1; next }
    FILENAME == ARGV[2] { ours[$1] = $0; next }
    FILENAME == ARGV[3] { aliased[$1] = $0; next }
    !($1 in ours) { next }
    $2 ~ /^\.(word|short|byte|insn|2byte|4byte|8byte)$/ { next }
    { compared++ }
    ours[$1] == $0 || canonical(ours[$1]) == canonical($0) { next }
    ours[$1] == $1 " unknown" && ($2 == "c.unimp" || $2 == "unimp") { next }
    ours[$1] == $1 " c.nop" && $0 == $1 " c.addi zero,0" { next }
    ours[$1] == aliased[$1] { next }
    { print "xbemu:   " ours[$1]; print "objdump: " $0 }
    END { print compared > "/dev/stderr" }' "$headers.symbols" "$ours" "$aliases" "$theirs" \
    2>"$ours.count")
compared=$(cat "$ours.count")
rm -f "$ours.count"
if [ "${compared:-0}" -eq 0 ]; then
    echo "FAIL: no instruction of $elf was disassembled by both"
    exit 1
fi
if [ -n "$differences" ]; then
    echo "FAIL: xbemu and objdump disagree on $elf:"
    echo "$differences" | head -40
    exit 1
fi
# The functions (and labels) where objdump starts a block of code: the same, with the same names.
# Compared where xbemu's linear sweep starts an instruction (objdump starts afresh at every
# symbol, so in data the two may be out of step), and for names only one symbol has (xbemu
# knows one of the static objects of different files that share a name).
header_differences=$(awk '
    FILENAME == ARGV[1] { address[$2] = $1; symbols[$2]++; next }
    FILENAME == ARGV[2] { swept[$1] = 1; next }
    { name = $2; gsub(/^<|>:$/, "", name); at = $1; sub(/^0+/, "", at) }
    FILENAME == ARGV[3] { ours[$1] = name; next }
    !(at in swept) || (symbols[name] > 1 && ours[$1] != name) { delete ours[$1]; next }
    !($1 in ours) { print "> " $0; next }
    ours[$1] != name && address[ours[$1]] != address[name] { print "< " $1 " <" ours[$1] ">:"; print "> " $0 }
    { delete ours[$1] }
    END { for (at in ours) print "< " at " <" ours[at] ">:" }' \
    "$headers.symbols" "$ours" "$headers" "$headers.objdump")
if [ -n "$header_differences" ]; then
    echo "FAIL: xbemu's and objdump's <symbol>: lines differ on $elf (< xbemu, > objdump):"
    echo "$header_differences" | head -40
    exit 1
fi
echo "PASS: $compared instructions and $(wc -l <"$headers") symbols of $elf disassemble as" \
    "objdump does"
