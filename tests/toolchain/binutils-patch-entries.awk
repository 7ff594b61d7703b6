# Compares the instruction tables of xbemu's non-standard extensions (`xbemu --list-instructions`,
# the first file) with the opcode entries a binutils patch adds (the second file). Every table
# row needs its entry: same name, the extension's instruction class, match, mask, operand syntax,
# and the alias flag exactly when the row is a pseudo-instruction nested in a more general row;
# an atomic (format amo or load_reserved) also needs its ordering variants .aq, .rl and .aqrl, as
# binutils spells the A extension. The patch must declare each such extension and add no entry
# the table lacks. Extensions the patch covers but xbemu has no table for are reported, not
# failed. Prints one line per problem and a summary; exit status 1 on any problem.
# usage: awk -f bits.awk -f instruction-rows.awk -f binutils-patch-entries.awk listing patch

BEGIN {
    # binutils' operand syntax for each of xbemu's operand formats: the letters of binutils'
    # riscv-opc.c, and the patch's Xe followed by d, s or t for an xBGAS extended register in
    # the rd, rs1 or rs2 field. A new format needs its line here.
    syntax["r"] = "d,s,t"
    syntax["i"] = "d,s,j"
    syntax["load"] = "d,o(s)"
    syntax["store"] = "t,q(s)"
    syntax["branch"] = "s,t,p"
    syntax["amo"] = "d,t,0(s)"
    syntax["load_reserved"] = "d,0(s)"
    syntax["xbgas_extended_load"] = "Xed,o(s)"
    syntax["xbgas_extended_store"] = "Xet,q(s)"
    syntax["xbgas_raw_load"] = "d,s,Xet"
    syntax["xbgas_raw_load_extended"] = "Xed,s,Xet"
    syntax["xbgas_raw_store"] = "s,t,Xed"
    syntax["xbgas_raw_store_extended"] = "Xes,t,Xed"
    syntax["xbgas_integer_from_extended"] = "d,Xes,j"
    syntax["xbgas_extended_from_integer"] = "Xed,s,j"
    syntax["xbgas_extended_from_extended"] = "Xed,Xes,j"
    syntax["xbgas_move_integer_from_extended"] = "d,Xes"
    syntax["xbgas_move_extended_from_integer"] = "Xed,s"
    syntax["xbgas_move_extended_from_extended"] = "Xed,Xes"
    syntax["pimp_send"] = "s,t"
    syntax["pimp_receive"] = "d"
    syntax["pimp_branch"] = "p"

    # The field masks of binutils' riscv-opc.c that entries combine with MATCH_ and MASK_ names.
    constant["MASK_AQ"] = hex_value("0x04000000")
    constant["MASK_RL"] = hex_value("0x02000000")
    constant["MASK_AQRL"] = hex_value("0x06000000")
    constant["MASK_RD"] = hex_value("0x00000f80")
    constant["MASK_RS1"] = hex_value("0x000f8000")
    constant["MASK_RS2"] = hex_value("0x01f00000")
    constant["MASK_IMM"] = hex_value("0xfff00000")

    suffix_count = split(" .aq .rl .aqrl", suffixes, " ")
    suffixes[0] = ""
    ordering_bits[""] = 0
    ordering_bits[".aq"] = constant["MASK_AQ"]
    ordering_bits[".rl"] = constant["MASK_RL"]
    ordering_bits[".aqrl"] = constant["MASK_AQRL"]
}

function problem(text) {
    print "FAIL: " text
    problems++
}

# A MATCH or MASK expression of an entry: names and hex numbers joined by |.
function evaluate(expression, entry,    parts, count, k, term, value) {
    value = 0
    count = split(expression, parts, "|")
    for (k = 1; k <= count; k++) {
        term = parts[k]
        gsub(/[ \t]/, "", term)
        if (term ~ /^0[xX][0-9a-fA-F]+$/)
            value = bit_or(value, hex_value(term))
        else if (term in constant)
            value = bit_or(value, constant[term])
        else {
            problem("entry " entry_name[entry] ": cannot evaluate " term)
            return -1
        }
    }
    return value
}

FNR == NR {
    if ($1 ~ /^x/)
        has_rows[$1] = 1
    next
}

/^\+#define (MATCH|MASK)_[A-Z0-9_]+ +0[xX][0-9a-fA-F]+/ {
    constant[$2] = hex_value($3)
    next
}

