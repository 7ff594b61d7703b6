#!/bin/sh
# --fast-forward under mpirun with ranks on separate nodes (docs/measuring.md): MPICH's
# MPIR_CVAR_NUM_CLIQUES=2 makes the ranks of this host two nodes, whose PEs share no counters
# (checked: --transport shm is refused as spanning 2 nodes). PE 0 stops at its region's begin
# before a barrier where the others, on the other node too, wait for it ("early-roi", no barrier
# before xbemu_roi_begin()): they switch where they wait, and the output, --stats-json (less its
# "run" object) and --trace of 2 ranks of 2 PEs and 4 of 1, with 1 and 2 host threads, are those
# of -n 4 in one process; with --checkpoint, which switches at the same point, so is the
# checkpoint written there, as 2 ranks on one node write it. PIMP: PE 1 waits in a receive for
# PE 0, on the other node, which sends only after its switch ("late"): the output and
# --stats-json of 2 PEs in one process. A job where every PE waits and none reached its region
# ("stuck"): one line and exit status 1 within seconds, not a hang.
# usage: check-fast-forward-hosts.sh XBEMU MPIRUN ELF PIMP_ELF
set -u
xbemu=$1 mpirun=$2 elf=$3 pimp_elf=$4
here=$(cd "$(dirname "$0")" && pwd)
. "$here/run-helpers.sh"
two_nodes="-env MPIR_CVAR_NUM_CLIQUES 2"
common="--isa rv64gc_xbgas --timing cycle --stats-roi"

# shellcheck disable=SC2086
run_command nodes 2 "$mpirun" $two_nodes -np 2 "$xbemu" $common --fast-forward roi -n 2 \
    --transport shm "$elf" early-roi
grep -q "spans 2 nodes" "$work/nodes.err" ||
    fail "the ranks are not on two nodes: $(cat "$work/nodes.err")"

for variant in fast-forward checkpoint; do
    switch="--fast-forward roi"
    [ $variant = checkpoint ] && switch="$switch --checkpoint $work/job.ckpt"
    # shellcheck disable=SC2086
    run_command reference 0 "$xbemu" $common $switch -n 4 --host-threads 1 \
        --stats-json "$work/reference.json" --trace "$work/reference.trace" "$elf" early-roi
    if [ $variant = checkpoint ]; then
        # The file names its launcher: the reference checkpoint is that of 2 ranks on one node.
        # shellcheck disable=SC2086
        run_command one_node 0 "$mpirun" -np 2 "$xbemu" $common $switch -n 2 --transport shm \
            "$elf" early-roi
        mv "$work/job.ckpt" "$work/reference.ckpt"
    fi
    "$drop" "$work/reference.json"
    grep -q '"cycles"' "$work/reference.json" || fail "$switch: no cycles in one process"
    for split in 2x2 4x1; do
        ranks=${split%x*} pes=${split#*x}
        for threads in 1 2; do
            name=$split.threads$threads
            # shellcheck disable=SC2086
            run_command "$name" 0 "$mpirun" $two_nodes -np "$ranks" "$xbemu" $common $switch \
                -n "$pes" --host-threads $threads --stats-json "$work/$name.json" \
                --trace "$work/$name.trace" "$elf" early-roi
            "$drop" "$work/$name.json"
            kinds="out json trace"
            [ $variant = checkpoint ] && mv "$work/job.ckpt" "$work/$name.ckpt" &&
                kinds="$kinds ckpt"
            for kind in $kinds; do
                cmp -s "$work/reference.$kind" "$work/$name.$kind" ||
                    fail "$switch, $name on two nodes: the $kind differs from -n 4 in one process:
$(diff "$work/reference.$kind" "$work/$name.$kind" | head -10)"
            done
        done
    done
done

pimp="--isa rv64gc_pimp --timing cycle --fast-forward roi"
# shellcheck disable=SC2086
run_command pimp 0 "$xbemu" $pimp -n 2 --stats-json "$work/pimp.json" "$pimp_elf" late
# shellcheck disable=SC2086
run_command pimp_nodes 0 "$mpirun" $two_nodes -np 2 "$xbemu" $pimp \
    --stats-json "$work/pimp_nodes.json" "$pimp_elf" late
"$drop" "$work/pimp.json" "$work/pimp_nodes.json"
grep -q "^PE 1 received 42 and 43$" "$work/pimp.out" || fail "PIMP output: $(cat "$work/pimp.out")"
for kind in out json; do
    cmp -s "$work/pimp.$kind" "$work/pimp_nodes.$kind" ||
        fail "PIMP late on two nodes: the $kind differs from one process:
$(cat "$work/pimp_nodes.err"; diff "$work/pimp.$kind" "$work/pimp_nodes.$kind" | head)"
done

start=$(date +%s)
# shellcheck disable=SC2086
run_command stuck 1 "$mpirun" $two_nodes -np 2 "$xbemu" $common --fast-forward roi -n 2 "$elf" \
    stuck
seconds=$(($(date +%s) - start))
[ "$(grep -c "^xbemu: deadlock: every PE has been waiting" "$work/stuck.err")" -eq 1 ] ||
    fail "a deadlock across nodes is not one line: $(cat "$work/stuck.err")"
[ "$seconds" -le 30 ] || fail "a deadlock across nodes took $seconds s to end"
echo "PASS: early-roi and PIMP late on two nodes match one process; a deadlock ends in $seconds s"
