<?php

declare(strict_types=1);

// Autoloading for the test app, the tests, the demo and the benchmark: PHP libraries from
// Debian 12's packages (no Packagist here), and the composer.json files' autoload mappings (App\,
// UrlNormalize\Tests\, the bundle's UrlNormalize\Bundle\ and UrlNormalize\Bundle\Tests\, the
// Guzzle middleware's UrlNormalize\Guzzle\ and UrlNormalize\Guzzle\Tests\, the Laravel package's
// UrlNormalize\Laravel\ and UrlNormalize\Laravel\Tests\), without `composer install`. The
// scripts take those packages into a cache of their own (scripts/php/libs) and name it in
// URL_NORMALIZE_PHP_LIBS; by hand, on Debian 12 with the packages installed, they are under
// /usr/share/php.

// The folder is also left in the environment for whoever needs it later (the tests' deprecation
// filter, the type check's PHP-Parser), and on the include path: some of Debian's autoloaders
// (PHPUnit's, Monolog's, Guzzle's) find their dependencies through it.
$libraries = rtrim(getenv('URL_NORMALIZE_PHP_LIBS') ?: '/usr/share/php', '/');
putenv("URL_NORMALIZE_PHP_LIBS=$libraries");
set_include_path($libraries . PATH_SEPARATOR . get_include_path());

foreach (
    [
        'Psr/Log', 'Monolog', 'GuzzleHttp/Psr7',
        'Symfony/Component/DependencyInjection', 'Symfony/Component/Config', 'Symfony/Component/Yaml',
        'Symfony/Component/Console', 'Symfony/Component/HttpClient', 'Symfony/Component/HttpKernel',
        'Symfony/Bundle/FrameworkBundle', 'Symfony/Bundle/TwigBundle', 'Symfony/Bridge/Twig', 'Twig',
        'Symfony/Component/Validator', 'Symfony/Component/Messenger', 'Symfony/Component/DomCrawler',
        'Symfony/Component/Translation',
    ] as $package
) {
    require_once "$libraries/$package/autoload.php";
}
// The Redis transport: Symfony 5.4's Messenger autoloader loads its bridges, 6.4's does not.
if (is_file("$libraries/Symfony/Component/Messenger/Bridge/Redis/autoload.php")) {
    require_once "$libraries/Symfony/Component/Messenger/Bridge/Redis/autoload.php";
}
// Laravel and what it depends on, where the libraries have it (scripts/php/libs DIR laravel13):
// the Laravel package's tests run on them.
if (is_file("$libraries/Illuminate/autoload.php")) {
    require_once "$libraries/Illuminate/autoload.php";
}
// Composer 2's runtime API, which Symfony 6.4 requires (ContainerBuilder::willBeAvailable()), where
// the libraries have it (scripts/php/libs DIR symfony6.4): without Composer's own autoloader it
// knows no package and answers "installed".
if (is_file("$libraries/Composer/InstalledVersions.php")) {
    require_once "$libraries/Composer/InstalledVersions.php";
}

// Guzzle itself (the client, its handlers and promises), for the Guzzle middleware's tests: its
// autoloader on the first use of one of its classes, not before. It also loads Guzzle's function
// files, which PHP 8.4 and later find deprecations in as it compiles them: loaded here, that is
// under the tests' error handler (php-tests/Support/LibraryDeprecations.php), not at every start
// of the app and its commands.
spl_autoload_register(static function (string $class) use ($libraries): void {
    static $loaded = false;
    if ($loaded || strncmp($class, 'GuzzleHttp\\', 11) !== 0 || strncmp($class, 'GuzzleHttp\\Psr7\\', 16) === 0) {
        return;
    }
    $loaded = true;
    // Not in the newer Symfony trees, which run the bundle's suite alone (scripts/php/libs).
    if (!is_file("$libraries/GuzzleHttp/autoload.php")) {
        return;
    }
    require_once "$libraries/GuzzleHttp/autoload.php";
    // Guzzle's loaders come after this one: ask them for the class now.
    class_exists($class) || interface_exists($class) || trait_exists($class);
});

spl_autoload_register(static function (string $class): void {
    // The longest prefix first: UrlNormalize\Bundle\Tests\ before UrlNormalize\Bundle\.
    $roots = [
        'App\\' => __DIR__ . '/src/',
        'UrlNormalize\\Tests\\' => dirname(__DIR__) . '/',
        'UrlNormalize\\Bundle\\Tests\\' => dirname(__DIR__, 2) . '/bundle/tests/',
        'UrlNormalize\\Bundle\\' => dirname(__DIR__, 2) . '/bundle/src/',
        'UrlNormalize\\Guzzle\\Tests\\' => dirname(__DIR__, 2) . '/guzzle/tests/',
        'UrlNormalize\\Guzzle\\' => dirname(__DIR__, 2) . '/guzzle/src/',
        'UrlNormalize\\Laravel\\Tests\\' => dirname(__DIR__, 2) . '/laravel/tests/',
        'UrlNormalize\\Laravel\\' => dirname(__DIR__, 2) . '/laravel/src/',
    ];
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
