# x86_64 Linux with glibc: rustup's toolchain, linked by zig against glibc $GLIBC_FLOOR
# (scripts/zigcc), so one library loads on every glibc distribution from that one on.
# shellcheck shell=bash

# Every x86_64 glibc target gets the whole PHPUnit suite in CI.
TEST_TARGETS+=(php8.2-x86_64-glibc php8.4-x86_64-glibc php8.5-x86_64-glibc
    php8.2-x86_64-glibc-zts php8.4-x86_64-glibc-zts)
PACKAGE_TARGETS+=(php8.2-x86_64-glibc php8.4-x86_64-glibc php8.5-x86_64-glibc
    php8.2-x86_64-glibc-zts php8.4-x86_64-glibc-zts)

# scripts/threads runs in this one: a ZTS PHP built here with the embed SAPI (scripts/php/source).
THREADS_TARGET=php8.4-x86_64-glibc-zts

platform_triple_x86_64_glibc() { echo x86_64-unknown-linux-gnu; }

# platform_cargo_x86_64_glibc DIR: the release build into DIR.
platform_cargo_x86_64_glibc() {
    CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER="$ROOT/scripts/zigcc" \
        CC_x86_64_unknown_linux_gnu="$ROOT/scripts/zigcc" AR_x86_64_unknown_linux_gnu=ar \
        cargo build --release --quiet --target x86_64-unknown-linux-gnu --target-dir "$1"
}
