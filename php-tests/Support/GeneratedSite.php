<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Support;

/**
 * The web that the crawl at scale crawls (scripts/crawl-scale): a few thousand pages on 24 sites
 * (33 hosts, 9 of them IDN), generated from a seed, the same on every run and every machine.
 * The crawl API (php-tests/app/api/router.php, site mode) serves its pages; the crawl's check
 * reads its expected set.
 *
 * Every page has one canonical key, written by this class alone, without the extension: the
 * page's URL with an ASCII host, no default port, no index.html, no tracking parameters and
 * non-ASCII path bytes percent-encoded in upper case. keyOf() maps every URL the API receives
 * to that key (or null: no such page), so a crawl that fetches one page under two spellings is
 * seen to do so, and one that misses a page is too.
 *
 * Links are written as real pages write them: relative, `../`, `//host`, absolute in another
 * case and with the default port, with tracking parameters, fragments, `index.html`, escaped
 * unreserved characters, Unicode hosts. Host 0 has a spider trap (an endless calendar, one page
 * per month, each linking the next); host 1 has bad pages (invalid links, 1 MB of links, bytes
 * that are not UTF-8, javascript: links). Pages also link to sites outside the crawl.
 *
 * Each host serves a robots.txt (robotsOf()) and a sitemap. The files vary: a `*` rule with an
 * Allow that wins by length, a group for the crawler's own product token, a rule with escaped
 * unreserved characters, rules in raw UTF-8 and in percent-encoded lower-case hex, `$` rules;
 * one host answers 503 (nothing may be fetched), one redirects to a file on another host, one
 * answers 404 (everything may be). disallowed() says which pages the files forbid, by this
 * class's own reading of the rules it wrote (no robots.txt parser): the crawl must fetch none of
 * them, and expected() leaves them (and what only they link to) out.
 *
 * Runs without any PHP module (the API server runs with `php -n`).
 */
final class GeneratedSite
{
    /** The crawl's sites: [host as written in links and seeds, its ASCII form, scheme, a blog host?]. */
    private const SITES = [
        ['www.roastery-alpha.com', 'www.roastery-alpha.com', 'http', true],
        ['www.beans-beta.co.uk', 'www.beans-beta.co.uk', 'https', true],
        ['나나커피로스터스.com', 'xn--910ba870d2ola729pxvdzqk.com', 'https', false],
        ['コーヒー.jp', 'xn--tck2c4fb.jp', 'https', true],
        ['www.bücher.de', 'www.xn--bcher-kva.de', 'http', false],
        ['kaffeerösterei.de', 'xn--kaffeersterei-omb.de', 'https', true],
        ['www.café-noir.fr', 'www.xn--caf-noir-d1a.fr', 'http', false],
        ['珈琲店.jp', 'xn--hxtq58bdja.jp', 'https', false],
        ['тест-кофе.рф', 'xn----itbbtupfcv.xn--p1ai', 'https', false],
        ['www.grind-gamma.net', 'www.grind-gamma.net', 'http', true],
        ['www.drip-delta.org', 'www.drip-delta.org', 'https', false],
        ['www.brew-epsilon.io', 'www.brew-epsilon.io', 'https', true],
        ['www.crema-zeta.com.au', 'www.crema-zeta.com.au', 'https', false],
        ['www.pour-eta.ca', 'www.pour-eta.ca', 'http', false],
        ['www.latte-theta.it', 'www.latte-theta.it', 'https', true],
        ['www.mocha-iota.es', 'www.mocha-iota.es', 'http', false],
        ['www.cup-kappa.nl', 'www.cup-kappa.nl', 'https', false],
        ['www.kettle-lambda.se', 'www.kettle-lambda.se', 'https', true],
        ['www.filter-mu.ch', 'www.filter-mu.ch', 'http', false],
        ['www.press-nu.at', 'www.press-nu.at', 'https', false],
        ['www.roast-xi.be', 'www.roast-xi.be', 'https', false],
        ['www.aroma-omicron.pl', 'www.aroma-omicron.pl', 'http', true],
        ['www.bean-pi.co.nz', 'www.bean-pi.co.nz', 'https', false],
        ['www.siphon-rho.co.jp', 'www.siphon-rho.co.jp', 'https', false],
    ];

