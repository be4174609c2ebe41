<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Conformance;

/**
 * RFC 9309's examples (sections 2.1 to 5.2), with the expected answers the RFC gives or
 * implies, through RobotsTxt; same names and known differences as core/tests/crawl_conformance.rs.
 */
final class RobotsTxtRfc9309Test extends ConformanceTestCase
{
    protected static function suiteName(): string
    {
        return 'robotstxt-rfc9309';
    }

    public static function cases(): iterable
    {
        return RobotsTxtCases::of('robotstxt-rfc9309-examples.jsonl', 'section');
    }
}
