<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Conformance;

/**
 * WPT url/resources/urltestdata.json: every case with a base through resolve(), every case
 * without a base but with a scheme through normalize() in strict mode. `failure` cases must throw.
 */
final class WptUrlTestDataTest extends ConformanceTestCase
{
    protected static function suiteName(): string
    {
        return 'wpt-urltestdata';
    }

    public static function cases(): iterable
    {
        $seen = [];
        foreach (Fixtures::json('wpt-urltestdata.json') as $case) {
            if (!is_array($case)) {
                continue;
            }
            $input = $case['input'];
            $expected = ($case['failure'] ?? false) ? null : $case['href'];
            if ($case['base'] !== null) {
                $base = $case['base'];
                $name = sprintf('<%s> against <%s>', Fixtures::printable($input), Fixtures::printable($base));
                $call = static fn (): string => (new \UrlNormalize\UrlNormalizer())->resolve($input, $base);
            } elseif (self::hasScheme($input)) {
                $name = sprintf('<%s>', Fixtures::printable($input));
                $call = static fn (): string => Fixtures::strict()->normalize($input);
            } else {
                continue; // scheme-less without a base: normalize() adds https://, WPT expects a failure
            }
            yield Fixtures::unique($name, $seen) => [$expected, $call];
        }
    }

    private static function hasScheme(string $input): bool
    {
        $stripped = str_replace(["\t", "\n", "\r"], '', trim($input, "\x00..\x20"));
        return preg_match('/^[A-Za-z][A-Za-z0-9+.\-]*:/', $stripped) === 1;
    }
}
