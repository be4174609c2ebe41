<?php

declare(strict_types=1);

// Writes the fuzz seed corpora (run through fuzz/seed-corpus): fuzz/corpus/<target>/<sha1>,
// one input per file, in the input format of each target (fuzz/src/checks.rs):
//   normalize     the URL
//   resolve       href, a 0xFF byte, base
//   canonicalize  two bytes of flags (little-endian), then the URL
//   robots        the robots.txt body, 0xFF, the URL, 0xFF, the crawler's name
//   urlpattern    the pattern, 0xFF, the URL
// from the conformance suites and the URL lists (php-tests/Support/TestData.php says where).
// Deterministic: the same data gives the same files. Prints how many seeds each target got.
//
//   php scripts/fuzz-seed-corpus.php CORPUS_DIR

use UrlNormalize\Tests\Support\TestData;

require __DIR__ . '/../php-tests/Support/TestData.php';

// Every canonicalize flag (core/src/keys/flags.rs), in order, then the presets.
$flagValues = [
    'CAPITALIZE_PERCENT_ENCODING' => 1, 'DECODE_UNRESERVED_CHARACTERS' => 2, 'REMOVE_DOT_SEGMENTS' => 4,
    'FORCE_HTTPS' => 8, 'REMOVE_WWW' => 16, 'REMOVE_SESSION_IDS' => 32, 'REMOVE_DUPLICATE_SLASHES' => 64,
    'REMOVE_DIRECTORY_INDEX' => 128, 'REMOVE_TRAILING_SLASH' => 256, 'REMOVE_TRACKING_PARAMETERS' => 512,
    'REMOVE_EMPTY_QUERY_PARAMETERS' => 1024, 'REMOVE_DUPLICATE_QUERY_PARAMETERS' => 2048,
    'SORT_QUERY_PARAMETERS' => 4096, 'REMOVE_EMPTY_QUERY' => 8192, 'REMOVE_FRAGMENT' => 16384,
    'REMOVE_FRAGMENTS' => 32768,
    'MAKE_CANONICAL' => 3, 'SAFE' => 16391, 'USUALLY_SAFE' => 31463, 'AGGRESSIVE' => 65535,
];

// URL::Normalize 0.44's methods as flags (remove_query_parameter is an option, not a flag).
$methodFlags = [
    'make_canonical' => 3, 'remove_dot_segments' => 4, 'remove_directory_index' => 128,
    'remove_duplicate_slashes' => 64, 'remove_empty_query' => 8192, 'remove_empty_query_parameters' => 1024,
    'remove_duplicate_query_parameters' => 2048, 'sort_query_parameters' => 4096,
    'remove_fragment' => 16384, 'remove_query_parameter' => 0,
];

// Relative links tried against every sampled URL of the data lists.
$hrefs = ['../about/team?lang=en#top', './x/../y', '//cdn.example.org/a.js', '?page=2', '#f', ''];

/** @return list<mixed> the decoded JSON array of a file; a lone UTF-16 surrogate becomes U+FFFD */
$jsonArray = static function (string $path): array {
    $text = (string) preg_replace_callback(
        '/\\\\u(d[89ab][0-9a-f]{2})(\\\\u(d[c-f][0-9a-f]{2}))?|\\\\u(d[c-f][0-9a-f]{2})/i',
        fn (array $m): string => ($m[2] ?? '') !== '' ? $m[0] : '\\ufffd',
        (string) file_get_contents($path)
    );
    $data = json_decode($text, true, 512, JSON_THROW_ON_ERROR);
    return is_array($data) ? array_values($data) : [];
};

/** @return list<array<string, mixed>> one decoded object per non-empty line */
$jsonLines = static function (string $path): array {
    $rows = [];
    foreach (file($path, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) ?: [] as $line) {
        $row = json_decode($line, true, 512, JSON_THROW_ON_ERROR);
        if (is_array($row)) {
            $rows[] = $row;
        }
    }
    return $rows;
};

/** @return list<string> every $step-th line of a URL list (only a trailing CR/LF stripped) */
$sampleLines = static function (string $path, int $step): array {
    $lines = [];
    foreach (file($path) ?: [] as $index => $line) {
        if ($index % $step === 0) {
            $lines[] = rtrim($line, "\r\n");
        }
    }
    return $lines;
};

/** @return list<string> hosts of the IDNA suites, each inside a URL */
$idnaHosts = static function (string $conformance) use ($jsonArray): array {
    $urls = [];
    foreach (['wpt-toascii.json', 'wpt-IdnaTestV2.json'] as $file) {
        foreach ($jsonArray("$conformance/$file") as $case) {
            if (is_array($case) && is_string($case['input'] ?? null)) {
                $urls[] = 'https://' . $case['input'] . '/x';
            }
        }
    }
    foreach (file("$conformance/IdnaTestV2.txt", FILE_IGNORE_NEW_LINES) ?: [] as $line) {
        $source = trim(explode(';', $line)[0]);
        if ($source !== '' && $line[0] !== '#') {
            // The file escapes some code points as \uXXXX or \x{XXXX} (surrogates become U+FFFD).
            $source = (string) preg_replace_callback(
                '/\\\\u([0-9A-Fa-f]{4})|\\\\x\{([0-9A-Fa-f]+)\}/',
                fn (array $m): string
                    => mb_chr((int) hexdec($m[1] !== '' ? $m[1] : ($m[2] ?? '')), 'UTF-8') ?: "\u{FFFD}",
                $source
            );
            $urls[] = 'https://' . $source . '/';
        }
    }
    return $urls;
};

