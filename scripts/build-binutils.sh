#!/bin/sh
# Builds riscv64-unknown-elf-as and riscv64-unknown-elf-objdump from Debian's binutils 2.40
# sources with toolchain-patches/ applied (the xBGAS and PIMP mnemonics, e0-e31), into
# <build>/toolchain/bin; <build>/toolchain/riscv64-unknown-elf/bin/as is the same assembler under
# the name gcc -B looks for. Opt-in (a few minutes on two cores); does nothing when the patch is
# unchanged since the last build. Then reconfigures <build> so that its toolchain tests register.
# usage: scripts/build-binutils.sh [build directory]
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$repo/build}
case $build in /*) ;; *) build=$(pwd)/$build ;; esac
patch_file=$repo/toolchain-patches/binutils-2.40-xbgas-pimp.patch
source_archive=/usr/src/binutils/binutils-2.40.tar.xz
target=riscv64-unknown-elf
toolchain=$build/toolchain
work=$build/binutils
stamp=$toolchain/patch.sha256

# The sources, a C compiler and the tools to unpack and patch them.
sh "$repo/scripts/setup-debian.sh" binutils-source gcc make patch xz-utils
if [ ! -f "$source_archive" ]; then
    echo "build-binutils: error: no $source_archive: the patch is for binutils 2.40, the" \
         "binutils-source of Debian 12" >&2
    exit 1
fi

checksum=$(sha256sum "$patch_file" | cut -d' ' -f1)
if [ -x "$toolchain/bin/$target-as" ] && [ -x "$toolchain/bin/$target-objdump" ] &&
    [ "$(cat "$stamp" 2>/dev/null)" = "$checksum" ]; then
    echo "build-binutils: $toolchain is up to date"
else
    rm -rf "$work" "$toolchain"
    mkdir -p "$work/objects"
    echo "build-binutils: unpacking $source_archive"
    tar -xJf "$source_archive" -C "$work"
    if ! patch -d "$work/binutils-2.40" -p1 --forward --batch --quiet <"$patch_file" \
        >"$work/patch.log" 2>&1; then
        cat "$work/patch.log"
        echo "build-binutils: error: $patch_file does not apply to $source_archive" >&2
        exit 1
    fi
    echo "build-binutils: configuring and building gas and objdump (log: $work/build.log)"
    # Only what as and objdump need: no linker, debugger, simulator, profilers or CTF, and of
    # binutils/ only objdump (the release's ar lexer would want flex). MAKEINFO=true: the
    # release ships its manuals, and nothing here changes them.
    if ! (cd "$work/objects" &&
        ../binutils-2.40/configure --target=$target --prefix="$toolchain" \
            --disable-ld --disable-gold --disable-gdb --disable-gdbserver --disable-sim \
            --disable-gprof --disable-gprofng --disable-libctf --disable-nls --disable-werror &&
        make -j"$(nproc)" MAKEINFO=true all-gas all-bfd all-opcodes all-libiberty all-intl \
            all-libsframe configure-binutils &&
        make -C binutils -j"$(nproc)" MAKEINFO=true objdump) >"$work/build.log" 2>&1; then
        tail -20 "$work/build.log"
        echo "build-binutils: error: the build failed; see $work/build.log" >&2
        exit 1
    fi
    mkdir -p "$toolchain/bin" "$toolchain/$target/bin"
    install -m 755 "$work/objects/gas/as-new" "$toolchain/bin/$target-as"
    install -m 755 "$work/objects/binutils/objdump" "$toolchain/bin/$target-objdump"
    ln -sf "../../bin/$target-as" "$toolchain/$target/bin/as"
    echo "$checksum" >"$stamp"
    rm -rf "$work"
    echo "build-binutils: installed $toolchain/bin/$target-as and $target-objdump"
fi

if [ -f "$build/CMakeCache.txt" ]; then
    cmake "$build" >/dev/null
    echo "build-binutils: reconfigured $build: the tests of label toolchain now use them"
fi
