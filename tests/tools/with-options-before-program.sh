#!/bin/sh
# Runs a command whose last word is the program with more options put just before it, so that a
# check script can add --stats-json and the like to whatever launcher line ctest gives it.
# usage: with-options-before-program.sh COUNT OPTION... COMMAND... PROGRAM
#        (COUNT is how many OPTION words follow it)
set -u
count=$1
shift
options=$(mktemp)
trap 'rm -f "$options"' EXIT
while [ "$count" -gt 0 ]; do
    printf '%s\n' "$1" >>"$options"
    shift
    count=$((count - 1))
done
last=$#
index=0
for word in "$@"; do
    index=$((index + 1))
    if [ "$index" -eq 1 ]; then
        set --
    fi
    if [ "$index" -eq "$last" ]; then
        while IFS= read -r option; do
            set -- "$@" "$option"
        done <"$options"
    fi
    set -- "$@" "$word"
done
rm -f "$options"
trap - EXIT
exec "$@"
