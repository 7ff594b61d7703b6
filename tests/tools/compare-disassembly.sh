#!/bin/sh
# Compares xbemu's disassembler with binutils' objdump (-M no-aliases) on every instruction of
# an ELF's executable code: the decode tables, operand extraction and printing must agree.
# usage: compare-disassembly.sh XBEMU OBJDUMP ELF [ISA]   (ISA: xbemu's --isa, default rv64gc)
set -u
xbemu=$1
objdump=$2
elf=$3
isa=${4:-rv64gc}
ours=$(mktemp)
theirs=$(mktemp)
aliases=$(mktemp)
trap 'rm -f "$ours" "$theirs" "$aliases"' EXIT

# One line per instruction: "address mnemonic operands", symbols and comments removed.
"$xbemu" --isa "$isa" --disassemble "$elf" |
    awk -F '\t' '{ sub(/^ +/, "", $1); sub(/:$/, "", $1); text = $3; sub(/ +/, " ", text);
                   sub(/ +$/, "", text); print $1 " " text }' | sort >"$ours"
# objdump's lines, with -M no-aliases and without (objdump's default, aliases on).
objdump_lines() {
    "$objdump" -d "$@" "$elf" |
        awk -F '\t' '/^ *[0-9a-f]+:\t/ && NF >= 3 {
                       address = $1; sub(/^ +/, "", address); sub(/:$/, "", address);
                       text = $3; if (NF >= 4) text = text " " $4;
                       sub(/ *<[^>]*>/, "", text); sub(/ *#.*/, "", text); sub(/ +$/, "", text);
                       print address " " text }' | sort
}
objdump_lines -M no-aliases >"$theirs"
objdump_lines >"$aliases"

# Not compared: words the assembler marked as data (.word/.short: objdump shows data, xbemu
# decodes what it would execute). Spellings that differ without meaning anything: objdump calls
# the illegal all-zero halfword c.unimp where xbemu says unknown, and writes c.nop as
# c.addi zero,0. Where a decode table has a pseudo-instruction of its own (xBGAS's movebe for
# eaddi with a zero immediate), xbemu prints it as objdump does without -M no-aliases.
differences=$(awk '
    FILENAME == ARGV[1] { ours[$1] = $0; next }
    FILENAME == ARGV[2] { aliased[$1] = $0; next }
    !($1 in ours) { next }
    $2 ~ /^\.(word|short|byte|insn|2byte|4byte|8byte)$/ { next }
    { compared++ }
    ours[$1] == $0 { next }
    ours[$1] == $1 " unknown" && ($2 == "c.unimp" || $2 == "unimp") { next }
    ours[$1] == $1 " c.nop" && $0 == $1 " c.addi zero,0" { next }
    ours[$1] == aliased[$1] { next }
    { print "xbemu:   " ours[$1]; print "objdump: " $0 }
    END { print compared > "/dev/stderr" }' "$ours" "$aliases" "$theirs" 2>"$ours.count")
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
echo "PASS: $compared instructions of $elf disassemble as objdump does"
