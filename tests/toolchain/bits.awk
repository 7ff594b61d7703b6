# 32-bit instruction words in awk, which has no bitwise operators (mawk): words are numbers,
# and these functions work bit by bit.

function hex_value(text,    value, position, digit) {
    text = tolower(text)
    sub(/^0x/, "", text)
    if (text == "")
        return -1
    value = 0
    for (position = 1; position <= length(text); position++) {
        digit = index("0123456789abcdef", substr(text, position, 1)) - 1
        if (digit < 0)
            return -1
        value = value * 16 + digit
    }
    return value
}

function hex_text(value) {
    return sprintf("0x%08x", value)
}

function bit_set(value, bit) {
    return int(value / bit) % 2
}

function bit_or(a, b,    result, bit) {
    result = 0
    for (bit = 1; bit <= 2147483648; bit *= 2)
        if (bit_set(a, bit) || bit_set(b, bit))
            result += bit
    return result
}

function bit_and(a, b,    result, bit) {
    result = 0
    for (bit = 1; bit <= 2147483648; bit *= 2)
        if (bit_set(a, bit) && bit_set(b, bit))
            result += bit
    return result
}

# a with the bits of b cleared
function bit_clear(a, b,    result, bit) {
    result = 0
    for (bit = 1; bit <= 2147483648; bit *= 2)
        if (bit_set(a, bit) && !bit_set(b, bit))
            result += bit
    return result
}
