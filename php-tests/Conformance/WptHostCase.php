<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Conformance;

/**
 * WPT url/resources/toascii.json and IdnaTestV2.json through the host of normalize(), as WPT's
 * toascii.window.js and IdnaTestV2.window.js do: `https://<input>/x`, with `: / ? # \`
 * percent-encoded so they reach the host parser. Like WPT, the empty input is not tested
 * ("cannot test empty string input through new URL()").
 */
abstract class WptHostCase extends ConformanceTestCase
{
    abstract protected static function file(): string;

    public static function cases(): iterable
    {
        $seen = [];
        foreach (Fixtures::json(static::file()) as $case) {
            if (!is_array($case) || $case['input'] === '' || str_contains($case['input'], Fixtures::LONE_SURROGATE)) {
                continue;
            }
            $escapes = [':' => '%3A', '/' => '%2F', '?' => '%3F', '#' => '%23', '\\' => '%5C'];
            $url = 'https://' . strtr($case['input'], $escapes) . '/x';
            $expected = $case['output'] === null ? null : "https://{$case['output']}/x";
            $name = Fixtures::unique(sprintf('ToASCII(%s)', Fixtures::printable($case['input'])), $seen);
            yield $name => [$expected, static fn (): string => Fixtures::strict()->normalize($url)];
        }
    }

    public function testLoneSurrogateCasesAreTheOnlyOnesDropped(): void
    {
        $lone = array_filter(
            Fixtures::json(static::file()),
            static fn (mixed $case): bool => is_array($case) && str_contains($case['input'], Fixtures::LONE_SURROGATE)
        );
        $this->assertCount(static::LONE_SURROGATE_CASES, $lone);
    }
}
