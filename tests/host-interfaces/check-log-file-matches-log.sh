#!/bin/sh
# --log-file FILE writes exactly the commit log that --log prints on standard error, and changes
# nothing else: standard error stays empty, standard output and the exit status are the same.
# usage: check-log-file.sh XBEMU ELF LOG_FILE
set -u
xbemu=$1
elf=$2
log=$3
reference_output=$(mktemp)
reference_log=$(mktemp)
output=$(mktemp)
errors=$(mktemp)
trap 'rm -f "$reference_output" "$reference_log" "$output" "$errors"' EXIT
rm -f "$log"

timeout -k 5 60 "$xbemu" --log "$elf" </dev/null >"$reference_output" 2>"$reference_log"
reference_status=$?
timeout -k 5 60 "$xbemu" --log-file "$log" "$elf" </dev/null >"$output" 2>"$errors"
status=$?
failed=0
fail() {
    echo "FAIL: $*"
    failed=1
}
[ -s "$reference_log" ] || fail "--log printed no commit log"
[ "$status" -eq "$reference_status" ] ||
    fail "exit status $status with --log-file, $reference_status with --log"
[ ! -s "$errors" ] || fail "standard error is not empty with --log-file:" "$(head -5 "$errors")"
cmp -s "$reference_output" "$output" || fail "standard output differs between --log and --log-file"
if [ ! -f "$log" ]; then
    fail "no log file $log"
elif ! cmp -s "$reference_log" "$log"; then
    fail "the log file differs from what --log prints (< --log, > --log-file):"
    diff "$reference_log" "$log" | head -20
fi
[ $failed -eq 0 ] || exit 1
echo "PASS: --log-file wrote the $(wc -l <"$log")-line commit log of $elf"
