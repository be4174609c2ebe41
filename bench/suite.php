<?php

declare(strict_types=1);

// The benchmark suite (a script, not a test): medians of interleaved rounds of the native
// UrlNormalizer beside its anchors, over kasztp, idn-sample (and userbait), with the ratio to
// each anchor, then the figures for users (URLs per second on one core) and the aims.
//
//   php -d extension=target/release/liburl_normalize.so bench/suite.php [rounds] [--markdown FILE]
//       [--svg FILE] [--core FILE]
//
//   rounds           interleaved rounds, 7 unless given
//   --markdown FILE  also writes the figures, the ratios and every row as Markdown to FILE, headed
//                    by the date, `php -v`'s first line, the CPU, the load average at start and
//                    end and the rounds: docs/performance.md's tables are pasted from it
//   --svg FILE       also draws the figures as a bar chart (docs/performance.svg)
//   --core FILE      bench/core's output, for the Rust core's target and table. That benchmark is
//                    a cargo workspace of its own (ada-url's C++ inside) and cannot run in PHP:
//                      (cd bench/core && cargo run --release -- [rounds]) > core.txt
//                    Without --core, the Rust core's target says "run bench/core".
//
// With PHP 8.5 for Uri\WhatWg\Url beside it (elsewhere its contenders and targets print as
// "n/a (needs PHP 8.5)"), scripts/lib.sh's php8.5 target (README, Performance):
//   bash -c 'source scripts/lib.sh; so=$(build_target php8.5-x86_64-glibc) &&
//            "$(target_php php8.5-x86_64-glibc)" -d "extension=$so" bench/suite.php'
// userbait.txt is measured when URL_NORMALIZE_USERBAIT names its folder (testdata/urls/README.md).
// The PHP libraries (Guzzle, Symfony, Monolog) are found as by the tests, through
// php-tests/app/autoload.php: in /usr/share/php, or in the folder URL_NORMALIZE_PHP_LIBS names
// (bench/run sets it to scripts/lib.sh's cache of Debian 12's packages, need_php_libs).
//
// Each round runs one pass of every contender of every row, in turn. A slow moment of the
// machine then slows every contender of that round, not one contender's whole measurement.
// The median over rounds is printed (ns per URL, or per link for resolve rows), and each
// anchor's ratio to the native call: "8.1x" means the native call is 8.1 times faster,
// except the strtolower floor, where "1.6x floor" means the native call costs 1.6 times it.
// "rejected" counts, in one more pass after the rounds, the URLs (links) a contender threw for
// or returned null for; a page whose call threw counts its five links. The native normalize()
// is lenient (it returns an invalid input unchanged), so it rejects none.
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

$usage = "usage: php -d extension=target/release/liburl_normalize.so bench/suite.php"
    . " [rounds] [--markdown FILE] [--svg FILE] [--core FILE]\n";
if (!extension_loaded('url_normalize')) {
    fwrite(STDERR, "Load the extension.\n$usage");
    exit(1);
}

$rounds = 7;
$markdownFile = null;
$svgFile = null;
$coreFile = null;
$args = array_slice($argv, 1);
while ($args !== []) {
    $arg = (string) array_shift($args);
    if (preg_match('/^--(markdown|svg|core)(?:=(.+))?$/', $arg, $m) === 1) {
        $value = (string) ($m[2] ?? array_shift($args));
        if ($value === '') {
            fwrite(STDERR, "--$m[1] needs a file\n$usage");
            exit(2);
        }
        match ($m[1]) {
            'markdown' => $markdownFile = $value,
            'svg' => $svgFile = $value,
            default => $coreFile = $value,
        };
    } elseif (ctype_digit($arg) && (int) $arg > 0) {
        $rounds = (int) $arg;
    } else {
        fwrite(STDERR, $usage);
        exit(2);
    }
}
if ($markdownFile !== null && !is_writable(is_file($markdownFile) ? $markdownFile : (dirname($markdownFile) ?: '.'))) {
    fwrite(STDERR, "cannot write $markdownFile\n");
    exit(2);
}

/**
 * bench/core's tab-separated lines: its rounds, and per data set the URLs, the URLs its fast
 * path answers and each contender's median ns.
 *
 * @return array{int, array<string, array{int, int, array<string, float>}>}
 */
