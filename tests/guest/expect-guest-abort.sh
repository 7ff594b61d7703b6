#!/bin/sh
# Checks a guest that ends with abort(). picolibc's abort() exits through semihosting with status
# 134 (128 + SIGABRT), which the shell cannot tell apart from the emulator itself being killed by
# SIGABRT, so tests/tools/run-program.sh rejects it. Here status 134 is required, together with
# an empty standard error: an emulator that aborted (failed assertion, uncaught exception) says
# why on standard error before dying.
# usage: expect-guest-abort.sh EXPECTED_STDOUT XBEMU ELF [guest arguments...]
#        With QEMU=path in the environment, QEMU must also exit with 134 and print the same.
set -u
expected_stdout=$1
xbemu=$2
elf=$3
shift 3
timeout_seconds=120
out=$(mktemp)
err=$(mktemp)
qemu_out=$(mktemp)
trap 'rm -f "$out" "$err" "$qemu_out"' EXIT

failed=0
timeout -k 5 "$timeout_seconds" "$xbemu" "$elf" "$@" <"/dev/null" >"$out" 2>"$err"
status=$?
if [ "$status" -ne 134 ]; then
    echo "FAIL: xbemu exit status $status, expected 134"
    failed=1
fi
if [ -s "$err" ]; then
    echo "FAIL: xbemu wrote to standard error (did the emulator itself abort?):"
    head -20 "$err"
    failed=1
fi
if ! cmp -s "$out" "$expected_stdout"; then
    echo "FAIL: standard output differs from $expected_stdout:"
    diff "$expected_stdout" "$out" | head -20
    failed=1
fi
if [ -n "${QEMU:-}" ]; then
    # QEMU prints the guest's standard output and error together on its standard error.
    timeout -k 5 "$timeout_seconds" "$(dirname "$0")/../tools/run-on-qemu.sh" "$QEMU" "$elf" "$@" \
        <"/dev/null" >"$qemu_out" 2>&1
    qemu_status=$?
    if [ "$qemu_status" -ne 134 ]; then
        echo "FAIL: qemu exit status $qemu_status, expected 134"
        failed=1
    fi
    if ! cmp -s "$out" "$qemu_out"; then
        echo "FAIL: output differs (< qemu, > xbemu):"
        diff "$qemu_out" "$out" | head -20
        failed=1
    fi
fi
if [ $failed -ne 0 ]; then
    exit 1
fi
echo "PASS: $elf $*: aborted with status 134${QEMU:+, same as qemu}"
