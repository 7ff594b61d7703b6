#!/bin/sh
# --fast-forward (docs/measuring.md): tests/measure/fast_forward.c on 4 PEs, fast-forwarded to its
# region of interest with 1 and 2 host threads, against the run all in the cycle mode: the same
# output, the same --stats-roi JSON for both host thread counts (less the "run" object), every
# region starting at cycle 0 (the switch), and the region's cycles within 3 % of the all-cycle
# run's. Then --fast-forward N on 1 PE: its statistics count exactly N instructions fewer than
# the all-cycle run's; on 4 PEs with N past the set-up, where PEs wait for ones that stopped: the
# same output; PE 0 stopping before a barrier the others wait at. Then a program that never
# reaches its region, and bad values.
# And a PE that ends before the switch (EXIT_ELF, tests/measure/fast_forward_exit.c).
# usage: check-fast-forward.sh XBEMU ELF EXIT_ELF
set -u
xbemu=$1 elf=$2 exit_elf=$3
here=$(cd "$(dirname "$0")" && pwd)
. "$here/run-helpers.sh"
# run NAME EXPECTED_STATUS ARGS...: xbemu ARGS into NAME.out and NAME.err.
run() {
    name=$1 expected=$2
    shift 2
    run_command "$name" "$expected" "$xbemu" "$@"
}
# The job's cycles in a --stats-json file.
job_cycles() {
    sed -n 's/^  "cycles": \([0-9]*\),\{0,1\}$/\1/p' "$1"
}
pe_instructions() {
    sed -n 's/^      "instructions": \([0-9]*\),\{0,1\}$/\1/p' "$1" | head -1
}

common="--isa rv64gc_xbgas -n 4 --timing cycle --stats-roi"
run cycle 0 $common --stats-json "$work/cycle.json" "$elf"
run ff1 0 $common --fast-forward roi --host-threads 1 --stats-json "$work/ff1.json" "$elf"
run ff2 0 $common --fast-forward roi --host-threads 2 --stats-json "$work/ff2.json" "$elf"
for name in ff1 ff2; do
    cmp -s "$work/cycle.out" "$work/$name.out" ||
        fail "the output of --fast-forward roi ($name) differs from the all-cycle run's:
$(diff "$work/cycle.out" "$work/$name.out")"
done
grep -q "^PE 3: sum" "$work/ff1.out" || fail "PE 3 printed no sum: $(cat "$work/ff1.out")"
"$drop" "$work/ff1.json" "$work/ff2.json"
cmp -s "$work/ff1.json" "$work/ff2.json" ||
    fail "--host-threads 1 and 2 give different statistics:
$(diff "$work/ff1.json" "$work/ff2.json" | head -20)"
begins=$(grep -c '"begin_cycles": 0,' "$work/ff1.json")
[ "$begins" -eq 4 ] || fail "$begins of 4 regions begin at cycle 0 (the switch)"
full=$(job_cycles "$work/cycle.json")
fast=$(job_cycles "$work/ff1.json")
[ -n "$full" ] && [ -n "$fast" ] && [ "$full" -gt 1000 ] || fail "no cycles: '$full' '$fast'"
difference=$((full > fast ? full - fast : fast - full))
[ $((difference * 100)) -le $((full * 3)) ] ||
    fail "the region's cycles: $fast fast-forwarded, $full all in the cycle mode (over 3 % apart)"
echo "region of interest: $full cycles all in the cycle mode, $fast fast-forwarded"

# --fast-forward N on one PE: the statistics start after exactly N instructions.
run whole 0 --isa rv64gc_xbgas --timing cycle --stats-json "$work/whole.json" "$elf"
run ffn 0 --isa rv64gc_xbgas --timing cycle --fast-forward 5000 --stats-json "$work/ffn.json" "$elf"
cmp -s "$work/whole.out" "$work/ffn.out" || fail "the output of --fast-forward 5000 differs"
all=$(pe_instructions "$work/whole.json")
after=$(pe_instructions "$work/ffn.json")
[ -n "$all" ] && [ "$after" = $((all - 5000)) ] ||
    fail "--fast-forward 5000 counts $after instructions, the whole run $all"