$readCore = static function (string $path): array {
    $rounds = 0;
    $sets = [];
    foreach (file($path) ?: [] as $line) {
        $fields = explode("\t", rtrim($line, "\r\n"));
        if (count($fields) !== 7 || $fields[0] !== 'core') {
            continue;
        }
        [, $coreRounds, $file, $urls, $fast, $name, $ns] = $fields;
        $rounds = (int) $coreRounds;
        $sets[$file] ??= [(int) $urls, (int) $fast, []];
        $sets[$file][2][$name] = (float) $ns;
    }
    return [$rounds, $sets];
};
$core = null;
if ($coreFile !== null) {
    $core = is_readable($coreFile) ? $readCore($coreFile) : null;
    if ($core === null || $core[1] === []) {
        fwrite(STDERR, $core === null
            ? "cannot read $coreFile\n"
            : "$coreFile holds no line of bench/core's (`core<TAB>rounds<TAB>...`): run bench/core again\n");
        exit(2);
    }
}

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

/** The load average, /proc/loadavg's first three fields. */
$loadAverage = static function (): string {
    $fields = explode(' ', (string) @file_get_contents('/proc/loadavg'));
    return count($fields) >= 3
        ? implode(' ', array_slice($fields, 0, 3))
        : implode(' ', array_map(static fn (float $l): string => sprintf('%.2f', $l), sys_getloadavg() ?: []));
};
$loadAtStart = $loadAverage();

// Resolve and canonicalize anchors are slow (Guzzle, Symfony): those rows use the first
// $pages URLs of each list as pages.
$pages = 5000;
$isPhp85 = class_exists(\Uri\WhatWg\Url::class);
$needs85 = 'n/a (needs PHP 8.5)';
$hasIntl = function_exists('idn_to_ascii');
$native = new UrlNormalizer();
// The userland service the extension replaces: parse_url(), idn_to_ascii() (intl) and
// rawurlencode() per path segment, as a PHP application writes it.
$seed = $hasIntl ? new UrlNormalizerService(new NullLogger()) : null;
// Five links of a page, as a crawler extracts them: parent, root-relative, scheme-relative,
// sibling, fragment.
$links = ['../about/team?lang=en#top', '/search?q=caf%C3%A9', '//cdn.example.org/app.js', 'page-2.html', '#main'];
// Every transform Guzzle's UriNormalizer has, and ours that do the same.
$guzzleFlags = UriNormalizer::CAPITALIZE_PERCENT_ENCODING | UriNormalizer::DECODE_UNRESERVED_CHARACTERS
    | UriNormalizer::CONVERT_EMPTY_PATH | UriNormalizer::REMOVE_DEFAULT_HOST | UriNormalizer::REMOVE_DEFAULT_PORT
    | UriNormalizer::REMOVE_DOT_SEGMENTS | UriNormalizer::REMOVE_DUPLICATE_SLASHES
    | UriNormalizer::SORT_QUERY_PARAMETERS;
$guzzleLike = UrlNormalizer::MAKE_CANONICAL | UrlNormalizer::REMOVE_DOT_SEGMENTS
    | UrlNormalizer::REMOVE_DUPLICATE_SLASHES | UrlNormalizer::SORT_QUERY_PARAMETERS;

// The contenders the aims name.
$nativeNormalize = 'native normalize()';
$seedName = 'userland UrlNormalizerService (parse_url, idn_to_ascii)';
$floor = 'strtolower() (call floor)';
$nativeResolve = 'native resolve() x5';
$nativeResolveMany = 'native resolveMany()';
$guzzleResolver = 'Guzzle UriResolver (base parsed once)';
$php85Resolve = 'PHP 8.5 Url::parse($base)->resolve() (base parsed once)';
$php85ParseBoth = 'PHP 8.5 Url::parse($href, Url::parse($base)) (per link)';
$nativeCanonicalize = 'native canonicalize()';
$guzzleNormalizer = 'Guzzle UriNormalizer::normalize()';

/**
 * A row: the operation, the native contender's name, each contender, and its input per round.
 * A contender is a closure that runs one pass over the input and returns how many units it did
 * (with `true` as second argument: how many it rejected), or the reason it cannot run here.
 *
 * @param array<string, \Closure(array, bool=): int|string> $contenders
 * @return array{string, string, array<string, \Closure|string>, \Closure(int): array}
 */
