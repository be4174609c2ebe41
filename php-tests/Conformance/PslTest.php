<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Conformance;

use UrlNormalize\UrlNormalizer;

/**
 * The Public Suffix List's own tests (tests/test_psl.txt) through
 * registrableDomain('https://' . $domain . '/'), expecting the ASCII form; no registrable
 * domain and no URL (lenient mode) both answer null. Same names as core/tests/conformance.rs.
 */
final class PslTest extends ConformanceTestCase
{
    protected static function suiteName(): string
    {
        return 'psl-test_psl';
    }

    public static function cases(): iterable
    {
        foreach (Fixtures::jsonl('psl-test_psl.jsonl') as $case) {
            $domain = $case['domain'];
            $registrable = $case['registrable'];
            // The ASCII form through the extension's own UTS #46 (held by the IdnaTestV2 and
            // toascii suites), not intl's idn_to_ascii(): intl is missing from some of the PHPs
            // the suite runs on (8.4, 8.2 ZTS).
            $expected = $registrable === null
                ? null
                : parse_url((new UrlNormalizer())->normalize('https://' . $registrable . '/'), PHP_URL_HOST);
            $url = 'https://' . $domain . '/';
            yield sprintf('registrableDomain(%s)', $domain ?? 'null') => [
                $expected,
                static fn (): ?string => (new UrlNormalizer())->registrableDomain($url),
            ];
        }
    }

    public function testAllSeventyEightCasesRun(): void
    {
        $this->assertCount(78, iterator_to_array(self::cases()));
    }
}
