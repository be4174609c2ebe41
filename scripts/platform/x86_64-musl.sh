# x86_64 Linux with musl (Alpine, the php:*-alpine images): Debian's Rust 1.96 (rustc-web,
# cargo-web), whose standard library is rebuilt for musl from rust-web-src (-Zbuild-std), as
# Debian ships no musl std; the build takes nothing from rustup. Linked by zig
# (scripts/zigcc-musl).
# The PHPs are built from source with musl-gcc (scripts/php/source).
# shellcheck shell=bash

# The whole PHPUnit suite runs in the musl PHP (its libxml2 gives PHPUnit dom, xml, xmlwriter);
# it passes on 8.4 too, which only scripts/package builds, to keep CI short.
platform_test_targets_x86_64_musl() { echo php8.2-x86_64-musl; }
# No 8.5: scripts/php/source pins the sources of 8.2 and 8.4 only. The ZTS musl PHP (for
# FrankenPHP's Alpine images) builds the same way, with --enable-zts.
platform_package_targets_x86_64_musl() {
    echo php8.2-x86_64-musl php8.4-x86_64-musl php8.2-x86_64-musl-zts php8.4-x86_64-musl-zts
}

# The packages of the musl targets that are missing, printed for install_missing: scripts/test and
# scripts/package call this. Debian's Rust is
# checked by package and version (need_debian_rust): a plain `rustc` (1.63) would also install
# /usr/bin/rustc, and the standard library's source must be the compiler's own.
need_musl_packages() {
    need musl-tools test -e /usr/bin/musl-gcc
    need_debian_rust rustc-web cargo-web rust-web-src
    # SQLite's source tree makes its amalgamation with tclsh (scripts/php/source).
    need tcl test -e /usr/bin/tclsh
}

platform_triple_x86_64_musl() { echo x86_64-unknown-linux-musl; }

# clang_resource_include: the built-in headers (stddef.h, stdarg.h) of the newest libclang, the one
# bindgen loads; -nostdinc drops them along with glibc's.
clang_resource_include() {
    compgen -G '/usr/lib/llvm-*/lib/clang/*/include/stddef.h' | sort -V | tail -n 1 | xargs dirname
}

# platform_cargo_x86_64_musl DIR PROFILE: the build with cargo's PROFILE into DIR, in the current
# directory's workspace. RUSTC_BOOTSTRAP lets Debian's stable
# rustc take -Zbuild-std. Without crt-static the cdylib links libc.so dynamically, as PHP itself
# does (musl's static libc cannot be in a shared object); the flag is the musl target's own
# (CARGO_TARGET_..._RUSTFLAGS), so it reaches no other build. bindgen reads the musl headers, not
# glibc's.
platform_cargo_x86_64_musl() {
    local linkers
    linkers=$(linker_dir) || return 1
    RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 URL_NORMALIZE_ZIG_DIR="$(zig_dir)" \
        CARGO_TARGET_X86_64_UNKNOWN_LINUX_MUSL_RUSTFLAGS='-C target-feature=-crt-static' \
        CARGO_TARGET_X86_64_UNKNOWN_LINUX_MUSL_LINKER="$linkers/zigcc-musl" \
        CC_x86_64_unknown_linux_musl="$linkers/zigcc-musl" AR_x86_64_unknown_linux_musl=ar \
        BINDGEN_EXTRA_CLANG_ARGS_x86_64_unknown_linux_musl="-nostdinc -I/usr/include/x86_64-linux-musl -I$(clang_resource_include)" \
        /usr/bin/cargo build --profile "$2" --quiet -Zbuild-std=std,panic_abort \
        --target x86_64-unknown-linux-musl --target-dir "$1"
}