$row = static fn (string $title, string $nativeName, array $contenders, \Closure $items): array =>
    [$title, $nativeName, $contenders, $items];

/** One pass of $call over $urls; returns count($urls). Exceptions count as work done. */
$each = static fn (\Closure $call): \Closure => static function (array $urls, bool $count = false) use ($call): int {
    if ($count) {
        $rejected = 0;
        foreach ($urls as $url) {
            try {
                $rejected += $call($url) === null ? 1 : 0;
            } catch (\Throwable $e) {
                $rejected++;
            }
        }
        return $rejected;
    }
    foreach ($urls as $url) {
        try {
            $call($url);
        } catch (\Throwable $e) {
        }
    }
    return count($urls);
};

/** One call of $call over all $urls (the *Many() methods); returns how many results. */
$batch = static fn (\Closure $call): \Closure => static function (array $urls, bool $count = false) use ($call): int {
    if ($count) {
        try {
            $call($urls);
            return 0;
        } catch (\Throwable $e) {
            return count($urls);
        }
    }
    return count($call($urls));
};

/** One pass over pages, five links each; $page returns the five results. */
$perLink = static fn (\Closure $page): \Closure =>
    static function (array $bases, bool $count = false) use ($page, $links): int {
        if ($count) {
            $rejected = 0;
            foreach ($bases as $base) {
                try {
                    $out = $page($base, $links);
                    $rejected += count(array_filter($out, static fn (mixed $one): bool => $one === null));
                } catch (\Throwable $e) {
                    $rejected += count($links);
                }
            }
            return $rejected;
        }
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
        $nativeNormalize => $each(static fn (string $u): string => $native->normalize($u)),
        'native normalizeMany()' => $batch(static fn (array $u): array => $native->normalizeMany($u)),
        $seedName => $seed === null
            ? 'n/a (needs intl)'
            : $each(static fn (string $u): string => $seed->normalize($u)),
        'parse_url()' => $each(static fn(string $u): array|false => parse_url($u)),
        $floor => $each(static fn (string $u): string => strtolower($u)),
        'PHP 8.5 Uri\\WhatWg\\Url::parse()->toAsciiString()' => $isPhp85
            ? $each(static fn (string $u): ?string => \Uri\WhatWg\Url::parse($u)?->toAsciiString())
            : $needs85,
    ];
    $variants = $isIdn ? ['cold' => true, 'warm' => false] : ['' => false];
    foreach ($variants as $variant => $cold) {
        $items = $cold
            ? static fn (int $round): array => $freshHosts($urls, "c$round")
            : static fn (int $round): array => $urls;
        $rows[trim("$file normalize $variant")] =
            $row(trim("$file normalize $variant"), $nativeNormalize, $normalizeContenders, $items);
    }

    $resolveContenders = [
        $nativeResolve => $perLink(static function (string $base, array $hrefs) use ($native): array {
            $out = [];
            foreach ($hrefs as $href) {
                $out[] = $native->resolve($href, $base);
            }
            return $out;
        }),
        $nativeResolveMany => $perLink(
            static fn (string $base, array $hrefs): array => $native->resolveMany($hrefs, $base)
        ),
        $guzzleResolver => $perLink(static function (string $base, array $hrefs): array {
            $baseUri = new Uri($base);
            $out = [];
            foreach ($hrefs as $href) {
                $out[] = (string) UriResolver::resolve($baseUri, new Uri($href));
            }
            return $out;
        }),
        'Symfony HttpClient resolveUrl (base parsed once)' =>
            $perLink(static fn (string $base, array $hrefs): array => SymfonyResolver::resolveAll($hrefs, $base)),
        $php85Resolve => $isPhp85 ? $perLink(static function (string $base, array $hrefs): array {
            $baseUrl = \Uri\WhatWg\Url::parse($base);
            $out = [];
            foreach ($hrefs as $href) {
                $out[] = $baseUrl?->resolve($href)->toAsciiString();
            }
            return $out;
        }) : $needs85,
        // What resolve() is given: the base as a string, parsed again for every link.
        $php85ParseBoth => $isPhp85 ? $perLink(static function (string $base, array $hrefs): array {
            $out = [];
            foreach ($hrefs as $href) {
                $out[] = \Uri\WhatWg\Url::parse($href, \Uri\WhatWg\Url::parse($base))?->toAsciiString();
            }
            return $out;
        }) : $needs85,
    ];
    $rows["$file resolve"] = $row(
        "$file resolve (first " . count($first) . ' pages x 5 links)',
        $nativeResolve,
        $resolveContenders,
        static fn (int $round): array => $first
    );

    // Guzzle's transforms; then, for scale, the native operations on one URL that canonicalize
    // with the default flags (USUALLY_SAFE): canonicalize(), fingerprint(), surt().
    $title = "$file canonicalize, Guzzle's transforms (first " . count($first) . ')';
    $rows["$file canonicalize"] = $row($title, $nativeCanonicalize, [
        $nativeCanonicalize => $each(static fn (string $u): string => $native->canonicalize($u, $guzzleLike)),
        'native canonicalizeMany()' =>
            $batch(static fn (array $u): array => $native->canonicalizeMany($u, $guzzleLike)),
        $guzzleNormalizer =>
            $each(static fn (string $u): string => (string) UriNormalizer::normalize(new Uri($u), $guzzleFlags)),
        'native canonicalize(), USUALLY_SAFE' => $each(static fn (string $u): string => $native->canonicalize($u)),
        'native fingerprint(), USUALLY_SAFE' => $each(static fn (string $u): string => $native->fingerprint($u)),
        'native surt()' => $each(static fn (string $u): string => $native->surt($u)),
    ], static fn (int $round): array => $first);
}