    /** Sites outside the crawl that pages link to: never fetched. */
    private const EXTERNAL = [
        'https://en.wikipedia.org/wiki/Coffee_roasting',
        'https://www.example.org/beans?utm_source=roastery',
        'http://archive.example.net/2019/',
    ];

    /** The tracking parameters links carry; keyOf() drops them, as canonicalize() does. */
    private const TRACKING = [
        'utm_source=newsletter&utm_medium=email', 'fbclid=IwAR3x', 'gclid=Cj0KCQ', 'utm_campaign=spring',
    ];

    /** The product token the crawl names itself with in robots.txt (config/services.yaml). */
    public const ROBOTS_AGENT = 'UrlNormalizeCrawler';

    /** The host whose robots.txt answers 503 (unreachable: nothing may be fetched). */
    private const ROBOTS_UNREACHABLE = 'blog.xn--tck2c4fb.jp';

    /** The host whose robots.txt redirects, to ROBOTS_REDIRECT_TARGET. */
    private const ROBOTS_REDIRECTED = 'blog.roastery-alpha.com';

    private const ROBOTS_REDIRECT_TARGET = 'http://www.roastery-alpha.com/robots-blog.txt';

    /** The host that has no robots.txt (404: everything may be fetched). */
    private const ROBOTS_MISSING = 'xn--kaffeersterei-omb.de';

    /** host 1's bad pages, linked from its home page. */
    private const BAD_PAGES = ['/bad/invalid.html', '/bad/huge.html', '/bad/latin1.html', '/bad/script.html'];

    /** @var list<array{written: string, ascii: string, scheme: string, site: int}> */
    private array $hosts = [];
    /** @var array<string, int> ASCII host => index in $hosts */
    private array $hostIndex = [];
    private int $sections;
    private int $items;

    /**
     * @param int $seed the generator's seed: the same seed, the same web
     * @param int $pages about how many pages (not counting the trap)
     */
    public function __construct(private readonly int $seed, int $pages)
    {
        foreach (self::SITES as $site => [$written, $ascii, $scheme, $blog]) {
            $this->addHost($written, $ascii, $scheme, $site);
            if ($blog) {
                $bare = preg_replace('/^www\./', '', $written);
                $this->addHost("blog.$bare", 'blog.' . preg_replace('/^www\./', '', $ascii), $scheme, $site);
            }
        }
        // Each host: a home page, `sections` section pages, `items` items in each.
        $perHost = max(8, (int) ceil($pages / count($this->hosts)));
        $this->sections = max(2, (int) round(sqrt($perHost) / 2));
        $this->items = max(2, (int) ceil(($perHost - 1 - $this->sections) / $this->sections));
    }

    /**
     * The crawl's seed URLs: each site's home page, as a person would store it (Unicode hosts).
     *
     * @return list<string>
     */
    public function seeds(): array
    {
        $seeds = [];
        foreach ($this->hosts as $host) {
            if (!str_starts_with($host['written'], 'blog.')) {
                $seeds[] = "{$host['scheme']}://{$host['written']}/";
            }
        }
        return $seeds;
    }

    /**
     * Every host's ASCII name.
     *
     * @return list<string>
     */
    public function hosts(): array
    {
        return array_column($this->hosts, 'ascii');
    }

