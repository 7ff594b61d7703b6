#!/bin/sh
# The same job split differently between MPI ranks (mpirun -np R xbemu -n P, R x P PEs) against
# all its PEs in one process (xbemu -n R*P). In the cycle mode the output, --stats-json and
# --profile (but for their "run" objects), the profile's folded stacks and --trace must be
# byte-identical, with one and two host threads per rank.
# In the functional mode PEs run on host threads in no fixed order: the output must hold the same
# lines (sorted), with the functional mode's host-timed cycle counts masked, and the exit status
# must be the same. Mode speculative is the cycle mode without --profile, which (as the commit log
# and a debugger) keeps windows short: there the ranks agree on speculative windows' ends.
# usage: check-splits.sh XBEMU MPIRUN functional|cycle|speculative shm|rma|auto SPLITS ELF
#        [xbemu options...]
#        -- [guest arguments...]
# SPLITS: "2x4 4x2 8x1" (ranks x PEs per rank, the same product). Set XBEMU_MPIRUN_OPTIONS for
# options of mpirun (such as -env MPIR_CVAR_NUM_CLIQUES 2).
set -u
xbemu=$1 mpirun=$2 mode=$3 transport=$4 splits=$5 elf=$6
shift 6
options=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do options="$options $1"; shift; done
[ $# -gt 0 ] && shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

first=${splits%% *}
total=$((${first%x*} * ${first#*x}))

run() { # name expected-status command...
    name=$1 expected=$2
    shift 2
    timeout -k 5 600 "$@" >"$work/$name.out" 2>"$work/$name.err"
    status=$?
    if [ "$expected" != any ] && [ $status -ne "$expected" ]; then
        echo "FAIL: $name exited with status $status, not $expected: $*"
        head -20 "$work/$name.err"
        exit 1
    fi
    echo $status >"$work/$name.status"
}

if [ "$mode" = cycle ] || [ "$mode" = speculative ]; then
    kinds=".json .trace .out"
    profile() { :; } # NAME: the --profile option of run NAME, if any
    if [ "$mode" = cycle ]; then
        kinds="$kinds /profile.json /profile.json.folded"
        # Each run's profile in a directory of its own: the file names its folded stacks' file.
        profile() { mkdir "$work/$1" && echo "--profile $work/$1/profile.json"; }
    fi
    # shellcheck disable=SC2086
    run reference 0 "$xbemu" --timing cycle -n $total --host-threads 1 $options \
        --stats-json "$work/reference.json" --trace "$work/reference.trace" \
        $(profile reference) "$elf" "$@"
    for split in $splits; do
        ranks=${split%x*} pes=${split#*x}
        [ $((ranks * pes)) -eq $total ] || { echo "FAIL: $split is not $total PEs"; exit 1; }
        for threads in 1 2; do
            name=$split.threads$threads
            # shellcheck disable=SC2086
            run $name 0 "$mpirun" ${XBEMU_MPIRUN_OPTIONS:-} -np $ranks "$xbemu" --timing cycle \
                --transport $transport -n $pes --host-threads $threads $options \
                --stats-json "$work/$name.json" --trace "$work/$name.trace" \
                $(profile "$name") "$elf" "$@"
        done
    done
    # shellcheck disable=SC2046
    "$(dirname "$0")/../tools/drop-run-description.sh" "$work"/*.json \
        $(find "$work" -name profile.json) || exit 1
    failed=0
    for result in "$work"/*.json; do
        name=$(basename "$result" .json)
        [ "$name" = reference ] && continue
        for kind in $kinds; do
            if ! cmp -s "$work/reference$kind" "$work/$name$kind"; then
                echo "FAIL: $name$kind differs from $total PEs in one process:"
                diff "$work/reference$kind" "$work/$name$kind" | head -10
                failed=1
            fi
        done
    done
    grep -q '"cycles"' "$work/reference.json" || { echo "FAIL: no cycles"; failed=1; }
    [ $failed -eq 0 ] && echo "PASS: $splits (1 and 2 host threads) match $total PEs in one" \
        "process ($(grep -m1 '"cycles"' "$work/reference.json" | tr -d ' ,'))"
    exit $failed
fi

mask() { sed -E 's/[0-9]+ cycles/N cycles/g' "$1" | sort; }
# shellcheck disable=SC2086
run reference any "$xbemu" -n $total --tag-output $options "$elf" "$@"
mask "$work/reference.out" >"$work/reference.sorted"
[ -s "$work/reference.sorted" ] || { echo "FAIL: the reference run printed nothing"; exit 1; }
failed=0
for split in $splits; do
    ranks=${split%x*} pes=${split#*x}
    [ $((ranks * pes)) -eq $total ] || { echo "FAIL: $split is not $total PEs"; exit 1; }
    # shellcheck disable=SC2086
    run $split "$(cat "$work/reference.status")" "$mpirun" ${XBEMU_MPIRUN_OPTIONS:-} \
        -np $ranks "$xbemu" --transport $transport -n $pes --tag-output $options "$elf" "$@"
    mask "$work/$split.out" >"$work/$split.sorted"
    if ! cmp -s "$work/reference.sorted" "$work/$split.sorted"; then
        echo "FAIL: the output of $split differs from $total PEs in one process:"
        diff "$work/reference.sorted" "$work/$split.sorted" | head -10
        failed=1
    fi
done
[ $failed -eq 0 ] && echo "PASS: $splits print what $total PEs in one process print" \
    "($(wc -l <"$work/reference.sorted") lines, exit status $(cat "$work/reference.status"))"
exit $failed
