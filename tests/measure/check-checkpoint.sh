#!/bin/sh
# --checkpoint and --restore (docs/measuring.md, "Checkpoints"): tests/measure/checkpoint.c on 4
# PEs is checkpointed at its xbemu_checkpoint() and goes on in the cycle mode; a second run writes
# the checkpoint and ends (--checkpoint-exit). Restored with 1 and 2 host threads and on the
# interpreter, the job prints what the first run printed after the checkpoint (its output is the
# second run's followed by the restored one's: PE 1's line begun before the checkpoint ends
# after it) and gives the same --stats-json (less the "run" object); with another network it
# prints the same. PIMP (PIMP_ELF, tests/measure/fast_forward_pimp.c "held"): a word left in a
# receive FIFO at --fast-forward roi crosses the checkpoint; so does the UART's configuration
# (checkpoint.c "uart"). Then the refusals, each one line
# and exit status 2: no checkpoint, truncated, corrupt, another format version, xbemu version,
# ISA, PE count, -m or program, PIMP FIFO depths, --timing functional, --fast-forward with
# --restore, --checkpoint-exit alone, and a host file open at the checkpoint. Under mpirun:
# check-checkpoint-mpi.sh.
# usage: check-checkpoint.sh XBEMU ELF PIMP_ELF OTHER_ELF
set -u
xbemu=$1 elf=$2 pimp_elf=$3 other_elf=$4
here=$(cd "$(dirname "$0")" && pwd)
. "$here/run-helpers.sh"
# run NAME EXPECTED_STATUS ARGS...: xbemu ARGS into NAME.out and NAME.err.
run() {
    name=$1 expected=$2
    shift 2
    run_command "$name" "$expected" "$xbemu" "$@"
}

common="--isa rv64gc_xbgas -n 4 --timing cycle --stats-roi"
run original 0 $common --checkpoint "$work/job.ckpt" --host-threads 1 \
    --stats-json "$work/original.json" "$elf"
grep -q "checkpoint of 4 PEs written to" "$work/original.err" ||
    fail "no line says the checkpoint was written: $(cat "$work/original.err")"
grep -q "^PE 3: sum" "$work/original.out" || fail "PE 3 printed no sum: $(cat "$work/original.out")"
"$drop" "$work/original.json"
run pre 0 $common --checkpoint "$work/exit.ckpt" --checkpoint-exit "$elf"
grep -q "set-up done" "$work/pre.out" && ! grep -q "sum" "$work/pre.out" ||
    fail "--checkpoint-exit went on after the checkpoint: $(cat "$work/pre.out")"
for variant in "1 jit" "2 jit" "2 interp"; do
    set -- $variant
    name=restored-$1-$2
    run "$name" 0 --isa rv64gc_xbgas --timing cycle --stats-roi --restore "$work/exit.ckpt" \
        --host-threads "$1" --engine "$2" --stats-json "$work/$name.json" "$elf"
    same_as_original "$name" original pre
done
grep -q "PE 1 started this line before the checkpoint and ended it after" \
    "$work/restored-1-jit.out" || fail "PE 1's line: $(cat "$work/restored-1-jit.out")"
# The 16550 UART's configuration (line control, scratch, divisor latch) crosses the checkpoint.
run uart 0 $common --checkpoint "$work/uart.ckpt" --stats-json "$work/uart.json" "$elf" uart
grep -q "PE 0: UART line control 1b, scratch 5a, divisor 010c" "$work/uart.out" ||
    fail "the UART's registers: $(cat "$work/uart.out")"
"$drop" "$work/uart.json"
run uart-pre 0 $common --checkpoint "$work/uart.ckpt" --checkpoint-exit "$elf" uart
run uart-restored 0 --isa rv64gc_xbgas --timing cycle --stats-roi --restore "$work/uart.ckpt" \
    --stats-json "$work/uart-restored.json" "$elf" uart
same_as_original uart-restored uart uart-pre
run torus 0 --isa rv64gc_xbgas --timing cycle --network torus --restore "$work/job.ckpt" "$elf"
cat "$work/pre.out" "$work/torus.out" | cmp -s - "$work/original.out" ||
    fail "restored on another network: $(cat "$work/torus.out")"
size=$(wc -c <"$work/job.ckpt")
echo "checkpoint of 4 PEs: $size bytes"

