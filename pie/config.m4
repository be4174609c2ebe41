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
  AC_PATH_PROG([URL_NORMALIZE_CARGO], [cargo], [no], [$PATH:$HOME/.cargo/bin])
  if test "$URL_NORMALIZE_CARGO" = "no"; then
    AC_MSG_ERROR([cargo was not found. url_normalize is written in Rust and builds with cargo (Rust 1.88 or newer). Install Rust with rustup:
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y
then open a new shell (or run: . "\$HOME/.cargo/env") and run this again.])
  fi

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
  URL_NORMALIZE_MANIFEST=$abs_srcdir/../Cargo.toml
  URL_NORMALIZE_TARGET_DIR=${CARGO_TARGET_DIR:-$abs_srcdir/../target}
  if test ! -f "$URL_NORMALIZE_MANIFEST"; then
    AC_MSG_ERROR([$URL_NORMALIZE_MANIFEST is missing: run phpize in the pie/ directory of the url_normalize source tree])
  fi
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
