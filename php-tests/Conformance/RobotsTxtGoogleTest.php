<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Conformance;

/**
 * Google's robotstxt tests (robots_test.cc), through RobotsTxt; same names and known
 * differences as core/tests/crawl_conformance.rs.
 */
final class RobotsTxtGoogleTest extends ConformanceTestCase
{
    protected static function suiteName(): string
    {
        return 'robotstxt-google';
    }

    public static function cases(): iterable
    {
        return RobotsTxtCases::of('robotstxt-google-tests.jsonl', 'test');
    }
}
