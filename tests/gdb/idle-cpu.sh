#!/bin/sh
# An xbemu that waits for gdb (--gdb-wait) blocks rather than polls: the client measures its CPU
# time while it waits for a debugger and while it is stopped with one connected, then kills it.
# usage: idle-cpu.sh CLIENT XBEMU XBEMU-ARGUMENTS... (with --gdb 0 --gdb-wait)
set -u
client=$1
shift
work=$(mktemp -d)
guard=""
# However this script ends, the xbemu it started ends too; `timeout` bounds it should this
# script be killed outright.
trap '[ -n "$guard" ] && kill "$guard" 2>/dev/null; rm -rf "$work"' EXIT
trap 'exit 1' INT TERM HUP
timeout -k 5 60 "$@" </dev/null >"$work/out" 2>"$work/err" &
guard=$!
port=""
for _ in $(seq 1 300); do
    port=$(sed -n 's/.*gdb stub listening on [^ ]*:\([0-9]*\).*/\1/p' "$work/err")
    [ -n "$port" ] && break
    kill -0 "$guard" 2>/dev/null || break
    sleep 0.1
done
pid=$(pgrep -P "$guard")
if [ -z "$port" ] || [ -z "$pid" ]; then
    echo "FAIL: no gdb stub listening:"; cat "$work/err"; exit 1
fi
"$client" idle "$pid" "$port" || exit 1
wait "$guard"
status=$?
guard=""
if [ $status -ne 1 ] || ! grep -q '^xbemu: killed by gdb$' "$work/err"; then
    echo "FAIL: after kill, xbemu ended with status $status:"; cat "$work/err"; exit 1
fi
echo "PASS: $*"
