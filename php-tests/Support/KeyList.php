<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Support;

use UrlNormalize\UrlNormalizer;

/**
 * The key-stability list, testdata/keys/keys.tsv: URLs with their canonical forms and both
 * fingerprints under several flag sets, as this build computes them. Read by
 * KeyStabilityTest and written by scripts/keys.php; core/tests/key_stability.rs reads the same file
 * through the Rust core.
 *
 * The file: lines starting with `#` are comments, one of which is `# KEY_VERSION <n>`; every
 * other line is `flags TAB url TAB canonical TAB xxh64 TAB xxh3-128`, `flags` the name of a
 * preset. URLs hold no control character (no tab, no newline).
 */
final class KeyList
{
    public const PATH = __DIR__ . '/../../testdata/keys/keys.tsv';

    /** The flag sets every URL is keyed under. */
    public const FLAG_SETS = ['SAFE', 'USUALLY_SAFE', 'AGGRESSIVE'];

    private const HEADER = <<<'TEXT'
        # url_normalize key-stability list: each URL's canonical form and both fingerprints
        # (fingerprint($url, $flags) and fingerprint($url, $flags, 128)) under the presets SAFE,
        # USUALLY_SAFE and AGGRESSIVE, with the default options. Keys are a storage format: the
        # tests (php-tests/KeyStabilityTest.php, core/tests/key_stability.rs) fail when a build
        # computes any of them differently. Do not edit by hand; scripts/keys.php rewrites it,
        # and refuses to change an existing key unless KEY_VERSION was raised (README, "Keys").
        # URLs: a sample of the project's URL lists (kasztp.txt, idn-sample.txt; an earlier
        # idn-sample.txt among them) and hand-picked cases for every transform.
        # Columns: flags, URL, canonical form, XXH64 (16 hex digits), XXH3-128 (32 hex digits).
        TEXT;

    /**
     * The rows of the file at $path, in order, each as [flags, url, canonical, xxh64, xxh128],
     * and the KEY_VERSION its header names (null when it names none).
     *
     * @return array{version: ?int, rows: list<array{string, string, string, string, string}>}
     */
    public static function read(string $path = self::PATH): array
    {
        $version = null;
        $rows = [];
        foreach (file($path, FILE_IGNORE_NEW_LINES) ?: [] as $number => $line) {
            if (preg_match('/^# KEY_VERSION (\d+)$/', $line, $match) === 1) {
                $version = (int) $match[1];
            }
            if ($line === '' || $line[0] === '#') {
                continue;
            }
            $fields = explode("\t", $line);
            if (count($fields) !== 5) {
                throw new \UnexpectedValueException(sprintf('%s:%d: expected 5 fields', $path, $number + 1));
            }
            $rows[] = [$fields[0], $fields[1], $fields[2], $fields[3], $fields[4]];
        }
        return ['version' => $version, 'rows' => $rows];
    }

    /**
     * The row this build computes for $url under the preset $flags.
     *
     * @return array{string, string, string, string, string}
     */
    public static function compute(UrlNormalizer $normalizer, string $flags, string $url): array
    {
        $value = constant(UrlNormalizer::class . '::' . $flags);
        assert(is_int($value));
        return [
            $flags,
            $url,
            $normalizer->canonicalize($url, $value),
            $normalizer->fingerprint($url, $value),
            $normalizer->fingerprint($url, $value, 128),
        ];
    }

    /** The normalizer the list is computed with: default options, strict. */
    public static function normalizer(): UrlNormalizer
    {
        return new UrlNormalizer(null, ['strict' => true]);
    }

    /** Whether $url can be a line's URL: UTF-8, no control character, and non-empty. */
    public static function storable(string $url): bool
    {
        return $url !== '' && preg_match('//u', $url) === 1 && preg_match('/[\x00-\x1F\x7F]/', $url) === 0;
    }

    /**
     * The file's text for $rows.
     *
     * @param list<array{string, string, string, string, string}> $rows
     */
    public static function format(int $version, array $rows): string
    {
        $lines = [self::HEADER, "# KEY_VERSION $version"];
        foreach ($rows as $row) {
            $lines[] = implode("\t", $row);
        }
        return implode("\n", $lines) . "\n";
    }
}
