# The rows of `xbemu --list-instructions` (its first input file) that belong to non-standard
# extensions (names starting with x): row_extension, row_mnemonic, row_match, row_mask and
# row_format for rows 1 to `rows`; ignored_bits[format], the bits a format's decoder ignores that
# no operand covers. Needs bits.awk.

# gas refuses an opcode entry whose mask and operands leave a bit undefined, so the binutils
# patch puts these bits in the mask: the assembler writes them 0, and objdump names only that
# encoding (send ignores funct7).
BEGIN {
    ignored_bits["pimp_send"] = hex_value("0xfe000000")
}

FNR == NR && $1 ~ /^x/ {
    rows++
    row_extension[rows] = $1
    row_mnemonic[rows] = $2
    row_match[rows] = hex_value($3)
    row_mask[rows] = hex_value($4)
    row_format[rows] = $5
}

# Whether every encoding of row (match1, mask1) is also one of row (match2, mask2), which is
# more general: the first is a pseudo-instruction of the second (movebe of eaddi).
function nested_in(match1, mask1, match2, mask2) {
    return mask1 != mask2 && bit_and(mask1, mask2) == mask2 && bit_and(match1, mask2) == match2
}

# Whether row r is a pseudo-instruction of a more general row of its extension, which binutils
# declares as an alias.
function pseudo_instruction(r,    other) {
    for (other = 1; other <= rows; other++)
        if (row_extension[other] == row_extension[r] &&
            nested_in(row_match[r], row_mask[r], row_match[other], row_mask[other]))
            return 1
    return 0
}