# PIMP: PE 1 holds a word in its receive FIFO at the switch.
pimp="--isa rv64gc_pimp -n 2 --timing cycle --stats-roi"
run pimp 0 $pimp --fast-forward roi --checkpoint "$work/pimp.ckpt" \
    --stats-json "$work/pimp.json" "$pimp_elf" held
"$drop" "$work/pimp.json"
run pimp-pre 0 $pimp --fast-forward roi --checkpoint "$work/pimp.ckpt" --checkpoint-exit \
    "$pimp_elf" held
run pimp-restored 0 --isa rv64gc_pimp --timing cycle --stats-roi --host-threads 2 \
    --restore "$work/pimp.ckpt" --stats-json "$work/pimp-restored.json" "$pimp_elf" held
grep -q "PE 1 received 42 and 43" "$work/pimp-restored.out" ||
    fail "PIMP across the checkpoint: $(cat "$work/pimp-restored.out" "$work/pimp-restored.err")"
same_as_original pimp-restored pimp pimp-pre

# refuse NAME WORDS ARGS...: exit status 2 and one line holding WORDS.
refuse() {
    name=$1 words=$2
    shift 2
    run "$name" 2 "$@"
    [ "$(wc -l <"$work/$name.err")" -eq 1 ] && grep -q -- "$words" "$work/$name.err" ||
        fail "xbemu $*: expected one line with '$words', got:
$(cat "$work/$name.err")"
}
restore="--isa rv64gc_xbgas --timing cycle --restore"
echo "not a checkpoint" >"$work/text.ckpt"
refuse text "is not an xbemu checkpoint" $restore "$work/text.ckpt" "$elf"
head -c $((size / 2)) "$work/job.ckpt" >"$work/truncated.ckpt"
refuse truncated "truncated or corrupt" $restore "$work/truncated.ckpt" "$elf"
cp "$work/job.ckpt" "$work/corrupt.ckpt"
printf 'XXXX' | dd of="$work/corrupt.ckpt" bs=1 seek=$((size - 100)) conv=notrunc 2>/dev/null
refuse corrupt "truncated or corrupt" $restore "$work/corrupt.ckpt" "$elf"
# The format version is the word after the magic; xbemu's version the string after it (its
# length first, 8 bytes).
cp "$work/job.ckpt" "$work/format.ckpt"
printf 'c' | dd of="$work/format.ckpt" bs=1 seek=8 conv=notrunc 2>/dev/null
refuse format "format version 99" $restore "$work/format.ckpt" "$elf"
cp "$work/job.ckpt" "$work/version.ckpt"
printf '9' | dd of="$work/version.ckpt" bs=1 seek=20 conv=notrunc 2>/dev/null
refuse version "was written by xbemu 9" $restore "$work/version.ckpt" "$elf"
refuse isa "is of --isa rv64gc_xbgas, not rv64gc_xbgas_pimp" --isa rv64gc_xbgas_pimp \
    --timing cycle --restore "$work/job.ckpt" "$elf"
refuse pes "is of 4 PEs, not -n 2" $restore "$work/job.ckpt" -n 2 "$elf"
refuse memory "is of -m 256M, not -m 512M" $restore "$work/job.ckpt" -m 512M "$elf"
refuse program "is of another program" $restore "$work/job.ckpt" "$other_elf"
refuse functional "applies to --timing cycle" --isa rv64gc_xbgas --restore "$work/job.ckpt" "$elf"
refuse fast-forward "drop --fast-forward" $restore "$work/job.ckpt" --fast-forward roi "$elf"
refuse exit-alone "needs --checkpoint" --timing cycle --checkpoint-exit "$elf"
refuse functional-checkpoint "applies to --timing cycle" --isa rv64gc_xbgas \
    --checkpoint "$work/functional.ckpt" "$elf"
echo '{"pimp": {"send_fifo": 4, "receive_fifo": 16}}' >"$work/shallow.json"
refuse pimp-depths "holds PIMP FIFOs of the depths" --isa rv64gc_pimp --timing cycle \
    --machine "$work/shallow.json" --restore "$work/pimp.ckpt" "$pimp_elf" held
refuse open-file "PE 0: cannot write a checkpoint while the guest has a host file open" \
    $common --fs-root "$work" --checkpoint "$work/open.ckpt" "$elf" open-file
[ ! -e "$work/open.ckpt" ] || fail "a checkpoint refused for an open host file was written"
echo "PASS"
