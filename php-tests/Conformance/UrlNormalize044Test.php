<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Conformance;

use UrlNormalize\UrlNormalizer;

/**
 * Perl URL::Normalize 0.44's own 163 test cases, each method through its constant. The
 * module's URI-based methods canonicalize implicitly (see testdata/conformance/README.md),
 * so they run with MAKE_CANONICAL added; remove_empty_query and remove_fragment are plain
 * regex edits. Relative inputs (`/path`) are put on http://www.example.com, expectation too.
 */
final class UrlNormalize044Test extends ConformanceTestCase
{
    private const REGEX_METHODS = ['remove_empty_query', 'remove_fragment', 'remove_fragments'];

    protected static function suiteName(): string
    {
        return 'url-normalize-0.44';
    }

    public static function cases(): iterable
    {
        foreach (Fixtures::jsonl('url-normalize-0.44-tests.jsonl') as $case) {
            $input = Fixtures::absolute('http://www.example.com', $case['input']);
            $expected = Fixtures::absolute('http://www.example.com', $case['expected']);
            if ($case['method'] === 'remove_query_parameter') {
                $names = $case['args'][0]['args'];
                $call = static fn (): string => Fixtures::strict()->removeQueryParameters($input, $names);
            } else {
                $flags = 0;
                foreach (explode('+', $case['method']) as $method) {
                    $flags |= constant(UrlNormalizer::class . '::' . strtoupper($method));
                    $flags |= in_array($method, self::REGEX_METHODS, true) ? 0 : UrlNormalizer::MAKE_CANONICAL;
                }
                $call = static fn (): string => Fixtures::strict()->canonicalize($input, $flags);
            }
            yield "{$case['method']} <{$case['input']}>" => [$expected, $call];
        }
    }
}
