<?php

declare(strict_types=1);

// Autoloading for the test app, the tests, the demo and the benchmark: PHP libraries from
// Debian packages under /usr/share/php (no Packagist here), and composer.json's autoload-dev
// mappings (App\ and UrlNormalize\Tests\), without `composer install`.

foreach (
    [
        'Psr/Log', 'Monolog', 'GuzzleHttp/Psr7',
        'Symfony/Component/DependencyInjection', 'Symfony/Component/Config', 'Symfony/Component/Yaml',
        'Symfony/Component/Console', 'Symfony/Component/HttpClient',
    ] as $package
) {
    require_once "/usr/share/php/$package/autoload.php";
}

spl_autoload_register(static function (string $class): void {
    $roots = ['App\\' => __DIR__ . '/src/', 'UrlNormalize\\Tests\\' => dirname(__DIR__) . '/'];
    foreach ($roots as $prefix => $dir) {
        if (strncmp($class, $prefix, strlen($prefix)) === 0) {
            $file = $dir . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
            if (is_file($file)) {
                require $file;
            }
            return;
        }
    }
});