// Construction, with the default options and with every list option given.
$constructOptions = ['extra_directory_indexes' => ['start\.html?'], 'extra_tracking_parameters' => ['ref']];
$rows['construct'] = $row('new UrlNormalizer() (ns per object)', 'new UrlNormalizer()', [
    'new UrlNormalizer()' => static function (array $n, bool $count = false): int {
        foreach ($count ? [] : $n as $_) {
            new UrlNormalizer();
        }
        return $count ? 0 : count($n);
    },
    'new UrlNormalizer(null, [list options])' =>
        static function (array $n, bool $count = false) use ($constructOptions): int {
            foreach ($count ? [] : $n as $_) {
                new UrlNormalizer(null, $constructOptions);
            }
            return $count ? 0 : count($n);
        },
    'new ArrayObject() (a PHP object, for scale)' => static function (array $n, bool $count = false): int {
        foreach ($count ? [] : $n as $_) {
            new ArrayObject();
        }
        return $count ? 0 : count($n);
    },
], static fn (int $round): array => range(1, 2000));

// Logging: a URL that changes costs one debug() call. Monolog at a level that drops debug.
// The same URLs as they are (few change) show what a logger costs when there is nothing to log.
$monolog = new Logger('bench', [new NullHandler(Logger::INFO)]);
$withMonolog = new UrlNormalizer($monolog);
$withNull = new UrlNormalizer(new NullLogger());
$kasztpFirst = array_slice($readUrls(TestData::urlList('kasztp.txt')), 0, 20000);
$changing = array_map(static fn (string $u): string => strtoupper(substr($u, 0, 5)) . substr($u, 5), $kasztpFirst);
$loggers = [
    'no logger' => $each(static fn (string $u): string => $native->normalize($u)),
    'Monolog, NullHandler at Info (debug dropped)' =>
        $each(static fn (string $u): string => $withMonolog->normalize($u)),
    'PSR-3 NullLogger' => $each(static fn (string $u): string => $withNull->normalize($u)),
];
$rows['logging changes'] = $row(
    'logging: kasztp, every URL changes (HTTPS:// written upper-case)',
    'no logger',
    $loggers,
    static fn (int $round): array => $changing
);
$rows['logging as is'] = $row(
    'logging: kasztp as it is (few URLs change)',
    'no logger',
    $loggers,
    static fn (int $round): array => $kasztpFirst
);

$cpu = 'unknown CPU';
foreach (file('/proc/cpuinfo') ?: [] as $line) {
    if (str_starts_with($line, 'model name')) {
        $cpu = trim(explode(':', $line, 2)[1]);
        break;
    }
}
$cpus = (int) shell_exec('nproc');
$started = date('Y-m-d H:i');
printf(
    "url_normalize suite, %s, PHP %s, %s, %d CPUs, load %s, median of %d interleaved rounds\n",
    $started,
    PHP_VERSION,
    $cpu,
    $cpus,
    $loadAtStart,
    $rounds
);
if ($seed === null) {
    echo "(intl is not loaded: the userland UrlNormalizerService is left out)\n";
}

