#!/bin/sh
# Runs a bare-metal ELF on qemu-system-riscv64 the way xbemu runs it: the virt machine, 256 MiB of
# RAM at 0x80000000, semihosting on the host's standard streams, and a semihosting command line
# (SYS_GET_CMDLINE) of exactly the guest arguments joined by spaces, as xbemu's. Each argument
# becomes one arg= of -semihosting-config (commas doubled, QEMU's escape); with no argument one
# empty arg= keeps QEMU from answering with the kernel's path instead.
# usage: run-on-qemu.sh QEMU ELF [guest arguments...]
set -u
qemu=$1
elf=$2
shift 2
config=enable=on,target=native
if [ $# -eq 0 ]; then
    config="$config,arg="
fi
for argument in "$@"; do
    config="$config,arg=$(printf '%s' "$argument" | sed 's/,/,,/g')"
done
exec "$qemu" -M virt -bios none -m 256M -nographic -semihosting-config "$config" -kernel "$elf"
