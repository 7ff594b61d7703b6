#!/bin/sh
# Runs a 2-rank job that touches 24 MiB of guest RAM per PE with /dev/shm, where the ranks of a
# host keep their PEs' RAM, mounted as a 16 MiB tmpfs of its own (in a new user and mount
# namespace), and requires one line naming /dev/shm, a non-zero exit within the timeout, and no
# crash report. Exits 77 (skipped) where unprivileged namespaces or tmpfs mounts are not allowed.
# usage: full-dev-shm.sh MPIRUN XBEMU ELF
set -u
mpirun=$1
xbemu=$2
elf=$3
if ! unshare -rm sh -c 'mount -t tmpfs -o size=16m tmpfs /dev/shm' 2>/dev/null; then
    echo "SKIP: cannot mount a tmpfs on /dev/shm in a user namespace here"
    exit 77
fi
output=$(unshare -rm sh -c 'mount -t tmpfs -o size=16m tmpfs /dev/shm && exec "$@"' full-dev-shm \
    timeout 60 "$mpirun" -np 2 "$xbemu" --transport shm -m 64M --max-instructions 100000000 \
    "$elf" </dev/null 2>&1)
status=$?
printf '%s\n' "$output"
fail() {
    echo "FAIL: $1"
    exit 1
}
[ $status -ne 0 ] || fail "the job exited 0"
[ $status -ne 124 ] || fail "the job was still running after 60 s"
printf '%s\n' "$output" | grep -Eq '^xbemu: /dev/shm is full: rank [01] could not get a page for its PEs'"'"' guest RAM, which the ranks of a host share there \(up to 128 MiB: -m times their PEs; /dev/shm has 16 MiB\); give /dev/shm more room, or use --transport rma$' ||
    fail "no line naming /dev/shm"
if printf '%s\n' "$output" | grep -Eq 'Bus error|backtrace|BAD TERMINATION'; then
    fail "a crash report"
fi
echo "PASS"
