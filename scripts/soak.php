<?php

declare(strict_types=1);

// Long-running worker check (run through scripts/soak, not part of scripts/test): CALLS mixed
// calls (normalize, resolve, canonicalize, fingerprint, surt, removeQueryParameters) over the
// URL lists of testdata/urls and hostile inputs, with a PSR-3 logger attached and strict-mode
// exceptions thrown and caught. Prints the process RSS (/proc/self/status VmRSS) and
// memory_get_usage() at the start, every tenth of the run and at the end; exits 1 when either
// grows by more than its bound between the end of the warm-up (the first tenth) and the end.
//
//   php -d extension=target/release/liburl_normalize.so scripts/soak.php [CALLS]

use Psr\Log\AbstractLogger;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\Tests\Support\TestData;
use UrlNormalize\UrlNormalizer;

require __DIR__ . '/../php-tests/app/autoload.php';

// VmRSS may grow this much after the warm-up (allocator noise; a leak of 1 byte per call
// would be ~9 MB over 10 million calls); memory_get_usage(), the exact PHP heap, this much.
$rssBoundKib = 2048;
$heapBoundKib = 64;

// A PSR-3 logger that keeps only its last records, as a worker's buffered handler would.
$logger = new class extends AbstractLogger {
    private const SIZE = 64;
    /** @var array<int, array{mixed, string, array<mixed>}> */
    private array $records = [];
    private int $count = 0;

    /**
     * @param mixed $message string|\Stringable (PSR-3 1.x leaves the parameter untyped)
     * @param array<mixed> $context
     */
    public function log(mixed $level, mixed $message, array $context = []): void
    {
        $this->records[$this->count % self::SIZE] = [$level, is_string($message) ? $message : '', $context];
        $this->count++;
    }

    public function count(): int
    {
        return $this->count;
    }
};

/** Resident set size of this process in KiB, from /proc/self/status. */
$rssKib = static function (): int {
    $status = (string) file_get_contents('/proc/self/status');
    return preg_match('/^VmRSS:\s+(\d+) kB/m', $status, $m) === 1 ? (int) $m[1] : -1;
};

/** @return list<string> inputs that are invalid, odd or large */
$hostileInputs = static function (): array {
    $inputs = [
        '', ' ', 'https://exa mple.com/', 'http://[::1', 'http://a:99999/', 'https://xn--/', 'http://%zz/',
        "http://a.com/\xFF\xFE\x00", "\xC3", '//', '/relative/path', '../up', '?q', '#f', 'javascript:alert(1)',
        'mailto:a@b.c', 'data:text/plain,hi', 'file:///etc/passwd', 'http://user:pw@host:8080/p?q#f',
        'http://1.2.3.4.5/', 'http://0x7f.1/', 'https://faß.de/café colombia', "https://\u{200D}.com/",
        'https://www.example.com:443/index.html?utm_source=x&PHPSESSID=abcdefabcdefabcdef&b=&a=1#top',
        'http://a.com/%7e%2F%41/./../b;jsessionid=1?b=2&a=1&a=1&', "http://a.com/\t\n x",
        'http://a.com/' . str_repeat('a/', 2000), 'http://a.com/?' . str_repeat('k=v&', 1000),
        'http://' . str_repeat('a', 300) . '.com/', 'http://' . str_repeat('x.', 200) . 'com/',
    ];
    for ($i = 0; $i < 32; $i++) {
        $inputs[] = 'http://a.com/' . chr($i) . chr(128 + $i) . '/' . chr(0xC0 + $i);
    }
    return $inputs;
};

$calls = max(1, (int) ($argv[1] ?? 10_000_000));
if (!extension_loaded('url_normalize')) {
    fwrite(STDERR, "Load the extension: php -d extension=target/release/liburl_normalize.so scripts/soak.php\n");
    exit(2);
}
$urls = [];
foreach (TestData::urlLists() as $file) {
    array_push($urls, ...TestData::urls($file));
}
$hostile = $hostileInputs();
$urlCount = count($urls);
$hostileCount = count($hostile);
$hrefs = ['../about/team?lang=en#top', './x/../y', '//cdn.example.org/a.js', '?page=2', '#f', '', 'http://[', "\xFF"];
$names = ['utm_*', 'id', 'page*'];

$lenient = new UrlNormalizer($logger, ['extra_tracking_parameters' => ['ref'], 'remove_query_parameters' => ['x']]);
$strict = new UrlNormalizer($logger, ['strict' => true]);
$flags = [UrlNormalizer::SAFE, UrlNormalizer::USUALLY_SAFE, UrlNormalizer::AGGRESSIVE, null];

$interval = max(1, intdiv($calls, 10));
$caught = 0;
$samples = [];
$sample = static function (int $done, float $start) use (&$samples, &$caught, $logger, $rssKib): void {
    $samples[$done] = [$rssKib(), intdiv(memory_get_usage(), 1024)];
    printf(
        "%12d calls %8.1f s   VmRSS %7d KiB   memory_get_usage %6d KiB   exceptions %9d   log records %9d\n",
        $done,
        (hrtime(true) - $start) / 1e9,
        $samples[$done][0],
        $samples[$done][1],
        $caught,
        $logger->count()
    );
};

$start = hrtime(true);
$sample(0, $start);
for ($i = 0; $i < $calls; $i++) {
    // Every 8th call takes a hostile input; the others walk the URL lists with a stride.
    $url = $i % 8 === 0 ? $hostile[intdiv($i, 8) % $hostileCount] : $urls[($i * 7919) % $urlCount];
    try {
        switch ($i % 7) {
            case 0:
                $lenient->normalize($url);
                break;
            case 1:
                $strict->normalize($url);
                break;
            case 2:
                $lenient->resolve($hrefs[$i % 8], $url, $i % 2 === 0);
                break;
            case 3:
                $lenient->canonicalize($url, $flags[$i % 4]);
                break;
            case 4:
                $strict->fingerprint($url, $flags[$i % 4]);
                break;
            case 5:
                $lenient->surt($url);
                break;
            default:
                $strict->removeQueryParameters($url, $names);
        }
    } catch (InvalidUrlException $e) {
        $caught++;
    }
    if (($i + 1) % $interval === 0) {
        $sample($i + 1, $start);
    }
}
if ($calls % $interval !== 0) {
    $sample($calls, $start);
}

[$rssWarm, $heapWarm] = $samples[$interval] ?? $samples[0];
[$rssEnd, $heapEnd] = $samples[$calls];
$seconds = (hrtime(true) - $start) / 1e9;
printf(
    "%d calls in %.1f s (%.0f ns per call); after warm-up (%d calls): VmRSS %+d KiB (bound %d), "
        . "memory_get_usage %+d KiB (bound %d)\n",
    $calls,
    $seconds,
    $seconds * 1e9 / $calls,
    $interval,
    $rssEnd - $rssWarm,
    $rssBoundKib,
    $heapEnd - $heapWarm,
    $heapBoundKib
);
if ($rssEnd - $rssWarm > $rssBoundKib || $heapEnd - $heapWarm > $heapBoundKib) {
    echo "FAIL: memory grows\n";
    exit(1);
}
echo "OK: memory flat\n";
