#!/bin/sh
# A second xbemu that asks for the port the first one's stub listens on is refused with one line
# and status 2; the first, which waits for gdb, is then stopped.
# usage: port-in-use.sh XBEMU ELF
set -u
xbemu=$1
elf=$2
err=$(mktemp)
first=""
# However this script ends, the first xbemu ends too (and `timeout` bounds it should the script
# be killed outright).
trap '[ -n "$first" ] && kill "$first" 2>/dev/null; rm -f "$err"' EXIT
trap 'exit 1' INT TERM HUP
timeout -k 5 60 "$xbemu" --isa rv64gc_xbgas --gdb 0 --gdb-wait "$elf" </dev/null >/dev/null 2>"$err" &
first=$!
port=""
for _ in $(seq 1 100); do
    port=$(sed -n 's/.*gdb stub listening on [^ ]*:\([0-9]*\).*/\1/p' "$err")
    [ -n "$port" ] && break
    sleep 0.1
done
second=$(timeout -k 5 30 "$xbemu" --isa rv64gc_xbgas --gdb "$port" "$elf" 2>&1 </dev/null)
status=$?
kill "$first"
wait "$first"
first=""
expected="xbemu: error: gdb stub: cannot listen on localhost:$port: Address already in use"
if [ -z "$port" ] || [ $status -ne 2 ] || [ "$second" != "$expected" ]; then
    echo "FAIL: port ${port:-?}: status $status, output:"
    echo "$second"
    exit 1
fi
echo "PASS: $expected"
