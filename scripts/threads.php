<?php

declare(strict_types=1);

// One request of the threads test (scripts/threads, through scripts/threads.c): request N
// takes inputs N * PER_REQUEST to (N + 1) * PER_REQUEST - 1 of a deterministic mix of URLs
// (IDN hosts in many scripts, percent-encoded and punycode hosts, invalid hosts, paths and
// queries to canonicalize, hostile bytes), and for each input calls every method of
// UrlNormalizer once, __construct included, spread over normalizers with and without a
// logger, lenient and strict. It prints one line: "ok", counts, and a digest of each method's
// results (return values, and the class and message of anything thrown) and of the log
// records. A request's line depends on N and PER_REQUEST only, so every thread must print what
// a single thread prints.
//
//   threads.php N PER_REQUEST

use UrlNormalize\UrlNormalizer;

$idnLabels = [
    'münchen', 'faß', 'пример', 'コーヒー', '나나커피로스터스', 'bücher', 'παράδειγμα', 'مثال',
    'उदाहरण', '例子', 'straße', 'ñandú', 'ÉCOLE', 'Ｅｘａｍｐｌｅ', 'xn--fa-hia', 'caf%C3%A9', '☕',
    'xn--910ba870d2ola729pxvdzqk', 'ԁоmаіn' /* Cyrillic look-alikes */, "a\u{200D}b", 'xn--a', 'ex ample',
];
$asciiHosts = ['example.com', 'www.Example.COM', 'shop.example.co.uk', 'a.github.io', '127.0.0.1', '[::1]'];
$suffixes = ['de', 'jp', 'com', 'co.uk', 'рф', 'github.io', 'みんな', 'org', 'XN--P1AI', 'blogspot.com', 'kr'];
$schemes = ['https://', 'http://', '', 'HTTP://', '//', 'wss://', 'ftp://'];
$ports = ['', ':80', ':443', ':8080', ''];
$paths = [
    '/', '/café colombia', '/a/./b/../c', '/Index.html', '/%7euser/%61%2F', '/products/ethiopia',
    '/ä ö/ü', "/caf\xE9", '//double//slash/', '/cart;jsessionid=A1B2', '/Ω/%CE%A9', '',
    '/docs/start.htm',
];
$queries = [
    '', '?utm_source=x&id=5', '?b=2&a=1&a=1', '?q=café&empty=', '?PHPSESSID=0123456789abcdef0123&x=1', '?',
    '?page=3&ref=abc&fbclid=z',
];
$fragments = ['', '#top', '#/route#x', '#ü', ''];
$hostile = [
    '', ' ', 'https://exa mple.com/', 'http://[::1', 'http://a:99999/', 'https://xn--/', 'http://%zz/',
    "http://a.com/\xFF\xFE\x00", "\xC3", '//', '/relative/path', '../up', '?q', '#f', 'javascript:alert(1)',
    'mailto:a@b.c', 'data:text/plain,hi', 'http://user:pw@host:8080/p?q#f', 'http://1.2.3.4.5/',
    'http://0x7f.1/', "https://\u{200D}.com/", "http://a.com/\t\n x", 'http://a.com/%%34%31',
    'https://www.example.com:443/index.html?utm_source=x&PHPSESSID=abcdefabcdefabcdef&b=&a=1#top',
];
$hrefs = [
    '../about/team?lang=en#top', './x/../y', '//cdn.example.org/a.js', '?page=2', '#f', '', '/café',
    '../../ü/./x', 'https://コーヒー.jp/x', 'mailto:a@b.c', 'javascript:void(0)', 'http://[', "\xFF", " ./x\n/y ",
];
$flagChoices = [
    UrlNormalizer::SAFE, UrlNormalizer::USUALLY_SAFE, UrlNormalizer::AGGRESSIVE, null, UrlNormalizer::MAKE_CANONICAL,
    UrlNormalizer::REMOVE_WWW | UrlNormalizer::SORT_QUERY_PARAMETERS,
    UrlNormalizer::FORCE_HTTPS | UrlNormalizer::REMOVE_FRAGMENTS, 1 << 20,
];
$nameChoices = [['utm_*', 'id'], ['page*'], [], ['ref', 'x'], [1]];
$optionChoices = [
    [], ['strict' => true], ['default_scheme' => 'http'], ['public_suffixes' => 'icann'],
    ['allowed_schemes' => ['http', 'https']], ['tracking_parameters' => ['ref', 'spm*']], ['stict' => true],
];
// Distinct IDN hosts, each always written the same way: fewer than a host-cache generation
// holds (4,096 hosts, 512 KiB), so that once every thread has seen them all (in the warm-up)
// its cache stops changing and the process's memory must stay flat. The threads meet them in
// different orders, so one thread's cache hit is another's miss for the same input, and the
// outputs must not differ.
$idnHosts = 3001;

