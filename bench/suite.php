<?php

declare(strict_types=1);

// The benchmark suite of issue 9 (a script, not a test): medians of interleaved rounds of the
// native UrlNormalizer beside its anchors, over kasztp, idn-sample (and userbait), with the
// ratio to each anchor.
//
//   php -d extension=target/release/liburl_normalize.so bench/suite.php [rounds]
//   with PHP 8.5 (scripts/lib.sh's php8.5 target, see README), for Uri\WhatWg\Url beside it.
//   userbait.txt is measured when URL_NORMALIZE_USERBAIT names its folder (testdata/urls/README.md).
//
// Each round runs one pass of every contender of every row, in turn. A slow moment of the
// machine then slows every contender of that round, not one contender's whole measurement.
// The median over rounds is printed (ns per URL, or per link for resolve rows), and each
// anchor's ratio to the native call: "8.1x" means the native call is 8.1 times faster,
// except the strtolower floor, where "1.6x floor" means the native call costs 1.6 times it.
//
// IDN rows come twice. "cold": every round gives each host a new first label (`c3.`), so no
// host has been converted before, by either side. "warm": the same hosts every round, as a
// crawler sees them.

use App\Service\Crawler\UrlNormalizerService;
use GuzzleHttp\Psr7\Uri;
use GuzzleHttp\Psr7\UriNormalizer;
use GuzzleHttp\Psr7\UriResolver;
use Monolog\Handler\NullHandler;
use Monolog\Logger;
use Psr\Log\NullLogger;
use UrlNormalize\Bench\SymfonyResolver;
use UrlNormalize\Tests\Support\TestData;
use UrlNormalize\UrlNormalizer;

require __DIR__ . '/../php-tests/app/autoload.php';
require __DIR__ . '/SymfonyResolver.php';

if (!extension_loaded('url_normalize')) {
    fwrite(STDERR, "Load the extension: php -d extension=target/release/liburl_normalize.so bench/suite.php\n");
    exit(1);
}

$rounds = max(1, (int) ($argv[1] ?? 7));
// Resolve and canonicalize anchors are slow (Guzzle, Symfony): those rows use the first
// $pages URLs of each list as pages.
$pages = 5000;

/** @return list<string> */
$readUrls = static function (string $path): array {
    $urls = [];
    foreach (file($path) ?: [] as $line) {
        $urls[] = rtrim($line, "\r\n");
    }
    return $urls;
};

/** The same URLs, each host with a new first label, so that no host has been seen. */
$freshHosts = static function (array $urls, string $label): array {
    return array_map(static function (string $url) use ($label): string {
        $at = strpos($url, '://');
        return $at === false ? "$label.$url" : substr($url, 0, $at + 3) . "$label." . substr($url, $at + 3);
    }, $urls);
};

$isPhp85 = class_exists(\Uri\WhatWg\Url::class);
$hasIntl = function_exists('idn_to_ascii');
$native = new UrlNormalizer();
$seed = $hasIntl ? new UrlNormalizerService(new NullLogger()) : null;
// Five links of a page, as a crawler extracts them: parent, root-relative, scheme-relative,
// sibling, fragment.
$links = ['../about/team?lang=en#top', '/search?q=caf%C3%A9', '//cdn.example.org/app.js', 'page-2.html', '#main'];
$guzzleFlags = UriNormalizer::CAPITALIZE_PERCENT_ENCODING | UriNormalizer::DECODE_UNRESERVED_CHARACTERS
    | UriNormalizer::CONVERT_EMPTY_PATH | UriNormalizer::REMOVE_DEFAULT_HOST | UriNormalizer::REMOVE_DEFAULT_PORT
    | UriNormalizer::REMOVE_DOT_SEGMENTS | UriNormalizer::REMOVE_DUPLICATE_SLASHES
    | UriNormalizer::SORT_QUERY_PARAMETERS;
$guzzleLike = UrlNormalizer::MAKE_CANONICAL | UrlNormalizer::REMOVE_DOT_SEGMENTS
    | UrlNormalizer::REMOVE_DUPLICATE_SLASHES | UrlNormalizer::SORT_QUERY_PARAMETERS;

/**
 * A row: the operation, the native contender's name, and each contender as a closure that
 * runs one pass over $items (given per round) and returns how many units it did.
 *
 * @return array{string, string, array<string, \Closure(array): int>, \Closure(int): array}
 */
$row = static fn (string $title, string $nativeName, array $contenders, \Closure $items): array =>
    [$title, $nativeName, $contenders, $items];

