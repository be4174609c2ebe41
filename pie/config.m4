dnl PIE's source build of url_normalize, a Rust crate: `phpize && ./configure && make &&
dnl make install` in this directory (composer.json's php-ext build-path).
dnl
dnl There is no C to compile. configure checks for cargo and libclang (bindgen reads the PHP
dnl headers with it) and records the PHP that phpize and php-config belong to; make runs
dnl `cargo build --release` for that PHP (Makefile.frag) and puts url_normalize.so in
dnl modules/, where the standard `make install` copies it into that PHP's extension directory
dnl (under INSTALL_ROOT when set).

PHP_ARG_ENABLE([url-normalize],
  [whether to enable url_normalize],
  [AS_HELP_STRING([--enable-url-normalize], [Build url_normalize (Rust, with cargo)])],
  [yes])

if test "$PHP_URL_NORMALIZE" != "no"; then
  URL_NORMALIZE_MANIFEST=$abs_srcdir/../Cargo.toml
  if test ! -f "$URL_NORMALIZE_MANIFEST"; then
    AC_MSG_ERROR([$URL_NORMALIZE_MANIFEST is missing: run phpize in the pie/ directory of the url_normalize source tree])
  fi
  dnl The oldest Rust the crate and its locked dependencies build with: Cargo.toml's rust-version.
  url_normalize_rust_min=`sed -n 's/^rust-version *= *"\([[0-9.]]*\)".*/\1/p' "$URL_NORMALIZE_MANIFEST" | head -n 1`
  if test -z "$url_normalize_rust_min"; then
    AC_MSG_ERROR([$URL_NORMALIZE_MANIFEST has no rust-version])
  fi

  AC_PATH_PROG([URL_NORMALIZE_CARGO], [cargo], [no], [$PATH:$HOME/.cargo/bin])
  if test "$URL_NORMALIZE_CARGO" = "no"; then
    AC_MSG_ERROR([cargo was not found. url_normalize is written in Rust and builds with cargo (Rust $url_normalize_rust_min or newer). Install Rust with rustup:
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y
then open a new shell (or run: . "\$HOME/.cargo/env") and run this again.])
  fi

  dnl An older cargo (a distribution's, say) would fail deep inside the build: stop here instead.
  dnl Versions are compared as major, minor and patch numbers (a missing one is 0).
  AC_MSG_CHECKING([for cargo $url_normalize_rust_min or newer])
  url_normalize_cargo_said=`"$URL_NORMALIZE_CARGO" --version 2>&1 | head -n 1`
  url_normalize_cargo_version=`echo "$url_normalize_cargo_said" | sed -n 's/^cargo \([[0-9]]*\.[[0-9]]*\.[[0-9]]*\).*/\1/p'`
  if test -z "$url_normalize_cargo_version"; then
    AC_MSG_RESULT([no])
    AC_MSG_ERROR([cannot tell the version of $URL_NORMALIZE_CARGO (cargo --version printed: $url_normalize_cargo_said). url_normalize needs Rust $url_normalize_rust_min or newer: rustup update stable])
  fi
  url_normalize_too_old=no
  for url_normalize_part in 1 2 3; do
    url_normalize_have=`echo "$url_normalize_cargo_version" | cut -d. -f$url_normalize_part`
    url_normalize_need=`echo "$url_normalize_rust_min" | cut -d. -f$url_normalize_part`
    test -n "$url_normalize_have" || url_normalize_have=0
    test -n "$url_normalize_need" || url_normalize_need=0
    if test "$url_normalize_have" -lt "$url_normalize_need"; then
      url_normalize_too_old=yes
      break
    fi
    if test "$url_normalize_have" -gt "$url_normalize_need"; then
      break
    fi
  done
  if test "$url_normalize_too_old" = yes; then
    AC_MSG_RESULT([no, $url_normalize_cargo_version])
    AC_MSG_ERROR([cargo $url_normalize_cargo_version ($URL_NORMALIZE_CARGO) is too old: url_normalize needs Rust $url_normalize_rust_min or newer. Update it:
    rustup update stable
or, if this cargo is not rustup's (a distribution package), install Rust with rustup:
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y
then open a new shell (or run: . "\$HOME/.cargo/env") and run this again.])
  fi
  AC_MSG_RESULT([yes, $url_normalize_cargo_version])

  dnl bindgen (clang-sys) loads libclang.so or libclang-<version>.so; libclang-cpp is another
  dnl library and does not count. LIBCLANG_PATH, when set, is the only place looked at.
  AC_MSG_CHECKING([for libclang])
  url_normalize_libclang=
  if test -n "$LIBCLANG_PATH"; then
    url_normalize_dirs=$LIBCLANG_PATH
  else
    url_normalize_dirs="/usr/lib /usr/lib64 /usr/local/lib /usr/lib/*-linux-gnu /usr/lib/llvm-*/lib /usr/lib64/llvm*/lib"
  fi
  for url_normalize_dir in $url_normalize_dirs; do
    for url_normalize_file in "$url_normalize_dir"/libclang.so "$url_normalize_dir"/libclang.so.* "$url_normalize_dir"/libclang-[[0-9]]*.so*; do
      if test -f "$url_normalize_file"; then
        url_normalize_libclang=$url_normalize_file
        break 2
      fi
    done
  done
  if test -z "$url_normalize_libclang"; then
    AC_MSG_RESULT([no])
    AC_MSG_ERROR([libclang was not found (looked in: $url_normalize_dirs). The Rust build reads the PHP headers with it (bindgen). Install it:
    Debian/Ubuntu: apt-get install libclang-dev
    Fedora/RHEL:   dnf install clang-devel
    Alpine:        apk add clang-dev
or set LIBCLANG_PATH to the directory that holds libclang.so, then run this again.])
  fi
  AC_MSG_RESULT([$url_normalize_libclang])

  dnl The PHP to build for: phpize's php-config (--with-php-config), made absolute for cargo.
  URL_NORMALIZE_PHP_CONFIG=`command -v "$PHP_CONFIG"`
  URL_NORMALIZE_PHP=$PHP_EXECUTABLE
  URL_NORMALIZE_TARGET_DIR=${CARGO_TARGET_DIR:-$abs_srcdir/../target}
  AC_MSG_CHECKING([for the PHP that cargo builds for])
  AC_MSG_RESULT([$URL_NORMALIZE_PHP ($URL_NORMALIZE_PHP_CONFIG)])

  PHP_MODULES='$(phplibdir)/url_normalize.so'
  PHP_ADD_BUILD_DIR([modules])
  PHP_SUBST(URL_NORMALIZE_CARGO)
  PHP_SUBST(URL_NORMALIZE_PHP)
  PHP_SUBST(URL_NORMALIZE_PHP_CONFIG)
  PHP_SUBST(URL_NORMALIZE_MANIFEST)
  PHP_SUBST(URL_NORMALIZE_TARGET_DIR)
  PHP_ADD_MAKEFILE_FRAGMENT([$abs_srcdir/Makefile.frag], [$abs_srcdir], [$abs_builddir])
fi