# An extension the patch declares to the ISA-string parser: +  {"xbgas", ...
/^\+[ \t]*\{"x[a-z0-9]+",[ \t]*ISA_SPEC_CLASS/ {
    name = $0
    sub(/^[^"]*"/, "", name)
    sub(/".*/, "", name)
    declared[name] = 1
    next
}

# An opcode entry: +{"name", xlen, INSN_CLASS_X..., "args", MATCH, MASK, match_func, pinfo },
/^\+\{"/ && /INSN_CLASS_X[A-Z0-9]+/ {
    line = substr($0, 2)
    match(line, /"[^"]*"/)
    name = substr(line, RSTART + 1, RLENGTH - 2)
    rest = substr(line, RSTART + RLENGTH)
    match(rest, /"[^"]*"/)
    arguments = substr(rest, RSTART + 1, RLENGTH - 2)
    split(substr(rest, 1, RSTART - 1), before, ",")
    split(substr(rest, RSTART + RLENGTH), after, ",")
    entries++
    entry_name[entries] = name
    entry_class[entries] = before[3]
    gsub(/[ \t]/, "", entry_class[entries])
    entry_extension[entries] = tolower(substr(entry_class[entries], 12))
    entry_arguments[entries] = arguments
    entry_match_text[entries] = after[2]
    entry_mask_text[entries] = after[3]
    entry_alias[entries] = after[5] ~ /INSN_ALIAS/
    entry_count[name]++
    entry_of[name] = entries
    next
}

END {
    for (r = 1; r <= rows; r++) {
        extension = row_extension[r]
        mnemonic = row_mnemonic[r]
        format = row_format[r]
        alias = pseudo_instruction(r)
        if (!(format in syntax)) {
            problem(mnemonic ": no binutils operand syntax is known for format " format \
                    " (add it to binutils-patch-entries.awk)")
            continue
        }
        ordered = format == "amo" || format == "load_reserved"
        for (s = 0; s <= (ordered ? suffix_count : 0); s++) {
            suffix = suffixes[s]
            name = mnemonic suffix
            if (entry_count[name] == 0) {
                problem(name " (" extension "): the patch has no entry")
                continue
            }
            if (entry_count[name] > 1) {
                problem(name ": the patch has " entry_count[name] " entries, xbemu one row")
                continue
            }
            e = entry_of[name]
            used[e] = 1
            expected_match = bit_or(row_match[r], ordering_bits[suffix])
            expected_mask = ordered ? bit_or(row_mask[r], constant["MASK_AQRL"]) : row_mask[r]
            if (format in ignored_bits)
                expected_mask = bit_or(expected_mask, ignored_bits[format])
            entry_match = evaluate(entry_match_text[e], e)
            entry_mask = evaluate(entry_mask_text[e], e)
            if (entry_extension[e] != extension)
                problem(name ": the patch puts it in " entry_class[e] ", xbemu in " extension)
            if (entry_match != expected_match)
                problem(name ": match " hex_text(entry_match) " in the patch, " \
                        hex_text(expected_match) " in xbemu's table")
            if (entry_mask != expected_mask)
                problem(name ": mask " hex_text(entry_mask) " in the patch, " \
                        hex_text(expected_mask) " in xbemu's table")
            if (entry_arguments[e] != syntax[format])
                problem(name ": operands \"" entry_arguments[e] "\" in the patch, \"" \
                        syntax[format] "\" for xbemu's format " format)
            if (entry_alias[e] != alias)
                problem(name ": " (alias ? "a pseudo-instruction in xbemu's table, but not " \
                                          "INSN_ALIAS in the patch" \
                                        : "INSN_ALIAS in the patch, but no pseudo-instruction " \
                                          "in xbemu's table"))
            compared++
        }
    }
    for (extension in has_rows)
        if (!(extension in declared))
            problem("the patch does not declare the extension " extension)
    for (e = 1; e <= entries; e++) {
        if (entry_extension[e] in has_rows) {
            if (!(e in used))
                problem(entry_name[e] " (" entry_extension[e] "): in the patch, not in " \
                        "xbemu's table")
        } else {
            unchecked[entry_extension[e]]++
        }
    }
    for (extension in unchecked)
        print "NOTE: xbemu has no table for " extension ": its " unchecked[extension] \
              " patch entries are not compared"
    if (rows == 0)
        problem("xbemu lists no instruction of a non-standard extension")
    if (problems > 0)
        exit 1
    print "PASS: " compared " patch entries agree with " rows " rows of xbemu's tables"
}
