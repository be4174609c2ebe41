<?php

declare(strict_types=1);

// Benchmark (a script, not a test): the crawl classes beside the userland way of doing the same
// in PHP, every contender of a row in the same interleaved rounds, medians in ns per call.
//
//   php -d extension=target/release/liburl_normalize.so bench/crawl.php [rounds]
//
// Rows:
// - RobotsTxt::isAllowed() on a robots.txt of 60 rules in 3 groups (a real site's size),
//   beside bench/RobotsUserland.php (one PCRE per rule, longest match), both built once;
// - parsing a 500 KiB robots.txt: RobotsTxt::parse() beside RobotsUserland's constructor;
// - UrlPattern::test() beside preg_match() on the equivalent regular expression;
// - CrawlScope::contains() with 100 entries (40 hosts, 30 sites, 20 patterns, 10 prefixes)
//   beside the userland loop: parse_url(), isset() on the hosts, registrableDomain() on the
//   sites, then preg_match() and str_starts_with() in turn.
// "ratio" is the userland contender's time over the native one's.

use UrlNormalize\Bench\RobotsUserland;
use UrlNormalize\CrawlScope;
use UrlNormalize\RobotsTxt;
use UrlNormalize\UrlNormalizer;
use UrlNormalize\UrlPattern;

require __DIR__ . '/RobotsUserland.php';

if (!extension_loaded('url_normalize')) {
    fwrite(STDERR, "Load the extension: php -d extension=target/release/liburl_normalize.so bench/crawl.php\n");
    exit(1);
}
$rounds = max(3, (int) ($argv[1] ?? 9));

// A robots.txt of 60 rules in 3 groups, shaped like those of large sites.
$robotsBody = "# robots.txt\nUser-agent: *\n";
$paths = ['search', 'cart', 'checkout', 'account', 'login', 'logout', 'register', 'wishlist', 'compare', 'print'];
foreach ($paths as $i => $path) {
    $robotsBody .= "Disallow: /$path\nDisallow: /*/$path/\n";
}
$robotsBody .= "Allow: /search/about\nDisallow: /*?sessionid=\nDisallow: /*?sort=*&page=\nDisallow: /*.pdf$\n"
    . "Allow: /public/*.pdf$\nCrawl-delay: 1\n\nUser-agent: Googlebot\nUser-agent: Bingbot\n";
foreach (array_slice($paths, 0, 7) as $path) {
    $robotsBody .= "Disallow: /$path/\nAllow: /$path/help\n";
}
$robotsBody .= "Disallow: /tmp/\nDisallow: /*.json$\n\nUser-agent: ExampleBot\n";
for ($i = 0; $i < 18; $i++) {
    $robotsBody .= "Disallow: /private-$i/\n";
}
$robotsBody .= "Allow: /private-1/public\nSitemap: https://shop.example.com/sitemap.xml\n";
$ruleCount = preg_match_all('/^(?:Allow|Disallow):/mi', $robotsBody);

$urls = [];
$segments = ['', 'search', 'cart', 'products', 'public', 'private-3', 'blog', 'help', 'tmp', 'category'];
for ($i = 0; $i < 200; $i++) {
    $a = $segments[$i % 10];
    $b = $segments[($i * 7 + 3) % 10];
    $query = match ($i % 5) {
        0 => '', 1 => '?sessionid=abc', 2 => '?sort=price&page=2', 3 => '?q=shoes', default => '',
    };
    $file = match ($i % 4) {
        0 => 'index.html', 1 => "item-$i.pdf", 2 => "data-$i.json", default => '',
    };
    $urls[] = "https://shop.example.com/$a/$b/$file$query";
}

$robots = RobotsTxt::parse($robotsBody, 'https://shop.example.com/robots.txt');
$userland = new RobotsUserland($robotsBody, 'AnyBot');

// A 500 KiB file: the rules above repeated, each group's paths numbered.
$bigBody = '';
for ($i = 0; strlen($bigBody) < 500 * 1024 - 4096; $i++) {
    $bigBody .= str_replace(['Disallow: /', 'Allow: /'], ["Disallow: /v$i/", "Allow: /v$i/"], $robotsBody);
}

$pattern = new UrlPattern('https://*.example.com/blog/:year(\\d+)/:slug');
$regex = '~^https://[^/?#]+\.example\.com/blog/(\d+)/([^/?#]+)$~';
$patternUrls = [];
for ($i = 0; $i < 200; $i++) {
    $patternUrls[] = match ($i % 4) {
        0 => "https://www.example.com/blog/20$i/post-$i",
        1 => "https://shop.example.com/products/$i",
        2 => "https://blog.example.com/blog/news/post-$i",
        default => "https://example.org/blog/2026/post-$i",
    };
}
foreach ($patternUrls as $url) {
    if ($pattern->test($url) !== (preg_match($regex, $url) === 1)) {
        fwrite(STDERR, "UrlPattern and the regex disagree on $url\n");
        exit(1);
    }
}

