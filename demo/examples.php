<?php

declare(strict_types=1);

// The seeds' examples through the native UrlNormalizer: input → output.
// Run by scripts/demo, which builds and loads the extension.

use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlNormalizer;

$log = [];
$logger = new class ($log) {
    /** @param list<string> $log */
    public function __construct(private array &$log)
    {
    }

    /** @param array<string, string> $context */
    public function debug(string $message, array $context = []): void
    {
        $this->log[] = "debug    $message";
    }

    /** @param array<string, string> $context */
    public function warning(string $message, array $context = []): void
    {
        $this->log[] = "warning  $message: " . ($context['reason'] ?? '');
    }
};
$normalizer = new UrlNormalizer($logger);

$show = static function (string $from, string $to): void {
    printf("  %s\n    → %s\n", $from, $to);
};

echo "normalize()\n";
foreach (
    [
        'https://나나커피로스터스.com/products/ethiopia',
        'https://コーヒー.jp/products/natural-process',
        'https://example.com/products/café colombia',
        'https://example.com/caf%C3%A9',
        'https://example.com/product?id=123&name=café',
        'example.com/products',
        'https://example.com/@roaster/beans;v=2?q=a%26b',
        'mailto:hello@example.com',
        'https://exa mple.com/malformed',
    ] as $url
) {
    $show($url, $normalizer->normalize($url));
}

echo "\nresolve()\n";
$base = 'https://docs.crawl4ai.com/core/quickstart';
foreach (['../docker-deployment', './installation', '//cdn.example.org/app.js', '?page=2', '/café colombia'] as $href) {
    $show("$href against $base", $normalizer->resolve($href, $base));
}
$show(
    "../docker-deployment against $base, baseIsDirectory: true",
    $normalizer->resolve('../docker-deployment', $base, true)
);
try {
    $normalizer->resolve('../x', 'docs.crawl4ai.com/core/quickstart');
} catch (InvalidUrlException $e) {
    $show('../x against docs.crawl4ai.com/core/quickstart', get_class($e) . ': ' . $e->getMessage());
}

echo "\ncanonicalize() (USUALLY_SAFE), fingerprint(), surt()\n";
foreach (
    [
        'http://www.example.com:80/index.html?',
        'HTTP://WWW.EXAMPLE.COM/?utm_source=news&fbclid=x',
        'https://나나커피로스터스.com/products/ethiopia?b=2&a=1#reviews',
    ] as $url
) {
    $show($url, sprintf(
        '%s  fingerprint %s  surt %s',
        $normalizer->canonicalize($url),
        $normalizer->fingerprint($url),
        $normalizer->surt($url)
    ));
}

echo "\nlogged\n";
foreach ($log as $line) {
    echo "  $line\n";
}