$times = [];
for ($round = 0; $round < $rounds; $round++) {
    foreach ($rows as $r => [$title, $nativeName, $contenders, $items]) {
        $input = $items($round);
        foreach ($contenders as $name => $pass) {
            if ($pass instanceof \Closure) {
                $start = hrtime(true);
                $units = $pass($input);
                $times[$r][$name][] = (hrtime(true) - $start) / $units;
            }
        }
    }
}
// The rejections, on one more round's input (after the rounds: the cold rows' hosts stay new).
$rejected = [];
foreach ($rows as $r => [$title, $nativeName, $contenders, $items]) {
    $input = $items($rounds);
    foreach ($contenders as $name => $pass) {
        $rejected[$r][$name] = $pass instanceof \Closure ? $pass($input, true) : 0;
    }
}

$median = static function (array $values): float {
    sort($values);
    return $values[intdiv(count($values), 2)];
};
/** @var array<string, array<string, float|string>> $medians ns, or why the contender did not run */
$medians = [];
foreach ($rows as $r => [$title, $nativeName, $contenders]) {
    foreach ($contenders as $name => $pass) {
        $medians[$r][$name] = $pass instanceof \Closure ? $median($times[$r][$name]) : $pass;
    }
}

/** The ratio column: what each contender costs beside the row's native contender. */
$ratio = static function (string $name, string $nativeName, float $ns, float $nativeNs, string $x): string {
    return match (true) {
        $name === $nativeName => '',
        str_contains($name, 'floor') => sprintf('%.2f%s floor', $nativeNs / $ns, $x),
        str_starts_with($name, 'native') || str_starts_with($name, 'new UrlNormalizer(null')
            || str_starts_with($name, 'Monolog') || str_starts_with($name, 'PSR-3') =>
            sprintf('%+.0f ns', $ns - $nativeNs),
        default => sprintf('%.1f%s', $ns / $nativeNs, $x),
    };
};
foreach ($rows as $r => [$title, $nativeName]) {
    printf("\n%s\n", $title);
    foreach ($medians[$r] as $name => $ns) {
        if (is_string($ns)) {
            printf("  %-62s %13s\n", $name, $ns);
            continue;
        }
        printf(
            "  %-62s %10.0f ns %14s%s\n",
            $name,
            $ns,
            $ratio($name, $nativeName, $ns, (float) $medians[$r][$nativeName], 'x'),
            $rejected[$r][$name] > 0 ? sprintf(' %9d rejected', $rejected[$r][$name]) : ''
        );
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
$memory = sprintf(
    'peak memory, 100 passes of normalize() and normalizeMany() over kasztp:'
        . ' PHP peak +%d KB (%d KB), peak RSS +%d KB (%d KB)',
    intdiv(memory_get_peak_usage() - $phpBefore, 1024),
    intdiv(memory_get_peak_usage(), 1024),
    $rss() - $rssBefore,
    $rss()
);
printf("\n%s\n", $memory);

// The aims the work is measured against. A part compares the native contender of a row with
// another: 'faster' aims at the other's time over the native one's at least the aim (the
// native call that many times faster), 'costs' at the native one's over the other's at most it.
// "1.28x to go": the native side must get 1.28 times faster to reach it.
$coreRow = 'Rust core, idn-sample.txt';
$idnCore = $core[1]['idn-sample.txt'] ?? null;
$medians[$coreRow] = $idnCore === null
    ? ['url_normalize::normalize_cow' => 'run bench/core (--core FILE)', 'ada_url::Url::parse(u).href()' => '']
    : $idnCore[2];
$targets = [
    ["`normalize()` vs the userland service (kasztp), single call", [
        ['kasztp.txt normalize', $nativeNormalize, $seedName, 'faster', 15.0],
    ]],
    ['`normalize()` vs the `strtolower` floor (kasztp), single call', [
        ['kasztp.txt normalize', $nativeNormalize, $floor, 'costs', 1.8],
    ]],
    ["`resolveMany()` vs PHP 8.5's parsed base `->resolve()`, 5 links per page", [
        ['kasztp.txt resolve', $nativeResolveMany, $php85Resolve, 'faster', 1.5],
    ]],
    ['`resolve()` (base as a string) vs PHP 8.5 `Url::parse($href, Url::parse($base))`', [
        ['kasztp.txt resolve', $nativeResolve, $php85ParseBoth, 'faster', 1.5],
    ]],
    ['`resolve()` vs Guzzle `UriResolver`', [
        ['kasztp.txt resolve', $nativeResolve, $guzzleResolver, 'faster', 20.0],
    ]],
    ['`canonicalize()` vs Guzzle `UriNormalizer` (all its flags)', [
        ['kasztp.txt canonicalize', $nativeCanonicalize, $guzzleNormalizer, 'faster', 20.0],
    ]],
    ['idn-sample `normalize()` vs the userland service (intl), cold / warm', [
        ['idn-sample.txt normalize cold', $nativeNormalize, $seedName, 'faster', 2.0],
        ['idn-sample.txt normalize warm', $nativeNormalize, $seedName, 'faster', 4.0],
    ]],
    ['Rust core `normalize_cow` vs ada `Url::parse(u).href()` (bench/core), idn-sample, full path', [
        [$coreRow, 'url_normalize::normalize_cow', 'ada_url::Url::parse(u).href()', 'costs', 1.2],
    ]],
];

/**
 * One target's measured ratio, the target and the verdict, as text ($md: for Markdown).
 *
 * @param list<array{string, string, string, string, float}> $parts
 * @return array{string, string, string}
 */
$judge = static function (array $parts, bool $md) use ($medians): array {
    $x = $md ? '×' : 'x';
    $number = static fn (float $v): string => $md ? number_format($v) : sprintf('%.0f', $v);
    [$measured, $wanted, $verdicts, $missing] = [[], [], [], null];
    foreach ($parts as [$r, $nativeName, $other, $kind, $target]) {
        $nativeNs = $medians[$r][$nativeName] ?? throw new \LogicException("no $nativeName in $r");
        $otherNs = $medians[$r][$other] ?? throw new \LogicException("no $other in $r");
        $wanted[] = sprintf('%s %s%s', $kind === 'faster' ? ($md ? '≥' : '>=') : ($md ? '≤' : '<='), $target, $x);
        if (is_string($nativeNs) || is_string($otherNs)) {
            $missing = is_string($nativeNs) ? $nativeNs : $otherNs;
            continue;
        }
        $value = $kind === 'faster' ? $otherNs / $nativeNs : $nativeNs / $otherNs;
        $measured[] = sprintf('%.2f%s (%s vs %s ns)', $value, $x, $number($nativeNs), $number($otherNs));
        $gap = $kind === 'faster' ? $target / $value : $value / $target;
        $verdicts[] = $gap <= 1 ? sprintf('reached, %.2f%s beyond', 1 / $gap, $x) : sprintf('%.2f%s to go', $gap, $x);
    }
    // A part that could not be measured leaves the whole target unmeasured.
    return $missing !== null
        ? [$missing, implode(' / ', $wanted), '']
        : [implode(' / ', $measured), implode(' / ', $wanted), implode(' / ', $verdicts)];
};

echo "\naims: measured (native vs other ns), aim, where it stands\n";
foreach ($targets as [$label, $parts]) {
    [$measured, $target, $verdict] = $judge($parts, false);
    $verdict = $verdict === '' ? '' : ": $verdict";
    printf("  %-88s %s, aim %s%s\n", str_replace('`', '', $label), $measured, $target, $verdict);
}
if ($idnCore !== null) {
    [$urls, $fast] = $idnCore;
    printf("  (Rust core: %s, rounds: %d; its fast path answers %d of %d URLs)\n", $coreFile, $core[0], $fast, $urls);
}
$loadAtEnd = $loadAverage();
printf("load average at end %s\n", $loadAtEnd);

// The figures for users: URLs per second on one core (1e9 / ns: one call at a time), per
// operation, for this extension and what a PHP application would use instead.
$figureRows = [
    'normalize, URLs as crawled (kasztp)' => ['kasztp.txt normalize', [
        'url_normalize normalize()' => $nativeNormalize,
        'PHP 8.5 Uri\WhatWg\Url' => 'PHP 8.5 Uri\WhatWg\Url::parse()->toAsciiString()',
        'userland service (parse_url, intl)' => $seedName,
    ]],
    'normalize, IDN hosts seen before (idn-sample, warm)' => ['idn-sample.txt normalize warm', [
        'url_normalize normalize()' => $nativeNormalize,
        'PHP 8.5 Uri\WhatWg\Url' => 'PHP 8.5 Uri\WhatWg\Url::parse()->toAsciiString()',
        'userland service (parse_url, intl)' => $seedName,
    ]],
    'normalize, IDN hosts never seen (idn-sample, cold)' => ['idn-sample.txt normalize cold', [
        'url_normalize normalize()' => $nativeNormalize,
        'PHP 8.5 Uri\WhatWg\Url' => 'PHP 8.5 Uri\WhatWg\Url::parse()->toAsciiString()',
        'userland service (parse_url, intl)' => $seedName,
    ]],
    'resolve a link against its page (kasztp, per link)' => ['kasztp.txt resolve', [
        'url_normalize resolveMany()' => $nativeResolveMany,
        'url_normalize resolve()' => $nativeResolve,
        'PHP 8.5 Uri\WhatWg\Url' => $php85Resolve,
        'Guzzle UriResolver' => $guzzleResolver,
    ]],
    "canonicalize, Guzzle's transforms (kasztp)" => ['kasztp.txt canonicalize', [
        'url_normalize canonicalize()' => $nativeCanonicalize,
        'Guzzle UriNormalizer' => $guzzleNormalizer,
    ]],
];
/** @var array<string, array<string, ?float>> $figures URLs per second, null where it did not run */
$figures = [];
foreach ($figureRows as $label => [$r, $contenders]) {
    foreach ($contenders as $short => $name) {
        $ns = $medians[$r][$name] ?? null;
        $figures[$label][$short] = is_float($ns) && $ns > 0 ? 1e9 / $ns : null;
    }
}
$perSecond = static fn (?float $v): string => match (true) {
    $v === null => 'n/a',
    $v >= 1e6 => sprintf('%.1f M', $v / 1e6),
    default => sprintf('%.0f k', $v / 1e3),
};
echo "\nURLs per second on one core\n";
foreach ($figures as $label => $values) {
    printf("  %s\n", $label);
    foreach ($values as $short => $value) {
        printf("    %-40s %10s\n", $short, $perSecond($value));
    }
}

if ($svgFile !== null) {
    // Grouped horizontal bars, one group per operation, on one linear scale per group (the
    // groups differ by orders of magnitude), each bar labelled with its figure.
    $colors = ['#2f6fb0', '#e08a1e', '#5a9e4b', '#9a4fa0'];
    $barHeight = 16;
    $width = 760;
    $labelWidth = 260;
    $barSpace = $width - $labelWidth - 90;
    $y = 40;
    $body = '';
    foreach ($figures as $label => $values) {
        $body .= sprintf(
            '<text x="10" y="%d" font-weight="bold">%s</text>' . "\n",
            $y,
            htmlspecialchars($label)
        );
        $y += 8;
        $max = max(array_map(static fn (?float $v): float => $v ?? 0.0, $values)) ?: 1.0;
        $i = 0;
        foreach ($values as $short => $value) {
            $length = $value === null ? 0 : max(1, (int) round($barSpace * $value / $max));
            $body .= sprintf(
                '<text x="20" y="%d">%s</text>' . "\n"
                    . '<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>' . "\n"
                    . '<text x="%d" y="%d">%s</text>' . "\n",
                $y + 12,
                htmlspecialchars($short),
                $labelWidth,
                $y,
                $length,
                $barHeight - 2,
                $colors[$i % count($colors)],
                $labelWidth + $length + 6,
                $y + 12,
                htmlspecialchars($value === null ? 'not run' : $perSecond($value) . ' URLs/s')
            );
            $y += $barHeight + 2;
            $i++;
        }
        $y += 22;
    }
    $svg = sprintf(
        '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">'
            . "\n" . '<rect width="100%%" height="100%%" fill="white"/>' . "\n"
            . '<text x="10" y="20" font-size="14" font-weight="bold">'
            . 'URLs per second on one core (longer is faster)</text>'
            . "\n%s" . '<text x="10" y="%d" fill="#555">%s</text>' . "\n</svg>\n",
        $width,
        $y + 10,
        $body,
        $y - 4,
        htmlspecialchars(sprintf('%s, PHP %s, %s, median of %d rounds', $started, PHP_VERSION, $cpu, $rounds))
    );
    if (file_put_contents($svgFile, $svg) === false) {
        fwrite(STDERR, "cannot write $svgFile\n");
        exit(1);
    }
    printf("Chart written to %s\n", $svgFile);
}

if ($markdownFile !== null) {
    $cell = static fn (string $text): string => str_replace('|', '\\|', $text);
    $phpV = strtok((string) shell_exec(escapeshellarg(PHP_BINARY) . ' -n -v 2>/dev/null'), "\n")
        ?: 'PHP ' . PHP_VERSION;
    $md = "# url_normalize benchmark suite\n\n"
        . "- date: $started\n"
        . "- `php -v`: $phpV\n"
        . sprintf("- CPU: %s (%d CPUs)\n", $cpu, $cpus)
        . "- load average (1, 5, 15 min): $loadAtStart at start, $loadAtEnd at end\n"
        . "- rounds: $rounds, interleaved; each figure is the median\n"
        . ($core === null
            ? "- Rust core: not given (run bench/core, then `--core FILE`)\n"
            : sprintf(
                "- Rust core: bench/core's output in %s (written %s), rounds: %d\n",
                $coreFile,
                date('Y-m-d H:i', (int) filemtime((string) $coreFile)),
                $core[0]
            ))
        . "\n## URLs per second on one core\n\n"
        . "| operation | " . '' . "contender | URLs per second |\n|---|---|---:|\n";
    foreach ($figures as $label => $values) {
        $first = true;
        foreach ($values as $short => $value) {
            $md .= sprintf("| %s | %s | %s |\n", $first ? $cell($label) : '', $cell($short), $perSecond($value));
            $first = false;
        }
    }
    // The document gives the ratios only: the aims are the developers' yardstick, printed above.
    $md .= "\n## Ratios\n\n"
        . "The other contender's time over the native one's (`2.0×`: the native call is twice as fast),\n"
        . "or for the floor and for ada the native call's time over theirs.\n\n"
        . "| row | ratio (native vs other, ns) |\n|---|---|\n";
    foreach ($targets as [$label, $parts]) {
        $md .= '| ' . implode(' | ', array_map($cell, [$label, $judge($parts, true)[0]])) . " |\n";
    }
    $md .= "\n## Every row\n\n"
        . "Median ns per URL (per link for resolve rows, per object for construction); beside the\n"
        . "native contender of the row, an anchor's time over it (`8.1×`: the native call is 8.1 times\n"
        . "faster), other native calls' difference in ns, and for the floor the native call's time over\n"
        . "it. Rejected: the URLs (links) a contender threw for or returned null for, in one pass.\n\n"
        . "| row | contender | ns | vs native | rejected |\n|---|---|---:|---:|---:|\n";
    foreach ($rows as $r => [$title, $nativeName]) {
        $first = true;
        foreach ($medians[$r] as $name => $ns) {
            $md .= '| ' . implode(' | ', array_map($cell, [
                $first ? $title : '',
                $name,
                is_string($ns) ? $ns : number_format($ns),
                is_string($ns) ? '' : $ratio($name, $nativeName, $ns, (float) $medians[$r][$nativeName], '×'),
                is_string($ns) ? '' : (string) $rejected[$r][$name],
            ])) . " |\n";
            $first = false;
        }
    }
    if ($core !== null) {
        $md .= "\n## Rust core beside ada-url (bench/core)\n\n"
            . "Median ns per URL of bench/core's own interleaved rounds; the time over ada's.\n\n"
            . "| data | contender | ns | vs ada |\n|---|---|---:|---:|\n";
        foreach ($core[1] as $file => [$urls, $fast, $contenders]) {
            $ada = $contenders['ada_url::Url::parse(u).href()'] ?? 0.0;
            $first = true;
            foreach ($contenders as $name => $ns) {
                $md .= sprintf(
                    "| %s | %s | %s | %s |\n",
                    $first ? sprintf('%s (%d URLs, fast path for %d)', $file, $urls, $fast) : '',
                    $cell($name),
                    number_format($ns),
                    $ada > 0 ? sprintf('%.2f×', $ns / $ada) : ''
                );
                $first = false;
            }
        }
    }
    $md .= "\n$memory.\n";
    if (file_put_contents($markdownFile, $md) === false) {
        fwrite(STDERR, "cannot write $markdownFile\n");
        exit(1);
    }
    printf("Markdown written to %s\n", $markdownFile);
}
