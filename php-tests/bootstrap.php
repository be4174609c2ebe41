<?php

declare(strict_types=1);

// PHPUnit bootstrap. The extension must be loaded on the command line; autoloading is the
// test app's (Debian 12's PHP packages plus this repository's namespaces).

if (!extension_loaded('url_normalize')) {
    fwrite(STDERR, "The url_normalize extension is not loaded. Run:\n"
        . "  php -d extension=\$PWD/target/release/liburl_normalize.so /usr/bin/phpunit\n");
    exit(1);
}

require __DIR__ . '/app/autoload.php';

UrlNormalize\Tests\Support\LibraryDeprecations::register();
