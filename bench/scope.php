<?php

declare(strict_types=1);

// Benchmark (not a test): ns per URL of registrableDomain(), sameSite() and toDisplay(), with
// normalize() beside them as the reference, over the real URL lists in testdata/urls.
//
//   php -d extension=target/release/liburl_normalize.so bench/scope.php [rounds]
//
// Each row is the best of `rounds` passes over the whole list (default 5); the median is
// printed beside it. Kept apart from bench/suite.php so each file measures one concern.

use UrlNormalize\Tests\Support\TestData;
use UrlNormalize\UrlNormalizer;

require __DIR__ . '/../php-tests/Support/TestData.php';

if (!extension_loaded('url_normalize')) {
    fwrite(STDERR, "Load the extension: php -d extension=target/release/liburl_normalize.so bench/scope.php\n");
    exit(1);
}

$rounds = max(1, (int) ($argv[1] ?? 5));

/**
 * @param list<string> $urls
 * @return array{float, float}
 */
$measure = static function (array $urls, int $rounds, callable $call): array {
    $times = [];
    for ($round = 0; $round < $rounds; $round++) {
        $start = hrtime(true);
        foreach ($urls as $url) {
            $call($url);
        }
        $times[] = (hrtime(true) - $start) / count($urls);
    }
    sort($times);
    return [$times[0], $times[intdiv(count($times), 2)]];
};

$normalizer = new UrlNormalizer();
$site = 'https://www.example.co.uk/';
$calls = [
    'normalize (reference)' => static fn (string $url): string => $normalizer->normalize($url),
    'registrableDomain' => static fn (string $url): ?string => $normalizer->registrableDomain($url),
    "sameSite(\$url, '$site')" => static fn (string $url): bool => $normalizer->sameSite($url, $site),
    'toDisplay' => static fn (string $url): string => $normalizer->toDisplay($url),
];

printf("%-16s %-44s %10s %10s\n", 'data', 'operation', 'best ns', 'median ns');
foreach (['kasztp.txt', 'idn-sample.txt'] as $file) {
    $urls = TestData::urls($file);
    foreach ($calls as $name => $call) {
        [$best, $median] = $measure($urls, $rounds, $call);
        printf("%-16s %-44s %10.0f %10.0f\n", $file, $name, $best, $median);
    }
}
