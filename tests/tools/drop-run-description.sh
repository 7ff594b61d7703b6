#!/bin/sh
# Removes the "run" object from --stats-json files, in place: the one part of the file that
# names how xbemu was run (command line, launcher, engine), which differs between the runs that
# the determinism and engine tests compare byte for byte.
# usage: drop-run-description.sh FILE...
for file in "$@"; do
    [ -f "$file" ] || continue
    sed -i '/^  "run": {$/,/^  },\{0,1\}$/d' "$file" || exit 1
done