# --fast-forward N on 4 PEs with N past the set-up: PEs that spin in barriers get there sooner
# and stop; the others wait for them at a barrier and switch where they wait, once the
# functional mode finds that every PE waits or has stopped. The output is the program's still.
run cycle_whole 0 --isa rv64gc_xbgas -n 4 --timing cycle --stats-json "$work/cycle_whole.json" "$elf"
late=$(($(pe_instructions "$work/cycle_whole.json") - 3000))
run ffn4 0 --isa rv64gc_xbgas -n 4 --timing cycle --fast-forward "$late" --stats-json \
    "$work/ffn4.json" "$elf"
cmp -s "$work/cycle.out" "$work/ffn4.out" || fail "the output of --fast-forward $late on 4 PEs:
$(cat "$work/ffn4.out" "$work/ffn4.err")"
[ ! -s "$work/ffn4.err" ] || fail "--fast-forward $late on 4 PEs said: $(cat "$work/ffn4.err")"
grep -q '"timing": "cycle"' "$work/ffn4.json" || fail "--fast-forward $late did not switch"

# PE 0 stops at its region's begin before a barrier, where the others wait for it: they switch
# where they wait, and begin their regions in the cycle mode.
run early 0 $common --fast-forward roi --stats-json "$work/early.json" "$elf" early-roi
cmp -s "$work/cycle.out" "$work/early.out" || fail "the output with early-roi:
$(cat "$work/early.out" "$work/early.err")"
begins=$(grep -c '"begin_cycles": 0,' "$work/early.json")
[ "$begins" -eq 1 ] || fail "$begins regions begin at the switch with early-roi, expected PE 0's"

# PE 1 ends before the switch: PE 0 switches alone, and reads PE 1's memory in the cycle mode.
run exit_cycle 0 --isa rv64gc_xbgas -n 2 --timing cycle "$exit_elf"
run exit_ff 0 --isa rv64gc_xbgas -n 2 --timing cycle --fast-forward roi --stats-roi \
    --stats-json "$work/exit_ff.json" "$exit_elf"
grep -q "PE 1's word 1234" "$work/exit_ff.out" && cmp -s "$work/exit_cycle.out" "$work/exit_ff.out" ||
    fail "a PE that ended before the switch: $(cat "$work/exit_ff.out" "$work/exit_ff.err")"
[ "$(grep -c '"begin_cycles": 0,' "$work/exit_ff.json")" -eq 1 ] ||
    fail "PE 0's region does not begin at the switch: $(cat "$work/exit_ff.json")"

# A program that never reaches xbemu_roi_begin(): it runs to its end in the functional mode,
# printing what it prints in the cycle mode, and a line says so.
run noroi 0 $common --fast-forward roi "$elf" no-roi
grep -q "no PE reached xbemu_roi_begin()" "$work/noroi.err" || fail "no line says no ROI was reached:
$(cat "$work/noroi.err")"
cmp -s "$work/cycle.out" "$work/noroi.out" || fail "the no-roi run's output differs:
$(cat "$work/noroi.out")"

# Bad values: one line, exit status 2.
for bad in "--timing functional --fast-forward roi" "--timing cycle --fast-forward 0" \
    "--timing cycle --fast-forward 12k" "--timing cycle --fast-forward -5" \
    "--timing cycle --fast-forward rio"; do
    run bad 2 $bad "$elf"
    [ "$(wc -l <"$work/bad.err")" -eq 1 ] && grep -q -- "--fast-forward" "$work/bad.err" ||
        fail "xbemu $bad: expected one line naming --fast-forward, got:
$(cat "$work/bad.err")"
done
echo "PASS"