$corpus = $argv[1] ?? null;
if (!is_string($corpus)) {
    fwrite(STDERR, "usage: php scripts/fuzz-seed-corpus.php CORPUS_DIR\n");
    exit(2);
}
$conformance = dirname(TestData::conformance('README.md'));

$urls = [];          // normalize seeds; also the URLs of the other two targets
$pairs = [];         // [href, base] for resolve
$flagged = [];       // [flags, url] for canonicalize
foreach ($jsonArray("$conformance/wpt-urltestdata.json") as $case) {
    if (is_array($case) && is_string($case['input'] ?? null)) {
        $urls[] = $case['input'];
        if (is_string($case['base'] ?? null)) {
            $urls[] = $case['base'];
            $pairs[] = [$case['input'], $case['base']];
        }
    }
}
array_push($urls, ...$idnaHosts($conformance));
foreach ($jsonLines("$conformance/url-normalize-0.44-tests.jsonl") as $case) {
    $urls[] = (string) $case['input'];
    $flags = 0;
    foreach ((array) ($case['methods'] ?? []) as $method) {
        $flags |= $methodFlags[$method] ?? 0;
    }
    $flagged[] = [$flags, (string) $case['input']];
}
foreach ($jsonLines("$conformance/guzzle-psr7-2.6.2-uri-tests.jsonl") as $case) {
    $input = (string) $case['input'];
    $absolute = str_contains($input, '://') ? $input : 'http://example.org' . $input;
    $urls[] = $input;
    if ($case['op'] === 'resolve') {
        $pairs[] = [$input, (string) $case['base']];
    } elseif ($case['op'] === 'normalize') {
        $flags = 0;
        foreach ((array) $case['flags'] as $name) {
            $flags |= $flagValues[$name] ?? 0;
        }
        $flagged[] = [$flags, $absolute];
    }
}
foreach (file("$conformance/rfc3986-resolution-examples.tsv", FILE_IGNORE_NEW_LINES) ?: [] as $index => $line) {
    $columns = explode("\t", $line);
    if ($index > 0 && count($columns) >= 3) {
        $pairs[] = [$columns[2], $columns[1]];
    }
}
// The lists: all 2,000 IDN URLs, every 10th messy userbait URL, every 50th kasztp URL.
$listed = array_merge(
    $sampleLines(TestData::urlList('idn-sample.txt'), 1),
    in_array('userbait.txt', TestData::urlLists(), true) ? $sampleLines(TestData::urlList('userbait.txt'), 10) : [],
    $sampleLines(TestData::urlList('kasztp.txt'), 50)
);
array_push($urls, ...$listed);
foreach ($listed as $index => $url) {
    $pairs[] = [$hrefs[$index % count($hrefs)], $url];
}

// Every URL goes to canonicalize too, with each flag and preset in turn.
$names = array_keys($flagValues);
foreach ($urls as $index => $url) {
    $flagged[] = [$flagValues[$names[$index % count($names)]], $url];
}

// robots.txt: every file, URL and name of the three robots.txt suites.
$robots = [];
$robotsFiles = [
    'robotstxt-rfc9309-examples.jsonl', 'robotstxt-google-tests.jsonl', 'robotstxt-crawler-commons-tests.jsonl',
];
foreach ($robotsFiles as $file) {
    foreach ($jsonLines("$conformance/$file") as $case) {
        if (($case['kind'] ?? '') === 'allowed') {
            $body = isset($case['robots_base64'])
                ? (string) base64_decode((string) $case['robots_base64'])
                : (string) $case['robots'];
            $robots[] = $body . "\xFF" . $case['url'] . "\xFF" . $case['agent'];
        }
    }
}
// URL patterns: WPT's constructor strings, and pathname patterns, each with the URL it is
// matched against (or a URL of its own).
$patterns = [];
foreach ($jsonArray("$conformance/wpt-urlpatterntestdata.json") as $case) {
    $pattern = $case['pattern'][0] ?? null;
    $input = $case['inputs'][0] ?? null;
    $text = is_string($pattern) ? $pattern : (is_array($pattern) ? (string) ($pattern['pathname'] ?? '') : '');
    $url = is_string($input) ? $input : (is_array($input) ? 'https://example.com' . ($input['pathname'] ?? '/') : '');
    if ($text !== '') {
        $patterns[] = $text . "\xFF" . $url;
    }
}

$seeds = [
    'robots' => $robots,
    'urlpattern' => $patterns,
    'normalize' => $urls,
    'resolve' => array_map(fn (array $pair): string => $pair[0] . "\xFF" . $pair[1], $pairs),
    'canonicalize' => array_map(fn (array $case): string => pack('v', $case[0]) . $case[1], $flagged),
];
foreach ($seeds as $target => $inputs) {
    $dir = "$corpus/$target";
    if (!is_dir($dir) && !mkdir($dir, 0777, true)) {
        fwrite(STDERR, "cannot create $dir\n");
        exit(1);
    }
    $written = [];
    foreach ($inputs as $input) {
        $name = sha1($input);
        if (!isset($written[$name])) {
            file_put_contents("$dir/$name", $input);
            $written[$name] = true;
        }
    }
    printf("%-13s %6d seeds in %s\n", $target, count($written), $dir);
}
