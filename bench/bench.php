<?php

declare(strict_types=1);

// Benchmark (not a test): ns per URL of the native UrlNormalizer beside the alternatives, in
// the same process, over the real URL lists in testdata/urls.
//
//   php -d extension=target/release/liburl_normalize.so bench/bench.php [rounds]
//
// Each row is the best of `rounds` passes over the whole list (default 5), so one slow pass
// (another process on the machine) does not count; the median is printed beside it.
// "rejected" counts the URLs a call threw for or returned null for; the native normalize()
// is lenient (it returns an invalid input unchanged), so it rejects none.

use App\Service\Crawler\UrlNormalizerService;
use GuzzleHttp\Psr7\Uri;
use GuzzleHttp\Psr7\UriNormalizer;
use GuzzleHttp\Psr7\UriResolver;
use Psr\Log\NullLogger;
use UrlNormalize\Tests\Support\TestData;
use UrlNormalize\UrlNormalizer;

require __DIR__ . '/../php-tests/app/autoload.php';

if (!extension_loaded('url_normalize')) {
    fwrite(STDERR, "Load the extension: php -d extension=target/release/liburl_normalize.so bench/bench.php\n");
    exit(1);
}

$rounds = max(1, (int) ($argv[1] ?? 5));

/** @return list<string> */
$readUrls = static function (string $path): array {
    $urls = [];
    foreach (file($path) ?: [] as $line) {
        $urls[] = rtrim($line, "\r\n");
    }
    return $urls;
};

/**
 * Runs $call over every URL $rounds times; returns [best, median] ns per URL and the number
 * of URLs the call rejected (threw, or returned null) in one pass.
 *
 * @param list<string> $urls
 * @return array{float, float, int}
 */
$measure = static function (array $urls, int $rounds, callable $call): array {
    $rejected = 0;
    foreach ($urls as $url) {
        try {
            $rejected += $call($url) === null ? 1 : 0;
        } catch (\Throwable $e) {
            $rejected++;
        }
    }
    $times = [];
    for ($round = 0; $round < $rounds; $round++) {
        $start = hrtime(true);
        foreach ($urls as $url) {
            try {
                $call($url);
            } catch (\Throwable $e) {
            }
        }
        $times[] = (hrtime(true) - $start) / count($urls);
    }
    sort($times);
    return [$times[0], $times[intdiv(count($times), 2)], $rejected];
};

$native = new UrlNormalizer();
$nativeWithLogger = new UrlNormalizer(new NullLogger());
$seed = new UrlNormalizerService(new NullLogger());
$href = '../about/team?lang=en#top';
// The transforms both libraries have: escapes, default port and host, empty path, dot
// segments, duplicate slashes, query order.
$guzzleFlags = UriNormalizer::CAPITALIZE_PERCENT_ENCODING | UriNormalizer::DECODE_UNRESERVED_CHARACTERS
    | UriNormalizer::CONVERT_EMPTY_PATH | UriNormalizer::REMOVE_DEFAULT_HOST | UriNormalizer::REMOVE_DEFAULT_PORT
    | UriNormalizer::REMOVE_DOT_SEGMENTS | UriNormalizer::REMOVE_DUPLICATE_SLASHES
    | UriNormalizer::SORT_QUERY_PARAMETERS;
$guzzleLike = UrlNormalizer::MAKE_CANONICAL | UrlNormalizer::REMOVE_DOT_SEGMENTS
    | UrlNormalizer::REMOVE_DUPLICATE_SLASHES | UrlNormalizer::SORT_QUERY_PARAMETERS;

$contenders = [
    'normalize' => [
        'UrlNormalizer::normalize (native)' => static fn (string $u): string => $native->normalize($u),
        'UrlNormalizer::normalize (native, NullLogger)' =>
            static fn (string $u): string => $nativeWithLogger->normalize($u),
        'UrlNormalizerService::normalize (seed, userland)' => static fn (string $u): string => $seed->normalize($u),
    ],
    "resolve('$href', url)" => [
        'UrlNormalizer::resolve (native, WHATWG)' => static fn (string $u): string => $native->resolve($href, $u),
        'Guzzle UriResolver::resolve (RFC 3986)' =>
            static fn (string $u): string => (string) UriResolver::resolve(new Uri($u), new Uri($href)),
    ],
    'canonicalize' => [
        'UrlNormalizer::canonicalize (native, USUALLY_SAFE)' =>
            static fn (string $u): string => $native->canonicalize($u),
        'UrlNormalizer::canonicalize (native, Guzzle\'s transforms)' =>
            static fn (string $u): string => $native->canonicalize($u, $guzzleLike),
        'Guzzle UriNormalizer::normalize (those transforms)' =>
            static fn (string $u): string => (string) UriNormalizer::normalize(new Uri($u), $guzzleFlags),
        'UrlNormalizer::fingerprint (native, USUALLY_SAFE)' =>
            static fn (string $u): string => $native->fingerprint($u),
        'UrlNormalizer::surt (native)' => static fn (string $u): string => $native->surt($u),
    ],
];

// The seed's service needs intl's idn_to_ascii(); without intl it only throws.
if (!function_exists('idn_to_ascii')) {
    unset($contenders['normalize']['UrlNormalizerService::normalize (seed, userland)']);
    echo "(intl is not loaded: the seed's UrlNormalizerService is left out)\n";
}

// PHP 8.5's built-in WHATWG parser: parse and serialize, the same work without the
// scheme default, the logging contract and the byte handling.
if (class_exists(\Uri\WhatWg\Url::class)) {
    $contenders['normalize']['Uri\\WhatWg\\Url::parse()->toAsciiString() (PHP 8.5)'] =
        static fn (string $u): ?string => \Uri\WhatWg\Url::parse($u)?->toAsciiString();
    $contenders["resolve('$href', url)"]['Uri\\WhatWg\\Url::parse($href, $base) (PHP 8.5)'] =
        static fn (string $u): ?string => \Uri\WhatWg\Url::parse($href, \Uri\WhatWg\Url::parse($u))?->toAsciiString();
}

$cpu = 'unknown CPU';
foreach (file('/proc/cpuinfo') ?: [] as $line) {
    if (str_starts_with($line, 'model name')) {
        $cpu = trim(explode(':', $line, 2)[1]);
        break;
    }
}
printf(
    "url_normalize benchmark, %s, PHP %s, %s, %d CPUs, best and median of %d rounds\n",
    date('Y-m-d'),
    PHP_VERSION,
    $cpu,
    (int) shell_exec('nproc'),
    $rounds
);

foreach (['kasztp.txt', 'idn-sample.txt'] as $file) {
    $urls = $readUrls(TestData::urlList($file));
    printf("\n%s (%d URLs)\n", $file, count($urls));
    printf("  %-60s %12s %12s %10s\n", 'operation', 'best ns/URL', 'median', 'rejected');
    foreach ($contenders as $operation => $calls) {
        printf("  %s\n", $operation);
        foreach ($calls as $name => $call) {
            [$best, $median, $rejected] = $measure($urls, $rounds, $call);
            printf("    %-58s %12.0f %12.0f %10d\n", $name, $best, $median, $rejected);
        }
    }
}