/** One pass of $call over $urls; returns count($urls). Exceptions count as work done. */
$each = static fn (\Closure $call): \Closure => static function (array $urls) use ($call): int {
    foreach ($urls as $url) {
        try {
            $call($url);
        } catch (\Throwable $e) {
        }
    }
    return count($urls);
};

/** One pass over pages, five links each; $page returns the five results. */
$perLink = static fn (\Closure $page): \Closure => static function (array $bases) use ($page, $links): int {
    foreach ($bases as $base) {
        try {
            $page($base, $links);
        } catch (\Throwable $e) {
        }
    }
    return count($bases) * count($links);
};

$rows = [];
foreach (TestData::urlLists() as $file) {
    $urls = $readUrls(TestData::urlList($file));
    $isIdn = $file === 'idn-sample.txt';
    $first = array_slice($urls, 0, $pages);
    $normalizeContenders = [
        'native normalize()' => $each(static fn (string $u): string => $native->normalize($u)),
        'native normalizeMany()' => static fn (array $u): int => count($native->normalizeMany($u)),
    ];
    if ($seed !== null) {
        $normalizeContenders['seed UrlNormalizerService'] =
            $each(static fn (string $u): string => $seed->normalize($u));
    }
    $normalizeContenders['parse_url()'] = $each(static fn(string $u): array|false => parse_url($u));
    $normalizeContenders['strtolower() (call floor)'] = $each(static fn (string $u): string => strtolower($u));
    if ($isPhp85) {
        $normalizeContenders['PHP 8.5 Uri\\WhatWg\\Url::parse()->toAsciiString()'] =
            $each(static fn (string $u): ?string => \Uri\WhatWg\Url::parse($u)?->toAsciiString());
    }
    $variants = $isIdn ? ['cold' => true, 'warm' => false] : ['' => false];
    foreach ($variants as $variant => $cold) {
        $items = $cold
            ? static fn (int $round): array => $freshHosts($urls, "c$round")
            : static fn (int $round): array => $urls;
        $rows[] = $row(trim("$file normalize $variant"), 'native normalize()', $normalizeContenders, $items);
    }

    $resolveContenders = [
        'native resolve() x5' => $perLink(static function (string $base, array $hrefs) use ($native): array {
            $out = [];
            foreach ($hrefs as $href) {
                $out[] = $native->resolve($href, $base);
            }
            return $out;
        }),
        'native resolveMany()' => $perLink(
            static fn (string $base, array $hrefs): array => $native->resolveMany($hrefs, $base)
        ),
        'Guzzle UriResolver (base parsed once)' => $perLink(static function (string $base, array $hrefs): array {
            $baseUri = new Uri($base);
            $out = [];
            foreach ($hrefs as $href) {
                $out[] = (string) UriResolver::resolve($baseUri, new Uri($href));
            }
            return $out;
        }),
        'Symfony HttpClient resolveUrl (base parsed once)' =>
            $perLink(static fn (string $base, array $hrefs): array => SymfonyResolver::resolveAll($hrefs, $base)),
    ];
    if ($isPhp85) {
        $resolveContenders['PHP 8.5 Url::parse($base)->resolve() (base parsed once)'] =
            $perLink(static function (string $base, array $hrefs): array {
                $baseUrl = \Uri\WhatWg\Url::parse($base);
                $out = [];
                foreach ($hrefs as $href) {
                    $out[] = $baseUrl?->resolve($href)->toAsciiString();
                }
                return $out;
            });
    }
    $rows[] = $row(
        "$file resolve (first $pages pages x 5 links)",
        'native resolve() x5',
        $resolveContenders,
        static fn (int $round): array => $first
    );

    $rows[] = $row("$file canonicalize, Guzzle's transforms (first $pages)", "native canonicalize()", [
        'native canonicalize()' => $each(static fn (string $u): string => $native->canonicalize($u, $guzzleLike)),
        'native canonicalizeMany()' =>
            static fn (array $u): int => count($native->canonicalizeMany($u, $guzzleLike)),
        'Guzzle UriNormalizer::normalize()' =>
            $each(static fn (string $u): string => (string) UriNormalizer::normalize(new Uri($u), $guzzleFlags)),
    ], static fn (int $round): array => $first);
}