    /**
     * The canonical key of the page a request URL names, or null when there is no such page.
     *
     * @param string $url an absolute URL as the crawl API receives it (ASCII host)
     */
    public function keyOf(string $url): ?string
    {
        $parts = parse_url($url);
        if ($parts === false || !isset($parts['scheme'], $parts['host'])) {
            return null;
        }
        $host = strtolower($parts['host']);
        $index = $this->hostIndex[$host] ?? null;
        if ($index === null || strtolower($parts['scheme']) !== $this->hosts[$index]['scheme']) {
            return null;
        }
        $defaultPort = $this->hosts[$index]['scheme'] === 'https' ? 443 : 80;
        if (isset($parts['port']) && $parts['port'] !== $defaultPort) {
            return null;
        }
        if (isset($parts['query'])) {
            foreach (explode('&', $parts['query']) as $pair) {
                $name = strtolower(explode('=', $pair)[0]);
                if ($pair !== '' && !str_starts_with($name, 'utm_') && !in_array($name, ['fbclid', 'gclid'], true)) {
                    return null;
                }
            }
        }
        // Escaped unreserved characters are those characters; the rest of the path is compared
        // decoded, then written back with every non-ASCII byte escaped.
        $path = rawurldecode($parts['path'] ?? '/');
        $path = (string) preg_replace('~(^|/)index\.html$~', '$1', $path);
        $key = $this->key($index, $path);
        return $this->exists($key) ? $key : null;
    }

    /**
     * The registrable domain of the page's site (its ASCII host without www. or blog.).
     */
    public function siteOf(string $key): string
    {
        $host = (string) parse_url($key, PHP_URL_HOST);
        return $this->siteName($this->hostIndex[$host]);
    }

    /**
     * Whether the page is one of the endless calendar's.
     */
    public function isTrap(string $key): bool
    {
        return str_contains($key, '/calendar/');
    }

    /**
     * The page's HTML. Pages are UTF-8, except host 1's /bad/latin1.html.
     */
    public function render(string $key): string
    {
        $charset = str_ends_with($key, '/bad/latin1.html') ? 'ISO-8859-1' : 'UTF-8';
        $anchors = '';
        foreach ($this->links($key) as [, $href]) {
            $anchors .= '<a href="' . htmlspecialchars($href, ENT_QUOTES | ENT_SUBSTITUTE, $charset) . "\">link</a>\n";
        }
        $title = $charset === 'ISO-8859-1' ? "Caf\xE9 cr\xE8me" : $key;
        return "<!DOCTYPE html>\n<html><head><meta charset=\"$charset\"><title>"
            . htmlspecialchars($title, ENT_QUOTES | ENT_SUBSTITUTE, $charset)
            . "</title></head><body>\n$anchors</body></html>\n";
    }

    /**
     * Every page the crawl must fetch: the pages reachable from the seeds in at most
     * $maxDepth links, each with its depth, robots.txt allowing. The trap's pages are reachable
     * one month a link. A page robots.txt disallows is found but neither fetched nor followed.
     *
     * @return array<string, int> canonical key => depth
     */
    public function expected(int $maxDepth): array
    {
        return $this->crawl($maxDepth)[0];
    }

    /**
     * The pages the crawl finds that robots.txt disallows: linked from a fetched page within
     * the depth limit, never to be fetched.
     *
     * @return array<string, int> canonical key => depth
     */
    public function disallowedFound(int $maxDepth): array
    {
        return $this->crawl($maxDepth)[1];
    }

    /**
     * The breadth-first crawl that expected() and disallowedFound() read.
     *
     * @return array{array<string, int>, array<string, int>} allowed pages, disallowed pages
     */
    private function crawl(int $maxDepth): array
    {
        $depths = [];
        $level = [];
        foreach ($this->seeds() as $seed) {
            $key = $this->keyOf($this->asciiUrl($seed));
            \assert($key !== null);
            $depths[$key] = 0;
            $level[] = $key;
        }
        $disallowed = [];
        for ($depth = 1; $depth <= $maxDepth && $level !== []; $depth++) {
            $next = [];
            foreach ($level as $key) {
                foreach ($this->links($key) as [$target]) {
                    if ($target === null || isset($depths[$target]) || isset($disallowed[$target])) {
                        continue;
                    }
                    if ($this->disallowed($target)) {
                        $disallowed[$target] = $depth;
                    } else {
                        $depths[$target] = $depth;
                        $next[] = $target;
                    }
                }
            }
            $level = $next;
        }
        return [$depths, $disallowed];
    }

