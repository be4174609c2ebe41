<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Conformance;

use UrlNormalize\RobotsTxt;

/**
 * The robots.txt cases of a testdata/conformance file that the API answers (isAllowed(),
 * forStatus(), sitemaps()), named as core/tests/crawl_conformance.rs names them; the cases of the
 * parser's parts run in cargo test only.
 */
final class RobotsTxtCases
{
    private const ROBOTS_URL = 'https://example.com/robots.txt';

    /**
     * @return iterable<string, array{?string, \Closure(): ?string}>
     */
    public static function of(string $file, string $testKey): iterable
    {
        $seen = [];
        foreach (Fixtures::jsonl($file) as $case) {
            $test = $case[$testKey];
            $body = isset($case['robots_base64'])
                ? (string) base64_decode($case['robots_base64'], true)
                : ($case['robots'] ?? '');
            switch ($case['kind']) {
                case 'allowed':
                    $url = $case['url'];
                    $agent = $case['agent'];
                    $shown = mb_substr($url, 0, 100, 'UTF-8');
                    $name = Fixtures::printable(sprintf('%s [%s] <%s>', $test, $agent, $shown));
                    yield Fixtures::unique($name, $seen) => [
                        $case['allowed'] ? 'allowed' : 'disallowed',
                        static fn (): ?string => self::answer(
                            static fn (): bool => RobotsTxt::parse($body, self::ROBOTS_URL)->isAllowed($url, $agent)
                        ),
                    ];
                    break;
                case 'status':
                    $status = $case['status'];
                    $url = $case['url'];
                    yield Fixtures::unique("$test: status $status", $seen) => [
                        $case['allowed'] ? 'allowed' : 'disallowed',
                        static fn (): ?string => self::answer(
                            static fn (): bool => RobotsTxt::forStatus($status)->isAllowed($url, 'ExampleBot')
                        ),
                    ];
                    break;
                case 'sitemaps':
                    yield Fixtures::unique("$test: sitemaps", $seen) => [
                        json_encode($case['sitemaps'], JSON_THROW_ON_ERROR),
                        static fn (): ?string => json_encode(
                            RobotsTxt::parse($body, 'http://foo.bar/robots.txt')->sitemaps(),
                            JSON_THROW_ON_ERROR
                        ),
                    ];
                    break;
            }
        }
    }

    /**
     * @param \Closure(): bool $call
     */
    private static function answer(\Closure $call): ?string
    {
        try {
            return $call() ? 'allowed' : 'disallowed';
        } catch (\InvalidArgumentException $e) {
            return null;
        }
    }
}
