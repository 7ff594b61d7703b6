#!/bin/sh
# usage: add-profiling-names.sh OBJDUMP OBJCOPY OBJECT
# Gives every global function shmem_<name> of OBJECT (the library's shmem_internal_ ones aside)
# its profiling name pshmem_<name> at the same address, and makes shmem_<name> a weak symbol,
# which a profiling tool may replace (see include/pshmem.h).
set -eu
objdump=$1
objcopy=$2
object=$3
arguments=$("$objdump" -t "$object" | awk '
    $2 == "g" && $3 == "F" && $NF ~ /^shmem_/ && $NF !~ /^shmem_internal_/ {
        printf " --add-symbol p%s=%s:0x%s,global,function --weaken-symbol %s", $NF, $4, $1, $NF
    }')
if [ -n "$arguments" ]; then
    # shellcheck disable=SC2086 # one word per option
    "$objcopy" $arguments "$object"
fi
