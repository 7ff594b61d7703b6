# Shell functions shared by the checks of this folder (sourced): example words of xbemu's
# tables, a bare program holding them, and disassembly reduced to comparable lines.
# Needs $here (this folder), $xbemu, $gcc (riscv64-unknown-elf-gcc, to link) and
# $linker_script (code at 0x80000000).

# example_words FILLERS LISTING: "extension mnemonic format alias word" per row and filler.
example_words() {
    awk -f "$here/bits.awk" -f "$here/instruction-rows.awk" -f "$here/example-words.awk" \
        -v FILLERS="$1" "$2"
}

link_bare() {
    "$gcc" -nostdlib -nostartfiles -static -T "$linker_script" "$@"
}

# words_program EXAMPLES ELF: a program whose code is the examples' words, in order.
words_program() {
    {
        printf '\t.section .text.init, "ax", @progbits\n\t.globl _start\n_start:\n'
        awk '{ print "\t.word " $5 }' "$1"
    } >"$2.S"
    link_bare "$2.S" -o "$2"
}

# One line per instruction of a disassembly (xbemu's or objdump's): "address<TAB>word<TAB>text",
# symbols, comments and repeated spaces removed.
instruction_lines() {
    awk -F '\t' '/^ *[0-9a-f]+:\t/ && NF >= 3 {
        address = $1; sub(/^ +/, "", address); sub(/:$/, "", address)
        word = $2; sub(/ +$/, "", word)
        text = $3; if (NF >= 4) text = text " " $4
        sub(/ *<[^>]*>/, "", text); sub(/ *#.*/, "", text); sub(/ +$/, "", text)
        gsub(/ +/, " ", text)
        print address "\t" word "\t" text }'
}

# Reads instruction_lines and prints each text as a line of assembly that assembles anywhere: a
# branch target (an address of at least eight hex digits) becomes an offset from the
# instruction (.+10).
assembly_lines() {
    awk -F '\t' '
        function hex(text,    value, i) {
            value = 0
            for (i = 1; i <= length(text); i++)
                value = value * 16 + index("0123456789abcdef", substr(text, i, 1)) - 1
            return value
        }
        {
            text = $3
            if (match(text, /[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]+$/)) {
                offset = hex(substr(text, RSTART)) - hex($1)
                text = substr(text, 1, RSTART - 1) sprintf(".%+d", offset)
            }
            print text
        }'
}
