# aarch64 (arm64) Linux with glibc, cross-built on x86_64: Debian 12's Rust 1.96 (rustc-web and
# cargo-web, from bookworm-security) with Debian's arm64 standard library, so that every piece
# comes from apt; linked by zig against glibc_floor's glibc (scripts/zigcc), as on x86_64 (gcc's
# cross linker would tie the library to this glibc, 2.34 or newer symbols). The arm64 PHP it is
# built and tested for is Debian's, run under qemu-user (scripts/php/debian).
# shellcheck shell=bash

# CI tests 8.2 NTS under qemu; the package has the three PHPs Debian ships, and 8.2 and 8.4 ZTS, whose
# PHPs are cross-compiled from source (scripts/php/source, 10 to 19 min each on 2 cores, cached).
platform_test_targets_aarch64_glibc() { echo php8.2-aarch64-glibc; }
platform_package_targets_aarch64_glibc() {
    echo php8.2-aarch64-glibc php8.4-aarch64-glibc php8.5-aarch64-glibc php8.2-aarch64-glibc-zts \
        php8.4-aarch64-glibc-zts
}

# need_aarch64_packages: prints what the aarch64 build and its tests need and lack, for
# install_missing. The arm64 standard library is a package of the arm64 architecture, which
# install_missing tells dpkg of first (apt_setup in scripts/lib.sh).
need_aarch64_packages() {
    need_debian_rust rustc-web cargo-web libstd-rust-web-dev:arm64
    # The arm64 C headers bindgen reads PHP's headers with (PHP's include <stdio.h> and others).
    need libc6-dev-arm64-cross test -e /usr/aarch64-linux-gnu/include/stdio.h
    need qemu-user-static test -e /usr/bin/qemu-aarch64-static
}

# need_aarch64_zts_packages: besides need_aarch64_packages, what cross-compiling the arm64 ZTS PHP
# needs: gcc's cross compiler and the arm64 libraries PHP links (libxml2, SQLite, zlib).
need_aarch64_zts_packages() {
    need_aarch64_packages
    need gcc-aarch64-linux-gnu test -e /usr/bin/aarch64-linux-gnu-gcc
    need libxml2-dev:arm64 test -e /usr/lib/aarch64-linux-gnu/pkgconfig/libxml-2.0.pc
    need libsqlite3-dev:arm64 test -e /usr/lib/aarch64-linux-gnu/pkgconfig/sqlite3.pc
    need zlib1g-dev:arm64 test -e /usr/lib/aarch64-linux-gnu/pkgconfig/zlib.pc
}

platform_triple_aarch64_glibc() { echo aarch64-unknown-linux-gnu; }

# platform_cargo_aarch64_glibc DIR PROFILE: the build with cargo's PROFILE into DIR, in the current
# directory's workspace. Debian's cargo and rustc by path: rustup's come first in PATH, and have no
# arm64 standard library. bindgen (the host's libclang) reads the arm64 headers of
# libc6-dev-arm64-cross.
platform_cargo_aarch64_glibc() {
    local linkers floor
    linkers=$(linker_dir) || return 1
    floor=$(glibc_floor)
    RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc URL_NORMALIZE_ZIG_TARGET="aarch64-linux-gnu.$floor" \
        URL_NORMALIZE_ZIG_DIR="$(zig_dir)" URL_NORMALIZE_GLIBC_FLOOR="$floor" \
        CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER="$linkers/zigcc" \
        CC_aarch64_unknown_linux_gnu="$linkers/zigcc" AR_aarch64_unknown_linux_gnu=ar \
        BINDGEN_EXTRA_CLANG_ARGS_aarch64_unknown_linux_gnu="--sysroot=/usr/aarch64-linux-gnu -I/usr/aarch64-linux-gnu/include" \
        /usr/bin/cargo build --profile "$2" --quiet --target aarch64-unknown-linux-gnu --target-dir "$1"
}

# PHPUnit under qemu: the test app's end-to-end test is left out, since it starts PHP
# subprocesses through PHP_BINARY, an arm64 binary this host cannot execute without binfmt_misc.
platform_phpunit_aarch64_glibc() {
    echo --exclude-group
    echo subprocess
}
