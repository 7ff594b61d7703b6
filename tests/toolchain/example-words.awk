# For each row of the non-standard extensions in `xbemu --list-instructions`, words the row
# decodes: "extension mnemonic format alias word", its free bits filled with each pattern of
# FILLERS (a space-separated list of hex words), bits the format ignores left 0 as an assembler
# writes them; alias is 1 for a pseudo-instruction.
# usage: awk -f bits.awk -f instruction-rows.awk -f example-words.awk -v FILLERS="..." listing
END {
    filler_count = split(FILLERS, fillers, " ")
    for (r = 1; r <= rows; r++)
        for (f = 1; f <= filler_count; f++) {
            word = bit_or(row_match[r], bit_clear(hex_value(fillers[f]), row_mask[r]))
            if (row_format[r] in ignored_bits)
                word = bit_clear(word, ignored_bits[row_format[r]])
            print row_extension[r], row_mnemonic[r], row_format[r], pseudo_instruction(r),
                  hex_text(word)
        }
}
