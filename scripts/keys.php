<?php

declare(strict_types=1);

// The key-stability list, testdata/keys/keys.tsv (see php-tests/Support/KeyList.php):
//
//   php -d extension=target/release/liburl_normalize.so scripts/keys.php check
//       compares the list with what the loaded extension computes; exit status 1 and the
//       first differences when any key differs.
//   php -d extension=... scripts/keys.php write [--add FILE] [--accept-changed-keys]
//       rewrites the list for its URLs, plus the URLs of FILE (one per line; those that are
//       no URL or hold a control character are left out). It refuses, writing nothing, when a
//       key of a URL already listed would change, unless --accept-changed-keys is given, and
//       that only after UrlNormalizer::KEY_VERSION was raised above the list's version.

use UrlNormalize\Tests\Support\KeyList;
use UrlNormalize\UrlNormalizer;

require __DIR__ . '/../php-tests/app/autoload.php';

$arguments = array_slice($argv, 1);
$mode = array_shift($arguments);
$accept = false;
$addFile = null;
while ($arguments !== []) {
    $argument = array_shift($arguments);
    if ($argument === '--accept-changed-keys') {
        $accept = true;
    } elseif ($argument === '--add' && $arguments !== []) {
        $addFile = (string) array_shift($arguments);
    } else {
        $mode = null;
        break;
    }
}
if (!in_array($mode, ['check', 'write'], true) || ($mode === 'check' && ($accept || $addFile !== null))) {
    fwrite(STDERR, "usage: scripts/keys.php check | write [--add FILE] [--accept-changed-keys]\n");
    exit(2);
}
if (!extension_loaded('url_normalize')) {
    fwrite(STDERR, "Load the extension: php -d extension=\$PWD/target/release/liburl_normalize.so scripts/keys.php\n");
    exit(2);
}

$listed = is_file(KeyList::PATH) ? KeyList::read() : ['version' => null, 'rows' => []];
$normalizer = KeyList::normalizer();

// The listed URLs in their order, then the new ones.
$urls = [];
foreach ($listed['rows'] as [, $url]) {
    $urls[$url] = true;
}
$added = 0;
$skipped = 0;
foreach ($addFile === null ? [] : (file($addFile, FILE_IGNORE_NEW_LINES) ?: []) as $url) {
    if (isset($urls[$url])) {
        continue;
    }
    try {
        if (!KeyList::storable($url)) {
            throw new \InvalidArgumentException('not storable');
        }
        $normalizer->canonicalize($url);
    } catch (\InvalidArgumentException $e) {
        $skipped++;
        continue;
    }
    $urls[$url] = true;
    $added++;
}

$old = [];
foreach ($listed['rows'] as $row) {
    $old[$row[0] . "\t" . $row[1]] = $row;
}
$rows = [];
$changed = [];
foreach (array_keys($urls) as $url) {
    foreach (KeyList::FLAG_SETS as $flags) {
        try {
            $row = KeyList::compute($normalizer, $flags, (string) $url);
        } catch (\InvalidArgumentException $e) {
            $row = [$flags, (string) $url, '(invalid: ' . $e->getMessage() . ')', '', ''];
        }
        $before = $old[$flags . "\t" . $url] ?? null;
        if ($before !== null && $before !== $row) {
            $changed[] = [$before, $row];
        }
        $rows[] = $row;
    }
}

foreach (array_slice($changed, 0, 20) as [$before, $after]) {
    printf("%s %s\n", $before[0], $before[1]);
    printf("  listed:   %s\n", implode(' ', array_slice($before, 2)));
    printf("  computed: %s\n", implode(' ', array_slice($after, 2)));
}
$version = UrlNormalizer::KEY_VERSION;
if ($mode === 'check') {
    if ($listed['version'] !== $version) {
        printf("The list is for KEY_VERSION %s, the extension has %d\n", (string) $listed['version'], $version);
        exit(1);
    }
    printf("%d keys of %d URLs: %d differ\n", count($rows), count($urls), count($changed));
    exit($changed === [] ? 0 : 1);
}
if ($changed !== [] && !$accept) {
    printf(
        "%d existing keys would change: nothing written. If the change is intended, raise\n"
            . "UrlNormalizer::KEY_VERSION (core/src/keys/fingerprint.rs) and run again with --accept-changed-keys.\n",
        count($changed)
    );
    exit(1);
}
if ($changed !== [] && $listed['version'] !== null && $version <= $listed['version']) {
    printf(
        "%d existing keys change, but KEY_VERSION is still %d: raise it first (core/src/keys/fingerprint.rs).\n",
        count($changed),
        $version
    );
    exit(1);
}
if ($changed === [] && $listed['version'] !== null && $version !== $listed['version']) {
    printf(
        "No key changed, but KEY_VERSION is %d and the list's %d: a new version needs a changed key.\n",
        $version,
        $listed['version']
    );
    exit(1);
}
$temporary = KeyList::PATH . '.tmp';
if (!is_dir(dirname(KeyList::PATH))) {
    mkdir(dirname(KeyList::PATH), 0777, true);
}
file_put_contents($temporary, KeyList::format($version, $rows));
rename($temporary, KeyList::PATH);
printf(
    "%s: %d URLs (%d added, %d left out), %d keys, %d changed, KEY_VERSION %d\n",
    KeyList::PATH,
    count($urls),
    $added,
    $skipped,
    count($rows),
    count($changed),
    $version
);
