#!/bin/sh
# Runs tests/measure/remote_regions.c on 3 PEs with --stats-roi and checks the remote traffic
# that its JSON counts inside the regions (check-remote-regions.cmake).
# usage: check-remote-regions.sh CMAKE COMMAND... (the command runs xbemu on 3 PEs, without the
#        program, which comes last: ELF)
set -u
cmake=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! timeout -k 5 300 "$here/../tools/with-options-before-program.sh" 3 --stats-roi \
    --stats-json "$work/stats.json" "$@" >"$work/out" 2>"$work/err"; then
    echo "FAIL: exit status $?: $*"
    head -20 "$work/out" "$work/err"
    exit 1
fi
"$cmake" -DJSON="$work/stats.json" -DPES=3 -P "$here/check-remote-regions.cmake"
