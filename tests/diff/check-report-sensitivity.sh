#!/bin/sh
# A different instruction result must show in the report: a generated program is built once
# as generated and once with extra instructions before its report that change x7, x6 and one
# byte of the scratch buffer. On QEMU exactly the x6, x7, scratch_hash and checksum lines must
# differ between the two.
# usage: check-report-sensitivity.sh GENERATOR QEMU LINKER_SCRIPT COMPILER [COMPILER FLAGS...]
set -u
generator=$1
qemu=$2
linker_script=$3
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! "$generator" --seed 7 --count 1000 --mix mixed --output "$work/original.S"; then
    echo "FAIL: the generator failed"
    exit 1
fi
awk '$0 == "report:" {
        print "    addi x7, x7, 1"
        print "    lbu x6, 5(x2)"
        print "    xori x6, x6, 1"
        print "    sb x6, 5(x2)"
    }
    { print }' "$work/original.S" >"$work/changed.S"
if cmp -s "$work/original.S" "$work/changed.S"; then
    echo "FAIL: no 'report:' line to insert the changes before"
    exit 1
fi

for program in original changed; do
    # Linked like xbemu_add_guest_program(... BARE).
    if ! "$@" "$work/$program.S" -nostdlib -nostartfiles -static -T "$linker_script" \
        -o "$work/$program.elf"; then
        echo "FAIL: cannot build the $program program"
        exit 1
    fi
    timeout -k 5 60 "$qemu" -M virt -bios none -m 256M -nographic \
        -semihosting-config enable=on,target=native -kernel "$work/$program.elf" \
        <"/dev/null" >"$work/$program.out" 2>&1
    status=$?
    if [ $status -ne 0 ]; then
        echo "FAIL: the $program program exited with status $status on QEMU"
        head -5 "$work/$program.out"
        exit 1
    fi
done

changed_lines=$(awk -F= 'NR == FNR { original[FNR] = $0; next }
    original[FNR] != $0 { printf "%s ", $1 }' "$work/original.out" "$work/changed.out")
if [ "$changed_lines" != "x6 x7 scratch_hash checksum " ]; then
    echo "FAIL: expected the x6, x7, scratch_hash and checksum lines to change, got: $changed_lines"
    diff "$work/original.out" "$work/changed.out"
    exit 1
fi
echo "PASS: changing x6, x7 and one scratch byte changed exactly their report lines and the checksum"
