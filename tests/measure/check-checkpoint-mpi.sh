#!/bin/sh
# --checkpoint and --restore under mpirun (docs/measuring.md, "Checkpoints"): the ranks write one
# file, the one a single process writes but for the launcher in its header, and each restores
# its own PEs from it, so a checkpoint restores on any split of its PEs, or in one process.
# tests/measure/checkpoint.c on 4 PEs: the run of 2 ranks of 2 PEs that writes a checkpoint
# prints and counts what the same run in one process does; checkpoints of one process, of 2 x 2
# (shm) and of 4 x 1 (rma) restored in one process, as 2 x 2 and as 4 x 1 (rma, 2 host threads)
# give the original's output after the checkpoint and its --stats-json (less the "run" object).
# PIMP (PIMP_ELF, tests/measure/fast_forward_pimp.c "held"): a word in a receive FIFO across a
# checkpoint written by 2 ranks through one-sided MPI and restored through shared memory. Then
# the refusals, one line (rank 0's) and exit status 2: another PE count, -m, a truncated file,
# a file that cannot be written, a host file open at the checkpoint (no file is left).
# usage: check-checkpoint-mpi.sh XBEMU MPIRUN ELF PIMP_ELF
set -u
xbemu=$1 mpirun=$2 elf=$3 pimp_elf=$4
here=$(cd "$(dirname "$0")" && pwd)
. "$here/run-helpers.sh"
# run NAME EXPECTED_STATUS COMMAND...: into NAME.out and NAME.err.
run() {
    run_command "$@"
}

options="--isa rv64gc_xbgas --timing cycle --stats-roi"
run original 0 "$xbemu" $options -n 4 --checkpoint "$work/one.ckpt" --host-threads 1 \
    --stats-json "$work/original.json" "$elf"
"$drop" "$work/original.json"
run pre 0 "$xbemu" $options -n 4 --checkpoint "$work/exit.ckpt" --checkpoint-exit "$elf"
run mpi 0 "$mpirun" -np 2 "$xbemu" $options -n 2 --transport shm --checkpoint "$work/2x2.ckpt" \
    --stats-json "$work/mpi.json" "$elf"
grep -q "checkpoint of 4 PEs written to" "$work/mpi.err" && [ "$(wc -l <"$work/mpi.err")" -eq 1 ] ||
    fail "not one line says the checkpoint was written: $(cat "$work/mpi.err")"
"$drop" "$work/mpi.json"
cmp -s "$work/original.out" "$work/mpi.out" && cmp -s "$work/original.json" "$work/mpi.json" ||
    fail "2 x 2 writing a checkpoint differs from one process:
$(diff "$work/original.out" "$work/mpi.out"; diff "$work/original.json" "$work/mpi.json" | head)"
run mpi-pre 0 "$mpirun" -np 4 "$xbemu" $options --transport rma --checkpoint "$work/4x1.ckpt" \
    --checkpoint-exit "$elf"
cmp -s "$work/pre.out" "$work/mpi-pre.out" || fail "4 x 1 up to the checkpoint: $(cat "$work/mpi-pre.out")"
cmp -s "$work/2x2.ckpt" "$work/4x1.ckpt" || fail "2 x 2 and 4 x 1 wrote different checkpoints"

for restore in "one 2x2" "one 4x1 --transport rma --host-threads 2" "2x2 one" \
    "4x1 2x2 --transport rma"; do
    set -- $restore
    checkpoint=$1 split=$2
    shift 2
    name=restored-$checkpoint-$split
    case $split in
    one) run "$name" 0 "$xbemu" $options --restore "$work/$checkpoint.ckpt" "$@" \
        --stats-json "$work/$name.json" "$elf" ;;
    *) run "$name" 0 "$mpirun" -np "${split%x*}" "$xbemu" $options -n "${split#*x}" \
        --restore "$work/$checkpoint.ckpt" "$@" --stats-json "$work/$name.json" "$elf" ;;
    esac
    same_as_original "$name" original pre
done

# PIMP: PE 1 holds a word in its receive FIFO at the switch.
pimp="--isa rv64gc_pimp --timing cycle --stats-roi"
run pimp 0 "$xbemu" $pimp -n 2 --fast-forward roi --stats-json "$work/pimp.json" "$pimp_elf" held
"$drop" "$work/pimp.json"
run pimp-pre 0 "$mpirun" -np 2 "$xbemu" $pimp --transport rma --fast-forward roi \
    --checkpoint "$work/pimp.ckpt" --checkpoint-exit "$pimp_elf" held
run pimp-restored 0 "$mpirun" -np 2 "$xbemu" $pimp --transport shm --restore "$work/pimp.ckpt" \
    --stats-json "$work/pimp-restored.json" "$pimp_elf" held
grep -q "PE 1 received 42 and 43" "$work/pimp-restored.out" ||
    fail "PIMP across the checkpoint: $(cat "$work/pimp-restored.out" "$work/pimp-restored.err")"
same_as_original pimp-restored pimp pimp-pre

# refuse NAME WORDS COMMAND...: exit status 2 and one line holding WORDS.
refuse() {
    name=$1 words=$2
    shift 2
    run "$name" 2 "$@"
    [ "$(wc -l <"$work/$name.err")" -eq 1 ] && grep -q -- "$words" "$work/$name.err" ||
        fail "$*: expected one line with '$words', got:
$(cat "$work/$name.err")"
}
refuse pes "is of 4 PEs, not 3 ranks of -n 1 (3 PEs)" "$mpirun" -np 3 "$xbemu" $options \
    --restore "$work/2x2.ckpt" "$elf"
refuse memory "is of -m 256M, not -m 512M" "$mpirun" -np 2 "$xbemu" $options -n 2 -m 512M \
    --restore "$work/2x2.ckpt" "$elf"
head -c $(($(wc -c <"$work/2x2.ckpt") - 1000)) "$work/2x2.ckpt" >"$work/truncated.ckpt"
refuse truncated "truncated or corrupt" "$mpirun" -np 2 "$xbemu" $options -n 2 \
    --restore "$work/truncated.ckpt" "$elf"
refuse unwritable "cannot write the checkpoint" "$mpirun" -np 2 "$xbemu" $options -n 2 \
    --checkpoint "$work/no/such/dir/job.ckpt" "$elf"
refuse open-file "PE 0: cannot write a checkpoint while the guest has a host file open" \
    "$mpirun" -np 2 "$xbemu" $options -n 2 --fs-root "$work" --checkpoint "$work/open.ckpt" \
    "$elf" open-file
[ ! -e "$work/open.ckpt" ] && [ ! -e "$work/open.ckpt.partial" ] ||
    fail "a checkpoint refused for an open host file was left"
echo PASS
