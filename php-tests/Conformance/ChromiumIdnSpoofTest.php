<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Conformance;

use UrlNormalize\UrlNormalizer;

/**
 * Chromium's IDN spoof-check cases (idn_spoof_checker_unittest.cc, kIdnCases) through the
 * host of toDisplay(). A kSafe case passes when its Unicode form is shown; a kUnsafe or
 * kInvalid case passes when no label is shown in Unicode (the host stays as written, or is no
 * URL at all). Same names and known differences as core/tests/conformance.rs.
 */
final class ChromiumIdnSpoofTest extends ConformanceTestCase
{
    private const KEPT = 'kept in punycode';

    protected static function suiteName(): string
    {
        return 'chromium-idn-spoof';
    }

    /** The host toDisplay() shows for https://$host/, or null when that is no URL. */
    private static function displayedHost(string $host): ?string
    {
        $escapes = [':' => '%3A', '/' => '%2F', '?' => '%3F', '#' => '%23', '\\' => '%5C'];
        $url = 'https://' . strtr($host, $escapes) . '/';
        $shown = Fixtures::attempt(static fn (): string => Fixtures::strict()->toDisplay($url));
        if ($shown === null) {
            return null;
        }
        $rest = substr($shown, strlen('https://'));
        return substr($rest, 0, (int) strpos($rest, '/'));
    }

    public static function cases(): iterable
    {
        foreach (Fixtures::jsonl('chromium-idn-spoof-cases.jsonl') as $case) {
            $ace = $case['ace'];
            $name = sprintf('<%s> line %d', Fixtures::printable($ace), $case['source_line']);
            if ($case['display'] === 'unicode') {
                yield $name => [$case['unicode'], static fn (): ?string => self::displayedHost($ace)];
            } else {
                yield $name => [self::KEPT, static function () use ($ace): string {
                    $host = self::displayedHost($ace);
                    return $host === null || $host === $ace ? self::KEPT : "shown as $host";
                }];
            }
        }
    }

    public function testTheIssueTargetsAreMet(): void
    {
        $known = Fixtures::knownDifferences(self::suiteName());
        [$safe, $safeShown, $unsafeShown] = [0, 0, 0];
        foreach (self::cases() as $name => [$expected, $call]) {
            $actual = $call();
            if ($expected === self::KEPT) {
                $unsafeShown += ($actual !== self::KEPT && !isset($known[$name])) ? 1 : 0;
            } else {
                $safe++;
                $safeShown += $actual === $expected ? 1 : 0;
            }
        }
        $this->assertSame(105, $safe);
        $this->assertSame(0, $unsafeShown, 'an unsafe case that is not listed is shown in Unicode');
        $this->assertGreaterThanOrEqual(95, $safeShown, 'at least 90% of the 105 safe cases');
    }
}