    /**
     * Whether the robots.txt of the page's host forbids the crawl to fetch it, by the rules
     * robotsOf() writes (read here by hand, without a parser).
     */
    public function disallowed(string $key): bool
    {
        $ascii = (string) parse_url($key, PHP_URL_HOST);
        $host = $this->hostIndex[$ascii];
        $path = rawurldecode((string) parse_url($key, PHP_URL_PATH));
        $section = preg_match('~^/(?:s|café-)(\d+)/(?:p(\d+)\.html)?$~', $path, $m) === 1
            ? [(int) $m[1], isset($m[2]) ? (int) $m[2] : null]
            : null;
        return match (true) {
            $ascii === self::ROBOTS_UNREACHABLE => true,
            $ascii === self::ROBOTS_REDIRECTED => $section !== null && $section[0] === 1,
            $ascii === self::ROBOTS_MISSING, $section === null => false,
            // `Disallow: /*/p1.html` and `Allow: /<section 0>/p1.html`: the longer rule wins.
            self::robotsVariant($host) === 0 => $section[1] === 1 && $section[0] !== 0,
            // The crawler's own group disallows section 1; the `*` group, everything.
            self::robotsVariant($host) === 1 => $section[0] === 1,
            // `%70%30.html` is `p0.html` (escaped unreserved characters are those characters).
            default => $section[0] === 1 && $section[1] === 0,
        };
    }

    /**
     * What the host answers for a robots.txt or a sitemap URL (ASCII host, as the crawl API
     * receives it), or null when the URL is neither.
     *
     * @return array{status: int, body: string, location: ?string}|null
     */
    public function resource(string $url): ?array
    {
        $parts = parse_url($url);
        $ascii = strtolower((string) ($parts['host'] ?? ''));
        $host = $this->hostIndex[$ascii] ?? null;
        if ($host === null || strtolower((string) ($parts['scheme'] ?? '')) !== $this->hosts[$host]['scheme']) {
            return null;
        }
        return match ($parts['path'] ?? '/') {
            '/robots.txt' => $this->robotsOf($host),
            '/sitemap.xml' => ['status' => 200, 'body' => $this->sitemapOf($host), 'location' => null],
            '/robots-blog.txt' => $this->hosts[$host]['ascii'] === parse_url(self::ROBOTS_REDIRECT_TARGET, PHP_URL_HOST)
                ? ['status' => 200, 'body' => "User-agent: *\nDisallow: /s1/\n", 'location' => null]
                : null,
            default => null,
        };
    }

    /**
     * The host's robots.txt: a status, a body, and the location of a redirect.
     *
     * @return array{status: int, body: string, location: ?string}
     */
    public function robotsOf(int $host): array
    {
        $ascii = $this->hosts[$host]['ascii'];
        if ($ascii === self::ROBOTS_UNREACHABLE) {
            return ['status' => 503, 'body' => 'Service Unavailable', 'location' => null];
        }
        if ($ascii === self::ROBOTS_MISSING) {
            return ['status' => 404, 'body' => 'Not Found', 'location' => null];
        }
        if ($ascii === self::ROBOTS_REDIRECTED) {
            return ['status' => 301, 'body' => '', 'location' => self::ROBOTS_REDIRECT_TARGET];
        }
        $cafe = $host % 3 === 2;
        $section = static fn (int $s, bool $encoded): string => $cafe
            ? ($encoded ? "/caf%c3%a9-$s/" : "/café-$s/")
            : "/s$s/";
        $body = "\xEF\xBB\xBF# robots.txt of {$this->hosts[$host]['written']}\r\n";
        $body .= match (self::robotsVariant($host)) {
            0 => "User-agent: *\r\nDisallow: /*/p1.html\r\nAllow: {$section(0, false)}p1.html # the longer rule\r\n"
                . "Disallow: /*.pdf\$\r\nDisallow: /*/print\$\r\n",
            1 => "User-agent: OtherBot\nDisallow: /\n\nUser-agent: " . self::ROBOTS_AGENT . "\nUser-agent: AnotherBot\n"
                . "Disallow: {$section(1, true)}\nCrawl-delay: 0.1\n\nUser-agent: *\nDisallow: /\n",
            default => "User-agent: *\rDisallow: {$section(1, true)}%70%30.html\rDisallow: /*.json\$\r",
        };
        $body .= "Sitemap: /sitemap.xml\n";
        return ['status' => 200, 'body' => $body, 'location' => null];
    }

