<?php

declare(strict_types=1);

// PHPUnit bootstrap: the PHP libraries come from Debian packages under /usr/share/php
// (there is no Packagist here), the test classes from this directory (composer.json's
// autoload-dev mapping, without needing `composer install`).

if (!extension_loaded('url_normalize')) {
    fwrite(STDERR, "The url_normalize extension is not loaded. Run:\n"
        . "  php -d extension=\$PWD/target/release/liburl_normalize.so /usr/bin/phpunit\n");
    exit(1);
}

foreach (['Psr/Log', 'Monolog'] as $package) {
    require_once "/usr/share/php/$package/autoload.php";
}

spl_autoload_register(static function (string $class): void {
    $prefix = 'UrlNormalize\\Tests\\';
    if (strncmp($class, $prefix, strlen($prefix)) === 0) {
        $file = __DIR__ . '/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});
