#!/bin/sh
# Runs a command that writes a commit log into FILE, then checks that every line of FILE is a
# whole commit-log line and that each listed core wrote COUNT of them.
# usage: check-log-file.sh FILE COUNT CORES -- command...   (CORES: "0 2")
set -u
file=$1
count=$2
cores=$3
shift 4
rm -f "$file"
if ! timeout -k 5 60 "$@"; then
    echo "FAIL: $*"
    exit 1
fi
failed=0
malformed=$(grep -cvE '^core +[0-9]+: [0-9] 0x[0-9a-f]{16} \(0x[0-9a-f]+\) ' "$file")
if [ "$malformed" -ne 0 ]; then
    echo "FAIL: $malformed lines of $file are not whole commit-log lines:"
    grep -vE '^core +[0-9]+: [0-9] 0x[0-9a-f]{16} \(0x[0-9a-f]+\) ' "$file" | head -5
    failed=1
fi
for core in $cores; do
    lines=$(grep -cE "^core +$core: " "$file")
    if [ "$lines" -ne "$count" ]; then
        echo "FAIL: core $core wrote $lines lines, expected $count"
        failed=1
    fi
done
total=$(wc -l <"$file")
if [ "$total" -ne $((count * $(echo $cores | wc -w))) ]; then
    echo "FAIL: $file has $total lines, expected $count from each of cores $cores"
    failed=1
fi
[ "$failed" -eq 0 ] && echo "PASS: $count lines from each of cores $cores in $file"
exit "$failed"