    /**
     * Which of the three robots.txt files a host serves; independent of whether its sections
     * are ASCII (host % 3), so that each file meets both kinds of paths.
     */
    private static function robotsVariant(int $host): int
    {
        return intdiv($host, 3) % 3;
    }

    /**
     * The host's sitemap: its home page and its section pages.
     */
    private function sitemapOf(int $host): string
    {
        $xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            . "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
        $paths = ['/'];
        for ($s = 0; $s < $this->sections; $s++) {
            $paths[] = $this->sectionPath($host, $s);
        }
        foreach ($paths as $path) {
            $xml .= '  <url><loc>' . htmlspecialchars($this->key($host, $path), ENT_XML1) . "</loc></url>\n";
        }
        return $xml . "</urlset>\n";
    }

    /**
     * The page's links: [target page's key (null: outside the crawl or no page), href as written].
     *
     * @return list<array{?string, string}>
     */
    public function links(string $key): array
    {
        $host = $this->hostIndex[(string) parse_url($key, PHP_URL_HOST)];
        $path = rawurldecode((string) parse_url($key, PHP_URL_PATH));
        $random = new class (crc32("{$this->seed}|$key")) {
            public function __construct(private int $state)
            {
            }

            /** A number in [0, $n): a 31-bit linear congruential generator, plenty for picking. */
            public function below(int $n): int
            {
                $this->state = ($this->state * 1103515245 + 12345) & 0x7fffffff;
                return intdiv($this->state, 7) % $n;
            }
        };
        $targets = [];
        $site = $this->hosts[$host]['site'];
        if (str_starts_with($path, '/calendar/')) {
            // The trap: each month links the next one and the previous one, forever.
            [, , $year, $month] = explode('/', $path);
            $next = ((int) $year * 12 + (int) $month) % 12 === 0
                ? sprintf('%04d/01', (int) $year + 1) : sprintf('%04d/%02d', (int) $year, (int) $month + 1);
            $previous = (int) $month === 1
                ? sprintf('%04d/12', (int) $year - 1) : sprintf('%04d/%02d', (int) $year, (int) $month - 1);
            return [
                [$this->key($host, "/calendar/$next/"), "../../$next/"],
                [$this->key($host, "/calendar/$previous/"), "../../$previous/"],
                [$this->key($host, '/'), '/'],
            ];
        }
        if ($path === '/bad/huge.html') {
            // 1 MB of links, all to a few pages under tracking parameters (one key each).
            $links = [];
            for ($i = 0, $size = 0; $size < 1_000_000; $i++) {
                $section = $this->sectionPath($host, $i % $this->sections);
                $links[] = [$this->key($host, $section), "$section?utm_source=huge&utm_content=$i#a$i"];
                $size += strlen($links[$i][1]) + 25;
            }
            return $links;
        }
        if ($path === '/bad/invalid.html') {
            return [
                [null, 'http://exa mple.com/'],
                [null, 'https://[::1/'],
                [null, 'http://roastery-alpha.com:99999/'],
                [null, 'https://xn--a.com/'],
                [$this->key($host, '/'), '../index.html'],
            ];
        }
        if ($path === '/bad/latin1.html') {
            return [
                [$this->key($host, '/'), "/#caf\xE9"],
                [$this->key($host, '/bad/script.html'), "script.html?utm_source=cr\xE8me"],
            ];
        }
        if ($path === '/bad/script.html') {
            return [
                [null, 'javascript:void(0)'],
                [null, 'mailto:roaster@example.com'],
                [null, 'data:text/html,<a href=/x>x</a>'],
                [$this->key($host, '/'), '/'],
            ];
        }
        if ($path === '/') {
            for ($s = 0; $s < $this->sections; $s++) {
                $targets[] = [$host, $this->sectionPath($host, $s)];
            }
            if (isset($this->hosts[$host + 1]) && $this->hosts[$host + 1]['site'] === $site) {
                $targets[] = [$host + 1, '/'];
            }
            if ($host === 0) {
                $targets[] = [$host, '/calendar/2024/01/'];
            }
            if ($host === $this->firstHostOf(1)) {
                foreach (self::BAD_PAGES as $bad) {
                    $targets[] = [$host, $bad];
                }
            }
            $targets[] = [$this->firstHostOf(($site + 1) % count(self::SITES)), '/'];
        } elseif (preg_match('~^/[^/]+/$~', $path) === 1) {
            $section = $this->sectionNumber($host, $path);
            for ($i = 0; $i < $this->items; $i++) {
                $targets[] = [$host, $this->itemPath($host, $section, $i)];
            }
            $targets[] = [$host, '/'];
            $targets[] = [$host, $this->sectionPath($host, ($section + 1) % $this->sections)];
            $other = $this->firstHostOf($random->below(count(self::SITES)));
            $targets[] = [$other, $this->sectionPath($other, $random->below($this->sections))];
        } else {
            $section = $this->sectionNumber($host, (string) preg_replace('~[^/]+$~', '', $path));
            $targets[] = [$host, '/'];
            $targets[] = [$host, $this->sectionPath($host, $section)];
            for ($i = 0; $i < 3; $i++) {
                $targets[] = [$host, $this->randomItem($host, $random)];
            }
            $other = $this->firstHostOf($random->below(count(self::SITES)));
            $targets[] = [$other, $this->randomItem($other, $random)];
        }
        $links = [];
        foreach ($targets as [$targetHost, $targetPath]) {
            $href = $this->spell($host, $path, $targetHost, $targetPath, $random->below(12));
            $links[] = [$this->key($targetHost, $targetPath), $href];
        }
        $links[] = [null, self::EXTERNAL[$random->below(count(self::EXTERNAL))]];
        return $links;
    }

