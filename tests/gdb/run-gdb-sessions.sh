#!/bin/sh
# Runs a program under xbemu's gdb stub and drives it with debugger sessions, one per stub (one in
# one process, one per rank under mpirun), all at once: gdb-multiarch --batch with command files,
# or a client program given the port as its last argument. Then checks what each session
# printed, the program's output and xbemu's exit status. The command must listen with --gdb 0
# (the system picks free ports, which xbemu prints, so tests can run in parallel) and --gdb-wait.
# usage: run-gdb-sessions.sh [--gdb GDB --elf ELF] [--timeout S] [--exit N] [--define I N=V]...
#            [--interrupt I TEXT] (--script FILES | --client COMMAND)... [--match I RE]...
#            [--output RE]... -- command...
#   --script FILES  gdb command files (comma-separated, run in turn) for the stub of PE I (the
#                   I-th --script or --client, from 0); gdb must end with status 0
#   --client CMD    a program (with its arguments, one string) for the stub of PE I; it must end
#                   with status 0
#   --define I N=V  sets the gdb convenience variable $N to V before the scripts of PE I
#   --interrupt I TEXT once session I printed a line TEXT (a script's echo before it continues),
#                   sends it SIGINT a second later, as a user's Ctrl-C in gdb
#   --match I RE    what session I printed must have a line matching the extended regex RE
#   --output RE     the program's standard output and error must have a line matching RE
set -u
gdb=""
elf=""
timeout_seconds=60
expected_exit=0
defines=""
interrupt=""
work=$(mktemp -d)
# The processes started and not yet waited for: however this script ends (a failure, a signal,
# ctest's timeout), they end too. Each also runs under `timeout`, should the script be killed
# outright.
running=""
forget() {
    running=$(echo " $running " | sed "s/ $1 / /")
}
clean_up() {
    for started in $running; do
        kill "$started" 2>/dev/null
    done
    rm -rf "$work"
}
trap clean_up EXIT
trap 'exit 1' INT TERM HUP
: >"$work/sessions.list"
: >"$work/matches"
: >"$work/outputs"
while [ $# -gt 0 ]; do
    case "$1" in
    --gdb) gdb=$2; shift 2 ;;
    --elf) elf=$2; shift 2 ;;
    --timeout) timeout_seconds=$2; shift 2 ;;
    --exit) expected_exit=$2; shift 2 ;;
    --script) printf 'gdb %s\n' "$2" >>"$work/sessions.list"; shift 2 ;;
    --client) printf 'client %s\n' "$2" >>"$work/sessions.list"; shift 2 ;;
    --define) defines="$defines $2:$3"; shift 3 ;;
    --interrupt) interrupt="$2:$3"; shift 3 ;;
    --match) printf '%s %s\n' "$2" "$3" >>"$work/matches"; shift 3 ;;
    --output) printf '%s\n' "$2" >>"$work/outputs"; shift 2 ;;
    --) shift; break ;;
    *) echo "run-gdb-sessions.sh: unknown option $1" >&2; exit 2 ;;
    esac
done

command="$*"
timeout -k 5 "$timeout_seconds" "$@" </dev/null >"$work/out" 2>"$work/err" &
program=$!
running=$program
failed=0

# "xbemu: gdb stub listening on HOST:PORT", with "PE i: " before "gdb" under mpirun, or
# "PEs a-b: " for a rank of several PEs (session i is then the i-th rank).
port_of() {
    if [ "$(grep -c 'gdb stub listening on' "$work/err")" -eq 1 ]; then
        sed -n 's/.*gdb stub listening on [^ ]*:\([0-9]*\).*/\1/p' "$work/err"
    elif grep -q "PE $1: gdb stub listening" "$work/err"; then
        sed -n "s/.*PE $1: gdb stub listening on [^ ]*:\([0-9]*\).*/\1/p" "$work/err"
    else
        sed -n 's/.*PEs \([0-9]*\)-[0-9]*: gdb stub listening on [^ ]*:\([0-9]*\).*/\1 \2/p' \
            "$work/err" | sort -n | sed -n "$(($1 + 1))s/.* //p"
    fi
}
count=$(wc -l <"$work/sessions.list")
for _ in $(seq 1 300); do
    [ "$(grep -c 'gdb stub listening on' "$work/err")" -ge "$count" ] && break
    kill -0 "$program" 2>/dev/null || break
    sleep 0.1
done

index=0
sessions=""
while read -r kind what; do
    port=$(port_of $index)
    if [ -z "$port" ]; then
        echo "FAIL: no gdb stub listening for PE $index"
        failed=1
        break
    fi
    if [ "$kind" = client ]; then
        # shellcheck disable=SC2086 # the client's command line is words
        timeout -k 5 "$timeout_seconds" $what "$port" </dev/null >"$work/session$index" 2>&1 &
    else
        set --
        for define in $defines; do
            [ "${define%%:*}" = "$index" ] || continue
            define=${define#*:}
            set -- "$@" -ex "set \$${define%%=*} = ${define#*=}"
        done
        set -- "$@" -ex "target remote localhost:$port"
        for file in $(echo "$what" | tr ',' ' '); do
            set -- "$@" -x "$file"
        done
        timeout -k 5 "$timeout_seconds" "$gdb" --batch -nx -ex "set pagination off" \
            -ex "set confirm off" "$@" "$elf" </dev/null >"$work/session$index" 2>&1 &
    fi
    sessions="$sessions $!:$index"
    running="$running $!"
    index=$((index + 1))
done <"$work/sessions.list"

if [ -n "$interrupt" ]; then
    for _ in $(seq 1 300); do
        grep -q -x -- "${interrupt#*:}" "$work/session${interrupt%%:*}" 2>/dev/null && break
        sleep 0.1
    done
    sleep 1
    # To gdb itself: `timeout` would pass the signal on twice (to gdb and to its process group),
    # and a second Ctrl-C makes gdb give up waiting and disconnect.
    for session in $sessions; do
        [ "${session#*:}" = "${interrupt%%:*}" ] && pkill -INT -P "${session%%:*}"
    done
fi
for session in $sessions; do
    wait "${session%%:*}"
    status=$?
    forget "${session%%:*}"
    if [ $status -ne 0 ]; then
        echo "FAIL: the session of PE ${session#*:} ended with status $status"
        failed=1
    fi
done
if [ $failed -ne 0 ]; then
    kill "$program" 2>/dev/null
fi
wait "$program"
status=$?
forget "$program"
if [ $status -ne "$expected_exit" ]; then
    echo "FAIL: the program ended with status $status, expected $expected_exit"
    failed=1
fi

while read -r session pattern; do
    if ! grep -E -q -- "$pattern" "$work/session$session" 2>/dev/null; then
        echo "FAIL: nothing the session of PE $session printed matches: $pattern"
        failed=1
    fi
done <"$work/matches"
while IFS= read -r pattern; do
    if ! cat "$work/out" "$work/err" | grep -E -q -- "$pattern"; then
        echo "FAIL: no output line of the program matches: $pattern"
        failed=1
    fi
done <"$work/outputs"

if [ $failed -ne 0 ]; then
    for file in "$work"/session[0-9]*; do
        [ -f "$file" ] && { echo "--- $(basename "$file") (last 60 lines)"; tail -60 "$file"; }
    done
    echo "--- stdout"; head -40 "$work/out"
    echo "--- stderr"; head -40 "$work/err"
    exit 1
fi
echo "PASS: $command"
