# Shared by scripts/demo and scripts/test: check what the build and the tests need, install
# missing Debian/Ubuntu packages when run as root, otherwise print the exact command to run.
# shellcheck shell=bash

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
EXTENSION="$ROOT/target/release/liburl_normalize.so"
# Read by the demo and the tests to start PHP subprocesses (bin/console) with the extension.
export URL_NORMALIZE_EXTENSION="$EXTENSION"
MISSING=()

# need PACKAGE CHECK...: PACKAGE is missing when the CHECK command fails.
need() {
    local package=$1
    shift
    "$@" >/dev/null 2>&1 || MISSING+=("$package")
}

has_php_file() { [ -e "/usr/share/php/$1" ]; }
# A module of Debian's PHP packages (php8.x-NAME installs /usr/lib/php/<API>/NAME.so).
has_php_module() { compgen -G "/usr/lib/php/20*/$1.so" >/dev/null; }

# Each check tests for a file that the package (or the versioned package it pulls in) installs,
# so that a look-alike cannot satisfy it: libclang-cpp14, on these machines, is not libclang.
need_build_packages() {
    need php-cli compgen -G '/usr/bin/php[0-9]*.[0-9]*'
    need php-dev compgen -G '/usr/bin/php-config[0-9]*.[0-9]*'
    need libclang-dev compgen -G '/usr/lib/llvm-*/lib/libclang.so'
    need gcc test -e /usr/bin/gcc
    need libc6-dev test -e /usr/include/stdio.h
}

# The seed's Symfony app (php-tests/app): DI, YAML, console, HTTP client, Monolog, SQLite.
need_app_packages() {
    need php-mbstring has_php_module mbstring
    need php-sqlite3 has_php_module pdo_sqlite
    need php-psr-log has_php_file Psr/Log/LoggerInterface.php
    need php-monolog has_php_file Monolog/Logger.php
    need php-guzzlehttp-psr7 has_php_file GuzzleHttp/Psr7/Uri.php
    need php-symfony-dependency-injection has_php_file Symfony/Component/DependencyInjection/ContainerBuilder.php
    need php-symfony-config has_php_file Symfony/Component/Config/FileLocator.php
    need php-symfony-yaml has_php_file Symfony/Component/Yaml/Yaml.php
    need php-symfony-console has_php_file Symfony/Component/Console/Application.php
    need php-symfony-http-client has_php_file Symfony/Component/HttpClient/HttpClient.php
}

need_test_packages() {
    need_build_packages
    need_app_packages
    need libphp-embed compgen -G '/usr/lib/libphp[0-9]*.[0-9]*.so'
    need phpunit test -e /usr/bin/phpunit
    need php-xml has_php_module dom
    need php-intl has_php_module intl
}

# Every target (scripts/test without --quick, scripts/package): the PIE source flow (make),
# the portable build (Python's pip fetches cargo-zigbuild and zig), the assets (zip, unzip),
# their symbol check (objdump).
need_target_packages() {
    need make test -e /usr/bin/make
    need python3-pip test -e /usr/lib/python3/dist-packages/pip/__init__.py
    need zip test -e /usr/bin/zip
    need unzip test -e /usr/bin/unzip
    need binutils test -e /usr/bin/objdump
}

