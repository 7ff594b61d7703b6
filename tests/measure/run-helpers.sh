# Sourced by the measure checks: a work directory removed at exit ($work), fail, run_command
# and same_as_original. Needs $here (the script's folder).
drop="$here/../tools/drop-run-description.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() {
    echo "FAIL: $*"
    exit 1
}
# run_command NAME EXPECTED_STATUS COMMAND...: into NAME.out and NAME.err.
run_command() {
    name=$1 expected=$2
    shift 2
    timeout -k 5 300 "$@" >"$work/$name.out" 2>"$work/$name.err"
    status=$?
    if [ "$status" -ne "$expected" ]; then
        echo "FAIL: exit status $status (expected $expected): $*"
        head -20 "$work/$name.err"
        exit 1
    fi
}
# same_as_original NAME ORIGINAL PRE: NAME's output is ORIGINAL's after PRE's, and its
# statistics (NAME.json, less the "run" object) ORIGINAL's.
same_as_original() {
    cat "$work/$3.out" "$work/$1.out" >"$work/$1.joined"
    cmp -s "$work/$2.out" "$work/$1.joined" ||
        fail "$1: the output before the checkpoint and after the restore is not the original's:
$(diff "$work/$2.out" "$work/$1.joined")"
    "$drop" "$work/$1.json"
    cmp -s "$work/$2.json" "$work/$1.json" ||
        fail "$1: the statistics differ from the original's:
$(diff "$work/$2.json" "$work/$1.json" | head -20)"
}