// 100 scope entries.
$include = [];
$hostSet = [];
$siteSet = [];
$patternList = [];
$prefixList = [];
for ($i = 0; $i < 40; $i++) {
    $include[] = "host:www.site$i.example";
    $hostSet["www.site$i.example"] = true;
}
for ($i = 0; $i < 30; $i++) {
    $include[] = "site:brand$i.co.uk";
    $siteSet["brand$i.co.uk"] = true;
}
for ($i = 0; $i < 20; $i++) {
    $include[] = "pattern:https://docs$i.example.org/v*/guide/*";
    $patternList[] = "~^https://docs$i\\.example\\.org/v[^/]*/guide/~";
}
for ($i = 0; $i < 10; $i++) {
    $include[] = "prefix:https://cdn.example.net/tenant-$i/";
    $prefixList[] = "https://cdn.example.net/tenant-$i/";
}
$scope = new CrawlScope($include);
$normalizer = new UrlNormalizer();
$scopeUrls = [];
for ($i = 0; $i < 200; $i++) {
    $scopeUrls[] = match ($i % 5) {
        0 => 'https://www.site' . ($i % 40) . '.example/a/b?c=1',
        1 => 'https://shop.brand' . ($i % 30) . '.co.uk/item/' . $i,
        2 => 'https://docs' . ($i % 20) . '.example.org/v2/guide/intro',
        3 => 'https://cdn.example.net/tenant-' . ($i % 10) . '/app.js',
        default => 'https://elsewhere' . $i . '.example.com/',
    };
}
$userlandScope = static function (string $url) use ($hostSet, $siteSet, $patternList, $prefixList, $normalizer): bool {
    $host = parse_url($url, PHP_URL_HOST);
    if (is_string($host) && isset($hostSet[$host])) {
        return true;
    }
    $site = $normalizer->registrableDomain($url);
    if ($site !== null && isset($siteSet[$site])) {
        return true;
    }
    foreach ($patternList as $p) {
        if (preg_match($p, $url) === 1) {
            return true;
        }
    }
    foreach ($prefixList as $prefix) {
        if (str_starts_with($url, $prefix)) {
            return true;
        }
    }
    return false;
};
foreach ($scopeUrls as $url) {
    if ($scope->contains($url) !== $userlandScope($url)) {
        fwrite(STDERR, "CrawlScope and the userland loop disagree on $url\n");
        exit(1);
    }
}

// Each row: name => [[contender => [per-call closure over one input, inputs]]].
$rows = [
    "isAllowed(), $ruleCount rules in 3 groups" => [
        'RobotsTxt::isAllowed' => [static fn (string $u): bool => $robots->isAllowed($u, 'AnyBot'), $urls],
        'userland (PCRE per rule)' => [static fn (string $u): bool => $userland->isAllowed($u), $urls],
    ],
    sprintf('parse, %d KiB', intdiv(strlen($bigBody), 1024)) => [
        'RobotsTxt::parse' => [
            static fn (string $b): RobotsTxt => RobotsTxt::parse($b, 'https://shop.example.com/robots.txt'),
            [$bigBody],
        ],
        'userland (lines, PCRE per rule)' => [
            static fn (string $b): RobotsUserland => new RobotsUserland($b, 'AnyBot'),
            [$bigBody],
        ],
    ],
    'UrlPattern::test()' => [
        'UrlPattern::test' => [static fn (string $u): bool => $pattern->test($u), $patternUrls],
        'preg_match (same regex)' => [static fn (string $u): bool => preg_match($regex, $u) === 1, $patternUrls],
    ],
    'CrawlScope::contains(), 100 entries' => [
        'CrawlScope::contains' => [static fn (string $u): bool => $scope->contains($u), $scopeUrls],
        'userland loop' => [static fn (string $u): bool => $userlandScope($u), $scopeUrls],
    ],
];

$times = [];
for ($round = 0; $round < $rounds; $round++) {
    foreach ($rows as $row => $contenders) {
        foreach ($contenders as $name => [$call, $inputs]) {
            $start = hrtime(true);
            foreach ($inputs as $input) {
                $call($input);
            }
            $times[$row][$name][] = (hrtime(true) - $start) / count($inputs);
        }
    }
}

printf("%s, %d rounds, load %s\n\n", strtok(PHP_VERSION, ' '), $rounds, implode(' ', array_map(
    static fn (float $l): string => sprintf('%.2f', $l),
    sys_getloadavg() ?: []
)));
printf("%-40s %-34s %14s %8s\n", 'row', 'contender', 'median ns', 'ratio');
foreach ($times as $row => $contenders) {
    $native = null;
    foreach ($contenders as $name => $samples) {
        sort($samples);
        $median = $samples[intdiv(count($samples), 2)];
        $native ??= $median;
        $ratio = $native === $median ? '' : sprintf('%.2fx', $median / $native);
        printf("%-40s %-34s %14s %8s\n", $row, $name, number_format($median, $median < 100 ? 1 : 0), $ratio);
    }
}