/** Input $k of the mix: 1 in 16 is hostile; of the others, 2 in 3 have an IDN host. */
$input = static function (int $k) use (
    $idnLabels,
    $asciiHosts,
    $suffixes,
    $schemes,
    $ports,
    $paths,
    $queries,
    $fragments,
    $hostile,
    $idnHosts
): string {
    if ($k % 16 === 5) {
        return $hostile[intdiv($k, 16) % count($hostile)];
    }
    if ($k % 3 === 2) {
        $host = $asciiHosts[intdiv($k, 3) % count($asciiHosts)];
    } else {
        $n = ($k * 7919) % $idnHosts;
        $host = ($n % 5 === 0 ? 'www.' : '') . $idnLabels[$n % count($idnLabels)] . '-'
            . intdiv($n, count($idnLabels)) . '.' . $suffixes[$n % count($suffixes)];
    }
    $userinfo = $k % 23 === 0 ? 'user:pw@' : '';
    return $schemes[$k % count($schemes)] . $userinfo . $host . $ports[$k % count($ports)]
        . $paths[$k % count($paths)] . $queries[$k % count($queries)] . $fragments[$k % count($fragments)];
};

$request = (int) ($argv[1] ?? 0);
$perRequest = (int) ($argv[2] ?? 200);

$digests = [];
$exceptions = 0;
// Records the result of one call of $method, or the class and message of what it threw.
$record = static function (string $method, Closure $call) use (&$digests, &$exceptions): void {
    try {
        $result = $call();
    } catch (Throwable $e) {
        $exceptions++;
        $result = [get_class($e), $e->getMessage()];
    }
    hash_update($digests[$method] ??= hash_init('md5'), serialize($result));
};

// Two loggers, one with PSR-3's methods and one with only __call; every record goes into the
// request's log digest.
$log = hash_init('md5');
$methodLogger = new class ($log) {
    public int $records = 0;

    public function __construct(private HashContext $digest)
    {
    }

    /** @param array<string, mixed> $context */
    public function debug(string $message, array $context = []): void
    {
        $this->records++;
        hash_update($this->digest, serialize(['debug', $message, $context]));
    }

    /** @param array<string, mixed> $context */
    public function warning(string $message, array $context = []): void
    {
        $this->records++;
        hash_update($this->digest, serialize(['warning', $message, $context]));
    }
};
$magicLogger = new class ($log) {
    public int $records = 0;

    public function __construct(private HashContext $digest)
    {
    }

    /** @param array<int, mixed> $arguments */
    public function __call(string $name, array $arguments): mixed
    {
        $this->records++;
        hash_update($this->digest, serialize([$name, $arguments]));
        return null;
    }
};
$normalizers = [
    new UrlNormalizer($methodLogger),
    new UrlNormalizer($magicLogger, ['strict' => true]),
    new UrlNormalizer(null, [
        'extra_tracking_parameters' => ['ref', 'spm*'],
        'remove_query_parameters' => ['x'],
        'extra_directory_indexes' => ['start\.html?'],
    ]),
    new UrlNormalizer(null, [
        'strict' => true,
        'allowed_schemes' => ['http', 'https'],
        'public_suffixes' => 'icann',
        'default_scheme' => 'http',
        'max_length' => 200,
    ]),
];

for ($k = $request * $perRequest, $end = $k + $perRequest; $k < $end; $k++) {
    $url = $input($k);
    $other = $input($k * 31 + 7);
    $href = $hrefs[$k % count($hrefs)];
    $flags = $flagChoices[$k % count($flagChoices)];
    $names = $nameChoices[$k % count($nameChoices)];
    $directory = $k % 2 === 0;
    // Each method meets each of the four normalizers in turn.
    $n = static fn (int $method): UrlNormalizer => $normalizers[($k + $method) % 4];

    $fresh = null;
    $options = $optionChoices[$k % count($optionChoices)];
    $record('__construct', static function () use ($k, $methodLogger, $options, &$fresh): bool {
        $fresh = new UrlNormalizer($k % 2 === 0 ? $methodLogger : null, $options);
        return true;
    });
    $fresh ??= $n(0);
    $record('normalize', static fn (): string => $n(1)->normalize($url));
    $record('normalizeMany', static fn (): array => $n(2)->normalizeMany(
        $k % 97 === 0 ? ['a' => $url, 'n' => $k] : ['a' => $url, 7 => $other]
    ));
    $record('resolve', static fn (): string => $n(3)->resolve($href, $url, $directory));
    $record('resolveMany', static fn (): array => $n(4)->resolveMany(['nav' => $href, 3 => '#top'], $url, $directory));
    $record('canonicalize', static fn (): string => $n(5)->canonicalize($url, $flags));
    $record('canonicalizeMany', static fn (): array => $n(6)->canonicalizeMany([$url, $other], $flags));
    $record('fingerprint', static fn (): string => $n(7)->fingerprint($url, $flags));
    $record('surt', static fn (): string => $n(8)->surt($url));
    $record('removeQueryParameters', static fn (): string => $n(9)->removeQueryParameters($url, $names));
    $record('registrableDomain', static fn (): ?string => $n(10)->registrableDomain($url));
    $record('publicSuffix', static fn (): ?string => $n(11)->publicSuffix($url));
    $record('sameSite', static fn (): bool => $n(12)->sameSite($url, $other, $k % 3 === 0));
    $record('toDisplay', static fn (): string => $fresh->toDisplay($url));
}

ksort($digests);
$line = sprintf(
    'ok request %d inputs %d methods %d exceptions %d log records %d log %s',
    $request,
    $perRequest,
    count($digests),
    $exceptions,
    $methodLogger->records + $magicLogger->records,
    substr(hash_final($log), 0, 12)
);
foreach ($digests as $method => $digest) {
    $line .= sprintf(' %s %s', $method, substr(hash_final($digest), 0, 12));
}
echo $line, "\n";
