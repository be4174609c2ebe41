<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Conformance;

use UrlNormalize\UrlNormalizer;

/**
 * Guzzle psr7 2.6.2's UriNormalizer cases through the nearest flags. CONVERT_EMPTY_PATH,
 * REMOVE_DEFAULT_HOST and REMOVE_DEFAULT_PORT are part of every normalization here, so they
 * map to no flag. Relative inputs (`/path`, `?query`) are put on http://example.org.
 */
final class GuzzleNormalizeTest extends ConformanceTestCase
{
    private const ALWAYS_DONE = ['CONVERT_EMPTY_PATH', 'REMOVE_DEFAULT_HOST', 'REMOVE_DEFAULT_PORT'];

    protected static function suiteName(): string
    {
        return 'guzzle-psr7-normalize';
    }

    public static function cases(): iterable
    {
        foreach (Fixtures::jsonl('guzzle-psr7-2.6.2-uri-tests.jsonl') as $case) {
            if ($case['op'] !== 'normalize') {
                continue;
            }
            $flags = 0;
            foreach (array_diff($case['flags'], self::ALWAYS_DONE) as $name) {
                $flags |= constant(UrlNormalizer::class . '::' . $name);
            }
            $input = Fixtures::absolute('http://example.org', $case['input']);
            $expected = Fixtures::absolute('http://example.org', $case['expected']);
            $name = sprintf('%s <%s>', implode('|', $case['flags']), $case['input']);
            yield $name => [$expected, static fn (): string => Fixtures::strict()->canonicalize($input, $flags)];
        }
    }
}
