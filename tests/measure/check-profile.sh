#!/bin/sh
# Runs tests/measure/profile_calls.c with --profile and checks what it wrote.
#   functional|cycle: the JSON (check-profile.cmake: exact instructions, inclusive instructions
#     and calls per function and per call stack, the sums against --stats-json), the folded
#     stacks (every line "frame;frame;... weight", the weights summed are the PE's instructions
#     or cycles; in the functional mode the known stacks' exact instructions) and the summary on
#     standard error (in the functional mode middle's row with its inclusive instructions); in
#     the cycle mode the statistics are those of a run without --profile.
#   determinism: the cycle mode's profile of 3 PEs is the same, byte for byte, with 1 and with 2
#     host threads (the "run" object aside, which names the command line).
#   bad-path: a profile that cannot be written is refused with one line and exit status 2,
#     before the program runs.
#   no-libdw: with a libdw.so.1 that cannot be loaded first on the library path, a run without
#     --profile runs (xbemu opens libdw only for a profile), and one with it is refused with one
#     line naming libdw and exit status 2, before the program runs.
#   mpirun: the cycle mode's profile of 2 PEs under mpirun (rank 0 gathers and writes it) is the
#     one of 2 PEs in one process, byte for byte (the "run" object aside).
# usage: check-profile.sh CMAKE XBEMU ELF functional|cycle|determinism|bad-path|no-libdw|mpirun
#        [MPIRUN]
set -u
cmake=$1 xbemu=$2 elf=$3 check=$4 mpirun=${5:-}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
    echo "FAIL: $*"
    exit 1
}
# expect_refused STATUS WHAT WORD: the run that exited STATUS was refused before the program ran,
# with one line naming WORD and exit status 2.
expect_refused() {
    [ "$1" -eq 2 ] || fail "exit status $1 for $2, expected 2"
    [ "$(wc -l <"$work/err")" -eq 1 ] || fail "not one line on standard error: $(cat "$work/err")"
    grep -q "$3" "$work/err" || fail "the error does not name $3: $(cat "$work/err")"
    [ -s "$work/out" ] && fail "the program ran: $(cat "$work/out")"
    exit 0
}

case $check in
bad-path)
    timeout -k 5 60 "$xbemu" --profile "$work/missing/profile.json" "$elf" \
        >"$work/out" 2>"$work/err"
    expect_refused $? "an unwritable profile" profile
    ;;
no-libdw)
    mkdir "$work/lib"
    : >"$work/lib/libdw.so.1"
    LD_LIBRARY_PATH=$work/lib timeout -k 5 60 "$xbemu" "$elf" >"$work/out" 2>"$work/err" ||
        fail "exit status $? without --profile and without libdw: $(cat "$work/err")"
    grep -q "^profile done$" "$work/out" || fail "the program's output: $(cat "$work/out")"
    LD_LIBRARY_PATH=$work/lib timeout -k 5 60 "$xbemu" --profile "$work/profile.json" "$elf" \
        >"$work/out" 2>"$work/err"
    expect_refused $? "a profile without libdw" libdw
    ;;
mpirun)
    mkdir "$work/mpirun" "$work/in-process"
    timeout -k 5 300 "$mpirun" -np 2 "$xbemu" --timing cycle \
        --profile "$work/mpirun/profile.json" "$elf" >"$work/out" 2>"$work/err" ||
        fail "exit status $? under mpirun: $(head -5 "$work/err")"
    [ "$(grep -c "^profile done$" "$work/out")" -eq 2 ] || fail "the output: $(cat "$work/out")"
    [ "$(grep -c "^xbemu: profile: " "$work/err")" -eq 1 ] ||
        fail "not one summary (rank 0's): $(cat "$work/err")"
    timeout -k 5 300 "$xbemu" -n 2 --timing cycle --profile "$work/in-process/profile.json" \
        "$elf" >"$work/out" 2>"$work/err" || fail "exit status $? in one process"
    "$here/../tools/drop-run-description.sh" "$work/mpirun/profile.json" \
        "$work/in-process/profile.json"
    for file in profile.json profile.json.folded; do
        cmp "$work/mpirun/$file" "$work/in-process/$file" ||
            fail "$file differs between mpirun and one process"
    done
    exit 0
    ;;
determinism)
    for threads in 1 2; do
        mkdir "$work/$threads"
        timeout -k 5 300 "$xbemu" -n 3 --timing cycle --host-threads $threads \
            --profile "$work/$threads/profile.json" "$elf" >"$work/out" 2>"$work/err" ||
            fail "exit status $? with --host-threads $threads: $(head -5 "$work/err")"
        "$here/../tools/drop-run-description.sh" "$work/$threads/profile.json"
    done
    for file in profile.json profile.json.folded; do
        cmp "$work/1/$file" "$work/2/$file" || fail "$file differs between 1 and 2 host threads"
    done
    for pe in 0 1 2; do
        grep -Eq "^PE$pe;(.*;)?main;middle;leaf [1-9]" "$work/1/profile.json.folded" ||
            fail "PE $pe's stacks are missing: $(cat "$work/1/profile.json.folded")"
    done
    exit 0
    ;;
esac

timing=$check
timeout -k 5 300 "$xbemu" --timing "$timing" --stats-roi --stats-json "$work/stats.json" \
    --profile "$work/profile.json" "$elf" >"$work/out" 2>"$work/err" ||
    fail "exit status $?: $(head -5 "$work/err")"
grep -q "^profile done$" "$work/out" || fail "the program's output: $(cat "$work/out")"
grep -q "^xbemu: profile: " "$work/err" || fail "no summary on standard error: $(cat "$work/err")"
grep -Eq " leaf$" "$work/err" || fail "leaf is not among the top functions: $(cat "$work/err")"
folded=$work/profile.json.folded
bad=$(grep -Evc '^[^; ][^;]*(;[^;]+)* [1-9][0-9]*$' "$folded")
[ "$bad" -eq 0 ] || fail "$bad lines of the folded stacks are not 'a;b;c N': $(head -3 "$folded")"
weight=$(awk '{ sum += $NF } END { print sum }' "$folded")
if [ "$timing" = functional ]; then
    for stack in ';main;middle;leaf 4040' ';main;leaf 606' ';main;middle 70' ';main;tailer 6' \
        ';main;recur 8' ';main;recur;recur;recur;recur 2'; do
        [ "$(grep -c "$stack\$" "$folded")" -eq 1 ] ||
            fail "no line ending in '$stack' in $(cat "$folded")"
    done
    # instructions, %, inclusive, calls, function
    grep -Eq "^ +70 +[0-9.]+% +4110 +10  middle$" "$work/err" ||
        fail "middle's summary row is not 70 instructions, 4110 inclusive: $(cat "$work/err")"
fi
if [ "$timing" = cycle ]; then
    timeout -k 5 300 "$xbemu" --timing cycle --stats-roi --stats-json "$work/unprofiled.json" \
        "$elf" >"$work/out" 2>"$work/err" || fail "exit status $? without --profile"
    cp "$work/stats.json" "$work/profiled.json"
    "$here/../tools/drop-run-description.sh" "$work/profiled.json" "$work/unprofiled.json"
    cmp "$work/profiled.json" "$work/unprofiled.json" ||
        fail "the statistics differ with and without --profile"
fi
"$cmake" -DPROFILE="$work/profile.json" -DSTATS="$work/stats.json" -DTIMING="$timing" \
    -DFOLDED_WEIGHT="$weight" -P "$here/check-profile.cmake"
