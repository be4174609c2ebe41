<?php

declare(strict_types=1);

namespace UrlNormalize\Laravel\Tests;

use UrlNormalize\Laravel\Tests\Support\LaravelTestCase;

/**
 * The application boots in a PHP without the url_normalize extension, as in the Composer stage of
 * a multi-stage Docker build (`composer install --ignore-platform-req=ext-url_normalize` runs
 * `php artisan package:discover`), and the options are checked where the extension is loaded,
 * when a normalizer is first used.
 *
 * Group subprocess: it starts PHP_BINARY, with and without the extension (Support/artisan.php).
 *
 * @group subprocess
 */
final class WithoutExtensionTest extends LaravelTestCase
{
    public function testPackageDiscoveryRunsWithoutTheExtension(): void
    {
        $base = $this->makeAppFolder(['url-normalize' => [
            'normalizers' => ['crawler' => ['strict' => true]],
            'http_client' => ['middleware' => true],
        ]]);

        [$status, $output] = $this->artisan(false, $base, 'package:discover');

        self::assertSame(0, $status, $output);
        self::assertStringStartsWith("extension loaded: no\n", $output);
        self::assertStringContainsString('url-normalize/url-normalize-laravel', $output);
        self::assertFileExists("$base/bootstrap/cache/packages.php");
        // config:cache too: the config is plain data.
        [$status, $output] = $this->artisan(false, $base, 'config:cache');
        self::assertSame(0, $status, $output);

        // The same folder where the extension is loaded: the cached config's normalizer.
        [$status, $output] = $this->artisan(true, $base, 'url:normalize', '--normalizer=crawler', 'HTTPS://a.example');
        self::assertSame([0, "extension loaded: yes\nhttps://a.example/\n"], [$status, $output]);
    }

    public function testAWrongOptionIsReportedAtFirstUse(): void
    {
        $base = $this->makeAppFolder(['url-normalize' => ['default' => [
            'default_scheme' => 'http',
            'allowed_schemes' => ['https'],
        ]]]);

        [$status, $output] = $this->artisan(false, $base, 'package:discover');
        self::assertSame(0, $status, $output);

        [$status, $output] = $this->artisan(true, $base, 'url:normalize', 'example.com');
        self::assertSame(2, $status, $output);
        self::assertStringContainsString('Invalid config url-normalize.default.default_scheme: ', $output);
    }

    /**
     * The exit status and output (both streams) of Support/artisan.php in PHP_BINARY.
     *
     * @return array{0: int, 1: string}
     */
    private function artisan(bool $extension, string $base, string ...$arguments): array
    {
        $command = [PHP_BINARY, '-d', 'include_path=' . get_include_path(), '-d', 'display_errors=stderr'];
        if ($extension) {
            $command[] = '-d';
            $command[] = 'extension=' . (getenv('URL_NORMALIZE_EXTENSION')
                ?: dirname(__DIR__, 2) . '/target/release/liburl_normalize.so');
        }
        $command = [...$command, __DIR__ . '/Support/artisan.php', $base, ...$arguments];
        $process = proc_open($command, [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes);
        self::assertIsResource($process);
        $output = (string) stream_get_contents($pipes[1]);
        return [proc_close($process), $output];
    }
}
