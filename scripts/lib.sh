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
has_php_module() { php -m 2>/dev/null | grep -qix "$1"; }

need_build_packages() {
    need php-cli command -v php
    need php-dev command -v php-config
    need libclang-dev sh -c 'ls /usr/lib/llvm-*/lib/libclang.so'
    need gcc command -v cc
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
    need libphp-embed sh -c 'ldconfig -p | grep -q "libphp.so "'
    need phpunit command -v phpunit
    need php-xml has_php_module dom
    need php-intl has_php_module intl
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