// Construction, with the default options and with every list option given.
$constructOptions = ['extra_directory_indexes' => ['start\.html?'], 'extra_tracking_parameters' => ['ref']];
$rows[] = $row('new UrlNormalizer() (ns per object)', 'new UrlNormalizer()', [
    'new UrlNormalizer()' => static function (array $n): int {
        foreach ($n as $_) {
            new UrlNormalizer();
        }
        return count($n);
    },
    'new UrlNormalizer(null, [list options])' => static function (array $n) use ($constructOptions): int {
        foreach ($n as $_) {
            new UrlNormalizer(null, $constructOptions);
        }
        return count($n);
    },
    'new ArrayObject() (a PHP object, for scale)' => static function (array $n): int {
        foreach ($n as $_) {
            new ArrayObject();
        }
        return count($n);
    },
], static fn (int $round): array => range(1, 2000));

// Logging: a URL that changes costs one debug() call. Monolog at a level that drops debug.
$monolog = new Logger('bench', [new NullHandler(Logger::INFO)]);
$withMonolog = new UrlNormalizer($monolog);
$withNull = new UrlNormalizer(new NullLogger());
$changing = array_map(
    static fn (string $u): string => strtoupper(substr($u, 0, 5)) . substr($u, 5),
    array_slice($readUrls(TestData::urlList('kasztp.txt')), 0, 20000)
);
$rows[] = $row('logging: kasztp, every URL changes (HTTPS:// written upper-case)', 'no logger', [
    'no logger' => $each(static fn (string $u): string => $native->normalize($u)),
    'Monolog, NullHandler at Info (debug dropped)' =>
        $each(static fn (string $u): string => $withMonolog->normalize($u)),
    'PSR-3 NullLogger' => $each(static fn (string $u): string => $withNull->normalize($u)),
], static fn (int $round): array => $changing);

$cpu = 'unknown CPU';
foreach (file('/proc/cpuinfo') ?: [] as $line) {
    if (str_starts_with($line, 'model name')) {
        $cpu = trim(explode(':', $line, 2)[1]);
        break;
    }
}
printf(
    "url_normalize suite, %s, PHP %s, %s, %d CPUs, load %s, median of %d interleaved rounds\n",
    date('Y-m-d H:i'),
    PHP_VERSION,
    $cpu,
    (int) shell_exec('nproc'),
    implode(' ', array_map(static fn (float $l): string => sprintf('%.1f', $l), sys_getloadavg() ?: [])),
    $rounds
);
if ($seed === null) {
    echo "(intl is not loaded: the seed's UrlNormalizerService is left out)\n";
}

$times = [];
for ($round = 0; $round < $rounds; $round++) {
    foreach ($rows as $r => [$title, $nativeName, $contenders, $items]) {
        $input = $items($round);
        foreach ($contenders as $name => $pass) {
            $start = hrtime(true);
            $units = $pass($input);
            $times[$r][$name][] = (hrtime(true) - $start) / $units;
        }
    }
}

$median = static function (array $values): float {
    sort($values);
    return $values[intdiv(count($values), 2)];
};
foreach ($rows as $r => [$title, $nativeName, $contenders]) {
    printf("\n%s\n", $title);
    $nativeNs = $median($times[$r][$nativeName]);
    foreach ($contenders as $name => $_) {
        $ns = $median($times[$r][$name]);
        $ratio = match (true) {
            $name === $nativeName => '',
            str_contains($name, 'floor') => sprintf('%.2fx floor', $nativeNs / $ns),
            str_starts_with($name, 'native') || str_starts_with($name, 'new UrlNormalizer(null')
                || str_starts_with($name, 'Monolog') || str_starts_with($name, 'PSR-3') =>
                sprintf('%+.0f ns', $ns - $nativeNs),
            default => sprintf('%.1fx', $ns / $nativeNs),
        };
        printf("  %-62s %10.0f ns %14s\n", $name, $ns, $ratio);
    }
}

// Peak memory of 100 passes over kasztp: PHP's allocator, and the process's peak RSS
// (which includes the Rust heap and the host cache).
$rss = static function (): int {
    preg_match('/VmHWM:\s+(\d+)/', (string) file_get_contents('/proc/self/status'), $m);
    return (int) ($m[1] ?? 0);
};
$kasztp = $readUrls(TestData::urlList('kasztp.txt'));
$phpBefore = memory_get_peak_usage();
$rssBefore = $rss();
for ($pass = 0; $pass < 100; $pass++) {
    foreach ($kasztp as $url) {
        $native->normalize($url);
    }
    $native->normalizeMany($kasztp);
}
printf(
    "\npeak memory, 100 passes of normalize() and normalizeMany() over kasztp:"
        . " PHP peak +%d KB (%d KB), peak RSS +%d KB (%d KB)\n",
    intdiv(memory_get_peak_usage() - $phpBefore, 1024),
    intdiv(memory_get_peak_usage(), 1024),
    $rss() - $rssBefore,
    $rss()
);
