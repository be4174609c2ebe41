<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Conformance;

/**
 * crawler-commons' percent-encoding cases (SimpleRobotRulesParserTest), through RobotsTxt;
 * same names and known differences as core/tests/crawl_conformance.rs.
 */
final class RobotsTxtCrawlerCommonsTest extends ConformanceTestCase
{
    protected static function suiteName(): string
    {
        return 'robotstxt-crawler-commons';
    }

    public static function cases(): iterable
    {
        return RobotsTxtCases::of('robotstxt-crawler-commons-tests.jsonl', 'test');
    }
}
