#!/bin/sh
# --fast-forward under mpirun (docs/measuring.md): what tests/ranks' splits do not cover. PE 0
# stops at its region's begin before a barrier where the others, on other ranks too, wait for it:
# they switch where they wait (found as the functional mode finds a deadlock, across the ranks of
# the node), giving the program's output. A program that never reaches its region: one line, on
# rank 0 only. PIMP words left in a send or receive FIFO at the switch, between ranks (shm: the
# node's shared FIFOs; rma: words and credits in flight as MPI messages, which the switch lets
# arrive first): the output and --stats-json of the same job in one process. Ranks given
# different --fast-forward are refused in one line with exit status 2.
# usage: check-fast-forward-mpi.sh XBEMU MPIRUN ELF PIMP_ELF
set -u
xbemu=$1 mpirun=$2 elf=$3 pimp_elf=$4
here=$(cd "$(dirname "$0")" && pwd)
. "$here/run-helpers.sh"
# run NAME EXPECTED_STATUS COMMAND...: into NAME.out and NAME.err.
run() {
    run_command "$@"
}

common="--isa rv64gc_xbgas --timing cycle --stats-roi --fast-forward roi"
run cycle 0 "$xbemu" --isa rv64gc_xbgas --timing cycle -n 4 "$elf"
for transport in shm rma; do
    run early 0 "$mpirun" -np 2 "$xbemu" $common -n 2 --transport $transport \
        --stats-json "$work/early.json" "$elf" early-roi
    cmp -s "$work/cycle.out" "$work/early.out" || fail "the output with early-roi ($transport):
$(cat "$work/early.out" "$work/early.err")"
    begins=$(grep -c '"begin_cycles": 0,' "$work/early.json")
    [ "$begins" -eq 1 ] ||
        fail "$begins regions begin at the switch with early-roi ($transport), expected PE 0's"
done

run noroi 0 "$mpirun" -np 2 "$xbemu" $common -n 2 "$elf" no-roi
[ "$(grep -c "no PE reached xbemu_roi_begin()" "$work/noroi.err")" -eq 1 ] ||
    fail "not one line says no ROI was reached: $(cat "$work/noroi.err")"
cmp -s "$work/cycle.out" "$work/noroi.out" || fail "the no-roi run's output differs:
$(cat "$work/noroi.out")"

for variant in "" held; do
    run pimp 0 "$xbemu" --isa rv64gc_pimp -n 2 --timing cycle --fast-forward roi \
        --stats-json "$work/pimp.json" "$pimp_elf" $variant
    grep -q "^PE 1 received 42 and 43$" "$work/pimp.out" ||
        fail "PIMP output $variant: $(cat "$work/pimp.out")"
    for transport in shm rma; do
        run pimp_mpi 0 "$mpirun" -np 2 "$xbemu" --isa rv64gc_pimp --timing cycle \
            --fast-forward roi --transport $transport --stats-json "$work/pimp_mpi.json" \
            "$pimp_elf" $variant
        "$drop" "$work/pimp.json" "$work/pimp_mpi.json"
        cmp -s "$work/pimp.out" "$work/pimp_mpi.out" && cmp -s "$work/pimp.json" "$work/pimp_mpi.json" ||
            fail "PIMP $variant under mpirun ($transport) differs from one process:
$(cat "$work/pimp_mpi.out" "$work/pimp_mpi.err"; diff "$work/pimp.json" "$work/pimp_mpi.json" | head)"
    done
done

run disagree 2 "$mpirun" -np 1 "$xbemu" $common "$elf" : -np 1 "$xbemu" --isa rv64gc_xbgas \
    --timing cycle --stats-roi "$elf"
[ "$(wc -l <"$work/disagree.err")" -eq 1 ] && grep -q "ranks disagree on --fast-forward" "$work/disagree.err" ||
    fail "ranks with different --fast-forward: $(cat "$work/disagree.err")"
echo PASS
