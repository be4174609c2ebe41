<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Conformance;

use UrlNormalize\InvalidUrlException;
use UrlNormalize\Tests\Support\TestData;
use UrlNormalize\UrlNormalizer;

/**
 * Reads the public suites in testdata/conformance (through TestData) and the project's list
 * of known differences, core/tests/known-differences.tsv, which core/tests/conformance.rs reads too.
 */
final class Fixtures
{
    /** Marks a \uD800-\uDFFF escape that is not half of a pair (json_decode rejects the file). */
    public const LONE_SURROGATE = '<lone surrogate>';

    public static function path(string $file): string
    {
        return TestData::conformance($file);
    }

    /**
     * @return list<mixed>
     */
    public static function json(string $file): array
    {
        $text = (string) file_get_contents(self::path($file));
        $text = (string) preg_replace_callback(
            '/\\\\u(d[89ab][0-9a-f]{2})(\\\\u(d[c-f][0-9a-f]{2}))?|\\\\u(d[c-f][0-9a-f]{2})/i',
            static fn (array $m): string => ($m[2] ?? '') !== '' ? $m[0] : self::LONE_SURROGATE,
            $text
        );
        return json_decode($text, true, 512, JSON_THROW_ON_ERROR);
    }

    /**
     * @return list<array<string, mixed>> one decoded object per line
     */
    public static function jsonl(string $file): array
    {
        $lines = file(self::path($file), FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) ?: [];
        return array_map(static fn (string $line): array => json_decode($line, true, 512, JSON_THROW_ON_ERROR), $lines);
    }

    /**
     * A suite's relative input (`/path`, `?query`) put on $host, as core/tests/conformance.rs does:
     * canonicalize() takes URLs, and both libraries treat such a path and query as under a host.
     */
    public static function absolute(string $host, string $url): string
    {
        return match ($url[0] ?? '') {
            '/' => $host . $url,
            '?' => "$host/$url",
            default => $url,
        };
    }

    /**
     * @return list<list<string>> rows of cells, header row removed
     */
    public static function tsv(string $file): array
    {
        $lines = file(self::path($file), FILE_IGNORE_NEW_LINES) ?: [];
        return array_map(static fn (string $line): array => explode("\t", $line), array_slice($lines, 1));
    }

    /**
     * @return array<string, string> case name => reason, for one suite
     */
    public static function knownDifferences(string $suite): array
    {
        static $bySuite = null;
        if ($bySuite === null) {
            $bySuite = [];
            foreach (file(__DIR__ . '/../../core/tests/known-differences.tsv', FILE_IGNORE_NEW_LINES) ?: [] as $line) {
                if ($line !== '' && $line[0] !== '#') {
                    [$listedSuite, $name, $reason] = explode("\t", $line, 3);
                    $bySuite[$listedSuite][$name] = $reason;
                }
            }
        }
        return $bySuite[$suite] ?? [];
    }

    /** Writes controls as \xHH so every case name is one printable line (same rule in Rust). */
    public static function printable(string $text): string
    {
        return (string) preg_replace_callback(
            '/[\x00-\x1f\x7f]/',
            static fn (array $m): string => sprintf('\\x%02X', ord($m[0])),
            $text
        );
    }

    /**
     * Gives repeated names a ` #2`, ` #3` suffix: PHPUnit rejects duplicate data-set names.
     *
     * @param array<string, int> $seen
     */
    public static function unique(string $name, array &$seen): string
    {
        $seen[$name] = ($seen[$name] ?? 0) + 1;
        return $seen[$name] === 1 ? $name : "$name #{$seen[$name]}";
    }

    /** The result of a call, or null when it threw InvalidUrlException. */
    public static function attempt(callable $call): ?string
    {
        try {
            return $call();
        } catch (InvalidUrlException $e) {
            return null;
        }
    }

    public static function strict(): UrlNormalizer
    {
        return new UrlNormalizer(null, ['strict' => true]);
    }
}
