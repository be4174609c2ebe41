<?php

declare(strict_types=1);

// Checks that url_normalize works in the PHP it is loaded into, with nothing else loaded
// (scripts/check-assets runs it for every packaged binary, as PIE would install it): every
// public method once, and the exception class. Prints one line; exits 1 on the first check
// that fails. Argument: `zts` or `nts`, what the PHP must be.

$fail = static function (string $what): never {
    fwrite(STDERR, "smoke: $what\n");
    exit(1);
};

if (!extension_loaded('url_normalize')) {
    $fail('the url_normalize extension is not loaded');
}
$expected = $argv[1] ?? '';
if ($expected !== (PHP_ZTS ? 'zts' : 'nts')) {
    $fail('this PHP is ' . (PHP_ZTS ? 'ZTS' : 'NTS') . ", expected $expected");
}

$normalizer = new UrlNormalize\UrlNormalizer();
$checks = [
    'normalize' => [
        $normalizer->normalize('https://나나커피로스터스.com/café colombia'),
        'https://xn--910ba870d2ola729pxvdzqk.com/caf%C3%A9%20colombia',
    ],
    'normalizeMany' => [
        implode(' ', $normalizer->normalizeMany(['a' => 'コーヒー.jp/x', 'b' => 'https://exa mple.com/'])),
        'https://xn--tck2c4fb.jp/x https://exa mple.com/',
    ],
    'resolve' => [
        $normalizer->resolve('../docker-deployment', 'https://docs.crawl4ai.com/core/quickstart'),
        'https://docs.crawl4ai.com/docker-deployment',
    ],
    'resolveMany' => [
        implode(' ', $normalizer->resolveMany(['../x', '//cdn.example/a.js'], 'https://a.com/b/c/', true)),
        'https://a.com/b/x https://cdn.example/a.js',
    ],
    'canonicalize' => [
        $normalizer->canonicalize('http://www.example.com:80/index.html?'),
        'http://www.example.com/',
    ],
    'canonicalizeMany' => [
        implode(' ', $normalizer->canonicalizeMany(['HTTP://A.com/./b?', 'http://a.com/b#x'])),
        'http://a.com/b http://a.com/b',
    ],
    'fingerprint' => [
        $normalizer->fingerprint('http://www.example.com:80/index.html?') . ' '
            . $normalizer->fingerprint('http://www.example.com:80/index.html?', null, 128),
        'a2cc26a414d9cfa3 ' . hash('xxh128', 'http://www.example.com/'),
    ],
    'equivalent' => [
        var_export($normalizer->equivalent('HTTP://Example.com:80/a/./b', 'http://example.com/a/b#x'), true),
        'true',
    ],
    'hostType' => [$normalizer->hostType('http://0x7f.1/'), 'ipv4'],
    'explain' => [
        implode(' ', $normalizer->explain('HTTPS://Example.com:443/a b')['changes']),
        'scheme-lowercased host-lowercased default-port-removed path-percent-encoded',
    ],
    'surt' => [$normalizer->surt('http://www.example.com/a?b'), 'com,example)/a?b'],
    'removeQueryParameters' => [
        $normalizer->removeQueryParameters('https://a.com/?utm_source=x&id=1', ['utm_*']),
        'https://a.com/?id=1',
    ],
    'registrableDomain' => [$normalizer->registrableDomain('https://shop.example.co.uk/'), 'example.co.uk'],
    'publicSuffix' => [$normalizer->publicSuffix('https://shop.example.co.uk/'), 'co.uk'],
    'sameSite' => [var_export($normalizer->sameSite('https://a.example.com/', 'http://b.example.com/'), true), 'true'],
    'getOptions' => [
        (string) (new UrlNormalize\UrlNormalizer(null, ['max_length' => 100]))->getOptions()['max_length'],
        '100',
    ],
    'toDisplay' => [
        $normalizer->toDisplay('https://xn--910ba870d2ola729pxvdzqk.com/caf%C3%A9'),
        'https://나나커피로스터스.com/café',
    ],
];
foreach ($checks as $method => [$actual, $wanted]) {
    if ($actual !== $wanted) {
        $fail("$method() gave `$actual`, expected `$wanted`");
    }
}
// Every public method of the class is exercised above: a new one must join the list.
$methods = array_map(
    static fn (ReflectionMethod $m): string => $m->getName(),
    (new ReflectionClass(UrlNormalize\UrlNormalizer::class))->getMethods(ReflectionMethod::IS_PUBLIC)
);
$unchecked = array_diff($methods, ['__construct'], array_keys($checks));
if ($unchecked !== []) {
    $fail('no smoke check for ' . implode(', ', $unchecked));
}

// The exception class comes from the engine's class table (CG(class_table), ZTS-aware).
try {
    (new UrlNormalize\UrlNormalizer(null, ['strict' => true]))->normalize('https://exa mple.com/');
    $fail('strict normalize() of an invalid URL did not throw');
} catch (UrlNormalize\InvalidUrlException $e) {
    if (!$e instanceof InvalidArgumentException || $e->getLine() !== __LINE__ - 3) {
        $fail('InvalidUrlException lacks its parent or its line');
    }
}

printf(
    "url_normalize %s on PHP %s %s: %d checks passed\n",
    phpversion('url_normalize'),
    PHP_VERSION,
    PHP_ZTS ? 'ZTS' : 'NTS',
    count($checks) + 1
);
