# url_normalize.so comes from cargo, not from the C toolchain (see config.m4). cargo is run on
# every `make` and decides itself what is out of date.
$(phplibdir)/url_normalize.so: url-normalize-cargo
	@:

url-normalize-cargo:
	PHP="$(URL_NORMALIZE_PHP)" PHP_CONFIG="$(URL_NORMALIZE_PHP_CONFIG)" "$(URL_NORMALIZE_CARGO)" build --release --manifest-path "$(URL_NORMALIZE_MANIFEST)" --target-dir "$(URL_NORMALIZE_TARGET_DIR)"
	@$(mkinstalldirs) $(phplibdir)
	cp "$(URL_NORMALIZE_TARGET_DIR)/release/liburl_normalize.so" "$(phplibdir)/url_normalize.so"

.PHONY: url-normalize-cargo