    /**
     * The page's URL with its host in ASCII.
     */
    public function asciiUrl(string $url): string
    {
        foreach ($this->hosts as $host) {
            $url = str_replace("://{$host['written']}/", "://{$host['ascii']}/", $url);
        }
        return $url;
    }

    /**
     * One way of writing a link from $fromPath on host $from to $path on host $to.
     */
    private function spell(int $from, string $fromPath, int $to, string $path, int $variant): string
    {
        $target = $this->hosts[$to];
        $index = str_ends_with($path, '/') ? 'index.html' : '';
        if ($from !== $to) {
            // Another host: absolute or scheme-relative (same scheme only), its name as written,
            // in ASCII, or shouted.
            $sameScheme = $target['scheme'] === $this->hosts[$from]['scheme'];
            return match ($variant % 4) {
                0 => "{$target['scheme']}://{$target['written']}$path",
                1 => ($sameScheme ? '' : "{$target['scheme']}:") . "//{$target['ascii']}$path",
                2 => strtoupper($target['scheme']) . '://' . strtoupper($target['ascii'])
                    . ($target['scheme'] === 'https' ? ':443' : ':80') . $path,
                default => "{$target['scheme']}://{$target['written']}$path?" . self::TRACKING[$variant % 4],
            };
        }
        return match ($variant) {
            0 => $path,
            1 => $this->relative($fromPath, $path),
            2 => "//{$target['written']}$path$index",
            3 => strtoupper($target['scheme']) . '://' . strtoupper($target['ascii'])
                . ($target['scheme'] === 'https' ? ':443' : ':80') . $path,
            4 => $path . '?' . self::TRACKING[strlen($fromPath) % 4],
            5 => $path . '#section-' . strlen($fromPath),
            6 => $path . $index,
            7 => '/./' . ltrim($path, '/') . ($index === '' ? '' : '#top'),
            // The last segment's first letter escaped: /s1/%70%31.html is /s1/p1.html.
            8 => (string) preg_replace_callback(
                '~/([a-z])([^/]*)$~',
                static fn (array $m): string => '/%' . strtoupper(dechex(ord($m[1]))) . $m[2],
                $path
            ),
            9 => str_starts_with($rel = $this->relative($fromPath, $path), '.') ? $rel : "./$rel",
            10 => "{$target['scheme']}://{$target['written']}$path?" . self::TRACKING[$variant % 4] . '#x',
            default => $this->relative($fromPath, $path) . $index,
        };
    }

