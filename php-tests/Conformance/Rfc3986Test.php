<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Conformance;

use UrlNormalize\UrlNormalizer;

/**
 * RFC 3986 §5.4.1 and §5.4.2 reference resolution examples through resolve().
 */
final class Rfc3986Test extends ConformanceTestCase
{
    protected static function suiteName(): string
    {
        return 'rfc3986';
    }

    public static function cases(): iterable
    {
        foreach (Fixtures::tsv('rfc3986-resolution-examples.tsv') as [, $base, $reference, $expected]) {
            yield "<$reference> against <$base>" => [
                $expected,
                static fn (): string => (new UrlNormalizer())->resolve($reference, $base),
            ];
        }
    }
}
