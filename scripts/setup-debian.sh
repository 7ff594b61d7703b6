#!/bin/sh
# Installs the Debian packages xbemu needs to build, test and run its demo (procps gives the tests
# pgrep; clang and libclang-rt-dev build the fuzzers with libFuzzer; gdb-multiarch drives the gdb
# stub's tests; libasmjit-dev is the JIT's assembler; libdw-dev reads the DWARF source lines of
# --profile; libzstd-dev compresses checkpoints), and the packages given as arguments (what an
# opt-in script needs besides).
# Idempotent and quick when everything is present: apt runs only for missing packages.
# usage: setup-debian.sh [package...]
set -eu

PACKAGES="
cmake make g++ pkg-config
gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf picolibc-riscv64-unknown-elf
qemu-system-misc
libcli11-dev doctest-dev libelf-dev libdw-dev libfmt-dev nlohmann-json3-dev libasmjit-dev libzstd-dev
mpich libmpich-dev
gnuplot-nox
procps
clang libclang-rt-dev
gdb-multiarch
$*
"

missing=""
for package in $PACKAGES; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $package"
    fi
done

if [ -n "$missing" ]; then
    echo "setup: installing$missing"
    if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
fi
