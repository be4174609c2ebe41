# x86_64 Linux with glibc: rustup's toolchain, linked by zig against glibc_floor's glibc, 2.28
# (scripts/zigcc), so one library loads on every glibc distribution from that one on.
# shellcheck shell=bash

# Every x86_64 glibc target gets the whole PHPUnit suite in CI.
platform_test_targets_x86_64_glibc() {
    echo php8.2-x86_64-glibc php8.4-x86_64-glibc php8.5-x86_64-glibc php8.2-x86_64-glibc-zts php8.4-x86_64-glibc-zts
}
platform_package_targets_x86_64_glibc() {
    echo php8.2-x86_64-glibc php8.4-x86_64-glibc php8.5-x86_64-glibc php8.2-x86_64-glibc-zts php8.4-x86_64-glibc-zts
}

# threads_target: where scripts/threads runs: a ZTS PHP built here with the embed SAPI
# (scripts/php/source).
threads_target() { echo php8.4-x86_64-glibc-zts; }

platform_triple_x86_64_glibc() { echo x86_64-unknown-linux-gnu; }

# platform_cargo_x86_64_glibc DIR PROFILE: the build with cargo's PROFILE into DIR, in the current
# directory's workspace.
platform_cargo_x86_64_glibc() {
    local linkers
    linkers=$(linker_dir) || return 1
    URL_NORMALIZE_ZIG_DIR="$(zig_dir)" URL_NORMALIZE_GLIBC_FLOOR="$(glibc_floor)" \
        CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER="$linkers/zigcc" \
        CC_x86_64_unknown_linux_gnu="$linkers/zigcc" AR_x86_64_unknown_linux_gnu=ar \
        cargo build --profile "$2" --quiet --target x86_64-unknown-linux-gnu --target-dir "$1"
}
