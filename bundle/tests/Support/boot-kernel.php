<?php

declare(strict_types=1);

// Boots a TestKernel in a PHP process of its own, for WithoutExtensionTest, and prints what
// happened, one line each; every error, warning and deprecation is printed too.
//
//   php boot-kernel.php CACHE_DIR CONFIG_JSON warmup      boots the kernel (compiles the container)
//                                                        and runs every cache warmer, as cache:warmup
//                                                        does in a Docker build's Composer stage
//
// (Not through the console: its SymfonyStyle output measures text with symfony/string, which
// needs intl or Composer's polyfill, and neither is in every PHP the tests run in.)
//   php boot-kernel.php CACHE_DIR CONFIG_JSON use URL     boots it from that cache and normalizes
//                                                        URL with the default normalizer
//   php boot-kernel.php CACHE_DIR CONFIG_JSON scope NAME URL
//                                                        boots it from that cache and says whether
//                                                        the crawl scope NAME contains URL
//
// Each configured scope's service is public here (the kernel's config, as the test's).

use Symfony\Component\DependencyInjection\Loader\Configurator\ContainerConfigurator;
use Symfony\Component\HttpKernel\CacheWarmer\CacheWarmerAggregate;
use UrlNormalize\Bundle\Tests\Support\TestKernel;
use UrlNormalize\Tests\Support\LibraryDeprecations;

require dirname(__DIR__, 3) . '/php-tests/app/autoload.php';

set_error_handler(static function (int $number, string $message, string $file, int $line): bool {
    if (($number & (E_DEPRECATED | E_USER_DEPRECATED)) !== 0 && !LibraryDeprecations::isReported($file)) {
        return true;
    }
    // FrameworkBundle 8.1's advice, as a deprecation notice, to a PHP without intl (outside
    // PHPUnit, which it spares): about the PHP, not about anything the bundle does.
    if ($message === 'Please install the "intl" PHP extension for best performance.' && !extension_loaded('intl')) {
        return true;
    }
    echo "error $number: $message ($file:$line)\n";
    return true;
});

[, $cacheRoot, $json, $mode] = $argv;
$config = json_decode($json, true, 512, JSON_THROW_ON_ERROR);
echo 'extension loaded: ', extension_loaded('url_normalize') ? 'yes' : 'no', "\n";
$scopes = array_keys($config['scopes'] ?? []);
$publicScopes = static function (ContainerConfigurator $container) use ($scopes): void {
    foreach ($scopes as $name) {
        $container->services()->alias("test.scope.$name", "url_normalize.scope.$name")->public();
    }
};
$kernel = new TestKernel(['url_normalize' => $config], [], $publicScopes, $cacheRoot);
try {
    if ($mode === 'warmup') {
        $kernel->boot();
        $container = $kernel->getContainer()->get('test.service_container');
        $warmer = $container->get('cache_warmer');
        \assert($warmer instanceof CacheWarmerAggregate);
        $warmer->enableOptionalWarmers();
        $warmer->warmUp($kernel->getCacheDir(), $kernel->getBuildDir());
        echo "cache warmed up\n";
        $ids = ['url_normalize.normalizer.default', 'url_normalize.normalizer_locator'];
        echo 'services: ', implode(' ', array_filter($ids, static fn (string $id): bool => $container->has($id))), "\n";
    } elseif ($mode === 'scope') {
        $kernel->boot();
        $scope = $kernel->getContainer()->get("test.scope.{$argv[4]}");
        echo 'contains: ', $scope->contains($argv[5]) ? 'yes' : 'no', "\n";
    } else {
        $kernel->boot();
        $normalizer = $kernel->getContainer()->get('test.service_container')->get('url_normalize.normalizer.default');
        echo 'normalize: ', $normalizer->normalize($argv[4]), "\n";
    }
} catch (\Throwable $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