install_missing() {
    [ ${#MISSING[@]} -eq 0 ] && return 0
    local command="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y ${MISSING[*]}"
    if [ "$(id -u)" -ne 0 ]; then
        echo "Missing packages: ${MISSING[*]}. Run as root, then run this again:" >&2
        echo "  sudo sh -c '$command'" >&2
        exit 1
    fi
    echo "Installing missing packages: ${MISSING[*]}" >&2
    sh -c "$command" >&2
    MISSING=()
    # ldconfig has run in the libphp-embed postinst; nothing else to refresh.
}

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
            rustup component add "$component"
        fi
    done
}

build_extension() {
    echo "==> cargo build --release" >&2
    (cd "$ROOT" && cargo build --release --quiet)
}

# php_ext ARGS...: PHP with the freshly built extension loaded.
php_ext() {
    php -d "extension=$EXTENSION" "$@"
}

# --- Every target: PHP 8.2, 8.4 and 8.5 NTS, PHP 8.2 ZTS ------------------------------------

# The PHPs other than the system's, and the portable toolchain, live outside the clone so that
# every clone on a machine reuses them (get-php-zts builds PHP for about 7 minutes).
if [ -z "${URL_NORMALIZE_CACHE:-}" ]; then
    URL_NORMALIZE_CACHE=/var/cache/url-normalize
    mkdir -p "$URL_NORMALIZE_CACHE" 2>/dev/null && [ -w "$URL_NORMALIZE_CACHE" ] \
        || URL_NORMALIZE_CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/url-normalize
fi
CACHE=$URL_NORMALIZE_CACHE
TOOLS="$(cd "$ROOT/.." && pwd)/shared/tools"
TARGETS=(php8.2 php8.4 php8.5 php8.2-zts)
# Packaged binaries use no glibc symbol newer than this: RHEL 8, Debian 10, Ubuntu 20.04 and later.
GLIBC_FLOOR=2.28
RUST_TARGET=x86_64-unknown-linux-gnu
# cargo-zigbuild links with zig against glibc $GLIBC_FLOOR (scripts/zigcc); both from PyPI.
ZIGBUILD_VERSION=0.24.1
ZIGLANG_VERSION=0.17.1
export URL_NORMALIZE_ZIG_DIR="$CACHE/zigbuild-$ZIGBUILD_VERSION-zig-$ZIGLANG_VERSION"
export URL_NORMALIZE_GLIBC_FLOOR=$GLIBC_FLOOR

need_zig() {
    [ -x "$URL_NORMALIZE_ZIG_DIR/bin/cargo-zigbuild" ] && [ -x "$URL_NORMALIZE_ZIG_DIR/ziglang/zig" ] && return 0
    echo "==> cargo-zigbuild $ZIGBUILD_VERSION and zig $ZIGLANG_VERSION (PyPI) into $URL_NORMALIZE_ZIG_DIR" >&2
    rm -rf "$URL_NORMALIZE_ZIG_DIR.tmp"
    /usr/bin/python3 -m pip install --quiet --root-user-action=ignore --disable-pip-version-check --no-warn-script-location \
        --target "$URL_NORMALIZE_ZIG_DIR.tmp" "cargo-zigbuild==$ZIGBUILD_VERSION" "ziglang==$ZIGLANG_VERSION" >&2
    mv "$URL_NORMALIZE_ZIG_DIR.tmp" "$URL_NORMALIZE_ZIG_DIR"
}

# zts_filter DIR: get-php-zts builds PHP with only a few extensions, and without ext/filter
# Symfony's HttpClient (the test app's) cannot run. Build filter.so, shared, from the same PHP
# source (the tarball get-php-zts keeps) into DIR-filter, once; TARGET_INI_SCAN_DIR then loads
# it, in PHPUnit and in the PHP subprocesses it starts.
zts_filter() {
    local dir=$1 out="$1-filter"
    TARGET_INI_SCAN_DIR="$out/conf.d"
    [ -f "$out/filter.so" ] && [ -f "$TARGET_INI_SCAN_DIR/filter.ini" ] && return 0
    echo "==> ext/filter for the ZTS PHP into $out" >&2
    local build
    build=$(mktemp -d)
    tar -xJf "$(ls "$dir"/src/php8.2_*.orig.tar.xz | head -n 1)" -C "$build" --strip-components=1 --wildcards '*/ext/filter/*'
    (cd "$build/ext/filter" && "$dir/bin/phpize" && ./configure --with-php-config="$dir/bin/php-config" \
        && make -j"$(nproc)") >"$build/build.log" 2>&1 || { tail -n 20 "$build/build.log" >&2; return 1; }
    mkdir -p "$TARGET_INI_SCAN_DIR"
    cp "$build/ext/filter/modules/filter.so" "$out/filter.so"
    echo "extension=$out/filter.so" > "$TARGET_INI_SCAN_DIR/filter.ini"
    rm -rf "$build"
}

# php_target NAME: sets TARGET_PHP, TARGET_PHP_CONFIG, TARGET_ZTS (0/1), TARGET_VERSION
# (major.minor) and TARGET_INI_SCAN_DIR (extra ini files to load, or empty) for one of TARGETS,
# fetching or building that PHP with ../shared/tools when the cache does not have it yet.
php_target() {
    TARGET_INI_SCAN_DIR=
    case $1 in
        php8.2)
            TARGET_PHP=$(command -v php)
            TARGET_PHP_CONFIG=$(command -v php-config)
            ;;
        php8.4 | php8.5)
            local v=${1#php} dir="$CACHE/php${1//[!0-9]/}"
            TARGET_PHP="$dir/php${v/./}"
            TARGET_PHP_CONFIG="$dir/php-config${v/./}"
            if ! { [ -x "$TARGET_PHP_CONFIG" ] && "$TARGET_PHP" -n -v >/dev/null 2>&1; }; then
                echo "==> PHP $v NTS into $dir (../shared/tools/get-php${v/./})" >&2
                "$TOOLS/get-php${v/./}" "$dir" >&2
            fi
            ;;
        php8.2-zts)
            local dir="$CACHE/php82-zts"
            TARGET_PHP="$dir/bin/php"
            TARGET_PHP_CONFIG="$dir/bin/php-config"
            if ! "$TARGET_PHP" -n -r 'exit(PHP_ZTS ? 0 : 1);' >/dev/null 2>&1; then
                echo "==> PHP 8.2 ZTS into $dir (../shared/tools/get-php-zts, about 7 minutes)" >&2
                "$TOOLS/get-php-zts" "$dir" >&2
            fi
            zts_filter "$dir"
            ;;
        *)
            echo "unknown target $1 (known: ${TARGETS[*]})" >&2
            return 1
            ;;
    esac
    TARGET_ZTS=$("$TARGET_PHP" -n -r 'echo PHP_ZTS ? 1 : 0;')
    TARGET_VERSION=$("$TARGET_PHP" -n -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;')
    local found="php$TARGET_VERSION"
    [ "$TARGET_ZTS" = 1 ] && found="$found-zts"
    if [ "$found" != "$1" ]; then
        echo "target $1: $TARGET_PHP is $found" >&2
        return 1
    fi
}

