#!/bin/sh
# Runs every command shown in README.md and docs/*.md (indented and fenced code blocks) that can
# run in the test environment, and fails when one exits non-zero, so that the documentation
# cannot drift from the programs. A code line is a command when its first word is a program of
# the project or of its toolchain (see is_command); C code, JSON and sample output are not.
# Commands run in a scratch directory where build/ is the build directory, bench/, scripts/,
# guest-lib/ and tests/ are the sources', `xbemu` is build/app/xbemu on the PATH, and prog.c and
# gups.c are small programs (prog.c here, gups.c the OpenSHMEM GUPS of tests/shmem); prog.elf
# and gups.elf are built from them before any command runs, as the documents build them.
# Commands that cannot run here are in the skip list below, each with its reason; an entry
# that matches no command is an error too, so the list cannot go stale.
# usage: run-doc-commands.sh SOURCE_DIR BUILD_DIR
set -u
[ $# -eq 2 ] || { echo "usage: run-doc-commands.sh SOURCE_DIR BUILD_DIR" >&2; exit 2; }
source_dir=$(cd "$1" && pwd) build_dir=$(cd "$2" && pwd)
name=run-doc-commands.sh
command_timeout=180

# The commands left out: the command as the document shows it (continuation lines joined, a
# trailing comment removed, runs of blanks made one), a tab, the reason.
skip_list='./scripts/demo.sh	installs Debian packages and builds everything: minutes, and root
./scripts/test.sh	builds and runs the whole suite, which runs this test
xbemu [options] program.elf [guest arguments...]	a synopsis, not a command
xbemu --timing cycle --machine my-machine.json --network torus -n 16 ... prog.elf	a sketch: "..." stands for further options
xbemu --isa rv64gc_pimp --pimp-layout rcmc ...	a sketch: "..." stands for a program and its options
mpirun -f hosts -np 4 xbemu --isa rv64gc_xbgas -n 64 gups.elf	needs a host file naming the hosts of a cluster (the -hosts localhost form runs instead)
mpirun -f hosts -ppn 1 -np 4 xbemu --isa rv64gc_xbgas --timing cycle -n 64 gups.elf	needs a host file naming the hosts of a cluster (the -hosts localhost form runs instead)
bench/run-pimp-benchmark.sh	4-7 minutes; ctest -R bench.pimp.paper_comparison runs a short version
scripts/build-binutils.sh	downloads and builds binutils: minutes, and network access
build/toolchain/bin/riscv64-unknown-elf-as -march=rv64gc_xbgas prog.s -o prog.o	needs the binutils of scripts/build-binutils.sh, which the build does not make
build/toolchain/bin/riscv64-unknown-elf-objdump -d prog.elf	needs the binutils of scripts/build-binutils.sh, which the build does not make
build/app/xbemu --isa rv64gc_xbgas -n 4 --gdb 1234 --gdb-wait prog.elf	waits for a gdb session (tests/gdb tests the stub)
gdb-multiarch prog.elf -ex '"'"'target remote :1234'"'"'	an interactive gdb session (tests/gdb tests the stub)'

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/run" "$work/bin"
ln -s "$build_dir" "$work/run/build"
for directory in bench scripts guest-lib tests; do
    ln -s "$source_dir/$directory" "$work/run/$directory"
done
ln -s "$build_dir/app/xbemu" "$work/bin/xbemu"
PATH=$work/bin:$PATH
export PATH
cp "$source_dir/tests/docs/prog.c" "$work/run/prog.c"
cp "$source_dir/tests/shmem/gups.c" "$work/run/gups.c"
cd "$work/run" || exit 1
# As README.md builds a picolibc program and docs/toolchain.md an OpenSHMEM one; each document's
# own build commands run again in their place.
riscv64-unknown-elf-gcc -march=rv64gc -mabi=lp64d -mcmodel=medany -O2 \
    --specs=picolibc.specs --oslib=semihost --crt0=semihost \
    -Wl,--defsym=__flash=0x80000000 -Wl,--defsym=__flash_size=0x400000 \
    -Wl,--defsym=__ram=0x80400000 -Wl,--defsym=__ram_size=0x3c00000 \
    -Wl,--defsym=__stack_size=0x40000 prog.c -o prog.elf || exit 1
build/guest-lib/xbcc -O2 gups.c -o gups.elf || exit 1

# Every code line of the documents, as "FILE:LINE<tab>COMMAND", continuation lines joined.
(cd "$source_dir" && awk '
    FNR == 1 { fenced = 0; previous_blank = 1; in_block = 0 }
    /^```/ { fenced = !fenced; next }
    {
        code = ""
        if (fenced) {
            code = $0
        } else if ($0 ~ /^    / && (previous_blank || in_block)) {
            code = substr($0, 5)
            in_block = 1
        } else if ($0 !~ /^[ \t]*$/) {
            in_block = 0
        }
        previous_blank = ($0 ~ /^[ \t]*$/)
        if (code == "") next
        start = FNR
        while (code ~ /\\$/ && (getline line) > 0) {
            sub(/\\$/, " ", code)
            sub(/^[ \t]+/, "", line)
            code = code line
        }
        sub(/[ \t]+#[ \t].*$/, "", code)
        gsub(/[ \t]+/, " ", code)
        sub(/^ /, "", code)
        sub(/ $/, "", code)
        print FILENAME ":" start "\t" code
    }' README.md docs/*.md) >"$work/lines"

# is_command LINE: whether a code line is a command (by its first word).
is_command() {
    case ${1%% *} in
    xbemu | mpirun | riscv64-unknown-elf-* | qemu-system-riscv64 | gdb-multiarch) return 0 ;;
    build/* | bench/*.sh | scripts/*.sh | ./scripts/*.sh | tests/*.sh) return 0 ;;
    *) return 1 ;;
    esac
}

# Wherever a document passes arg1 and arg2 to prog.elf, on xbemu or on QEMU, main must get exactly
# them, as on a native system.
expected_arguments="prog: arg1 arg2 (2 arguments)"
ran=0 skipped=0 failed=0
: >"$work/skips-used"
tab=$(printf '\t')
while IFS="$tab" read -r where command; do
    is_command "$command" || continue
    reason=$(printf '%s\n' "$skip_list" | awk -F '\t' -v c="$command" '$1 == c { print $2; exit }')
    if [ -n "$reason" ]; then
        echo "skipped: $where: $command ($reason)"
        printf '%s\n' "$command" >>"$work/skips-used"
        skipped=$((skipped + 1))
        continue
    fi
    echo "running: $where: $command"
    timeout -k 5 "$command_timeout" sh -c "$command" </dev/null >"$work/out" 2>&1
    status=$?
    ran=$((ran + 1))
    if [ $status -ne 0 ]; then
        echo "$name: FAILED (exit status $status): $where: $command" >&2
        tail -n 20 "$work/out" >&2
        failed=$((failed + 1))
    elif [ "${command#*arg1}" != "$command" ] && ! grep -qx "$expected_arguments" "$work/out"; then
        echo "$name: FAILED: $where: $command: prog.c did not print \"$expected_arguments\":" >&2
        tail -n 20 "$work/out" >&2
        failed=$((failed + 1))
    fi
done <"$work/lines"

stale=$(printf '%s\n' "$skip_list" | cut -f1 | while IFS= read -r entry; do
    grep -qxF -- "$entry" "$work/skips-used" || printf '%s\n' "$entry"
done)
if [ -n "$stale" ]; then
    echo "$name: skip-list entries that match no command of the documents (remove them):" >&2
    printf '%s\n' "$stale" >&2
    failed=$((failed + 1))
fi
echo "$name: $ran commands ran, $skipped skipped, $failed failed"
[ $failed -eq 0 ]