    /**
     * A relative reference from the page at $from to $to, on one host.
     */
    private function relative(string $from, string $to): string
    {
        $fromDir = explode('/', trim((string) preg_replace('~[^/]*$~', '', $from), '/'));
        $toParts = explode('/', ltrim($to, '/'));
        $fromDir = array_values(array_filter($fromDir, static fn (string $s): bool => $s !== ''));
        $common = 0;
        while ($common < count($fromDir) && $common < count($toParts) - 1 && $fromDir[$common] === $toParts[$common]) {
            $common++;
        }
        $up = str_repeat('../', count($fromDir) - $common);
        $rest = implode('/', array_slice($toParts, $common));
        return $up === '' ? ($rest === '' ? './' : $rest) : $up . $rest;
    }

    private function addHost(string $written, string $ascii, string $scheme, int $site): void
    {
        $this->hostIndex[$ascii] = count($this->hosts);
        $this->hosts[] = ['written' => $written, 'ascii' => $ascii, 'scheme' => $scheme, 'site' => $site];
    }

    private function firstHostOf(int $site): int
    {
        foreach ($this->hosts as $index => $host) {
            if ($host['site'] === $site) {
                return $index;
            }
        }
        throw new \LogicException("No site $site");
    }

    private function siteName(int $host): string
    {
        return (string) preg_replace('/^(www|blog)\./', '', $this->hosts[$host]['ascii']);
    }

    /**
     * Section $s's path: /s3/, or /café-3/ on every third host (a path that is not ASCII).
     */
    private function sectionPath(int $host, int $s): string
    {
        return $host % 3 === 2 ? "/café-$s/" : "/s$s/";
    }

    private function sectionNumber(int $host, string $path): int
    {
        return (int) preg_replace('~\D~', '', $path);
    }

    private function itemPath(int $host, int $section, int $item): string
    {
        return $this->sectionPath($host, $section) . "p$item.html";
    }

    /**
     * The path of an item of the host, picked by $random (an object with below(int): int).
     */
    private function randomItem(int $host, object $random): string
    {
        return $this->itemPath($host, $random->below($this->sections), $random->below($this->items));
    }

    /**
     * A page's canonical key: scheme://ASCII host, then the path with non-ASCII bytes escaped.
     */
    private function key(int $host, string $path): string
    {
        $escaped = (string) preg_replace_callback(
            '/[^\x21-\x7e]/',
            static fn (array $m): string => sprintf('%%%02X', ord($m[0])),
            $path
        );
        return "{$this->hosts[$host]['scheme']}://{$this->hosts[$host]['ascii']}$escaped";
    }

    /**
     * Whether a key names a page of this web.
     */
    private function exists(string $key): bool
    {
        $host = $this->hostIndex[(string) parse_url($key, PHP_URL_HOST)] ?? null;
        if ($host === null) {
            return false;
        }
        $path = rawurldecode((string) parse_url($key, PHP_URL_PATH));
        if ($path === '/') {
            return true;
        }
        if ($host === 0 && preg_match('~^/calendar/(\d{4})/(\d{2})/$~', $path, $m) === 1) {
            return (int) $m[2] >= 1 && (int) $m[2] <= 12;
        }
        if ($host === $this->firstHostOf(1) && in_array($path, self::BAD_PAGES, true)) {
            return true;
        }
        $prefix = $host % 3 === 2 ? 'café-' : 's';
        if (preg_match('~^/' . preg_quote($prefix, '~') . '(\d+)/(?:p(\d+)\.html)?$~', $path, $m) !== 1) {
            return false;
        }
        return (int) $m[1] < $this->sections && (!isset($m[2]) || (int) $m[2] < $this->items);
    }
}