# build_target NAME: the release library for that target's PHP, linked against glibc
# $GLIBC_FLOOR with zig, in target/NAME; sets TARGET_SO. Every build of a target after the
# first starts from a copy of one already built, so only ext-php-rs and this crate compile again.
build_target() {
    php_target "$1"
    local dir="$ROOT/target/$1" other
    if [ ! -d "$dir" ]; then
        for other in "${TARGETS[@]}"; do
            if [ -d "$ROOT/target/$other/$RUST_TARGET/release" ]; then
                cp -a "$ROOT/target/$other" "$dir"
                break
            fi
        done
    fi
    echo "==> cargo build --release for $1 ($TARGET_PHP, glibc $GLIBC_FLOOR)" >&2
    (cd "$ROOT" && PHP="$TARGET_PHP" PHP_CONFIG="$TARGET_PHP_CONFIG" \
        CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER="$ROOT/scripts/zigcc" \
        CC_x86_64_unknown_linux_gnu="$ROOT/scripts/zigcc" AR_x86_64_unknown_linux_gnu=ar \
        cargo build --release --quiet --target "$RUST_TARGET" --target-dir "$dir")
    TARGET_SO="$dir/$RUST_TARGET/release/liburl_normalize.so"
}

# max_glibc FILE: the newest versioned glibc symbol FILE needs (e.g. 2.28).
max_glibc() {
    objdump -T "$1" | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -n 1
}

# version_le A B: A <= B, as versions.
version_le() {
    [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n 1)" = "$1" ]
}
