<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Conformance;

use UrlNormalize\UrlNormalizer;
use UrlNormalize\UrlPattern;

/**
 * WPT's urlpattern/resources/urlpatterntestdata.json through UrlPattern: the constructor
 * (or its exception), the eight components' patterns, test() and exec(). Same names and
 * known differences as core/tests/crawl_conformance.rs; a case answers 'ok' or what differs.
 */
final class WptUrlPatternTest extends ConformanceTestCase
{
    private const COMPONENTS = ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash'];

    protected static function suiteName(): string
    {
        return 'wpt-urlpatterntestdata';
    }

    public static function cases(): iterable
    {
        $seen = [];
        // URLPattern takes USVStrings: a lone surrogate becomes U+FFFD.
        $text = self::json(Fixtures::json('wpt-urlpatterntestdata.json'));
        $data = json_decode(str_replace(Fixtures::LONE_SURROGATE, "\u{FFFD}", $text), true, 512, JSON_THROW_ON_ERROR);
        foreach ($data as $case) {
            $name = Fixtures::printable(self::json($case['pattern']) . ' ' . self::json($case['inputs'] ?? []));
            yield Fixtures::unique($name, $seen) => ['ok', static fn (): string => self::runCase($case)];
        }
    }

    public function testAllCasesRun(): void
    {
        $this->assertCount(369, iterator_to_array(self::cases()));
    }

    /** JSON as serde_json writes it: no spaces, `/` and non-ASCII unescaped. */
    private static function json(mixed $value): string
    {
        $flags = JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR;
        return json_encode(self::objects($value), $flags);
    }

    /** Decoded JSON objects as objects again (empty ones would encode as []). */
    private static function objects(mixed $value): mixed
    {
        if (!is_array($value)) {
            return $value;
        }
        if ($value === [] || array_is_list($value)) {
            return array_map([self::class, 'objects'], $value);
        }
        return (object) array_map([self::class, 'objects'], $value);
    }

    /**
     * @param array<string, mixed> $case
     */
    private static function runCase(array $case): string
    {
        $expectedObj = $case['expected_obj'] ?? null;
        $wantsError = $expectedObj === 'error';
        $input = [];
        $base = null;
        $options = [];
        foreach ($case['pattern'] as $i => $argument) {
            $isOptions = is_array($argument) && array_key_exists('ignoreCase', $argument);
            if ($isOptions) {
                $options = ['ignoreCase' => (bool) $argument['ignoreCase']];
            } elseif ($i === 0) {
                $input = $argument;
            } elseif ($i === 1 && is_string($argument)) {
                $base = $argument;
            } else {
                return $wantsError ? 'ok' : 'cannot pass ' . self::json($argument);
            }
        }
        try {
            $pattern = new UrlPattern($input, $base, $options);
        } catch (\InvalidArgumentException $e) {
            return $wantsError ? 'ok' : 'constructor threw: ' . $e->getMessage();
        }
        if ($wantsError) {
            return 'expected the constructor to throw';
        }
        $exactlyEmpty = $case['exactly_empty_components'] ?? [];
        foreach (self::COMPONENTS as $component) {
            $expected = is_array($expectedObj) && isset($expectedObj[$component])
                ? $expectedObj[$component]
                : self::defaultPattern($component, $input, $base, $exactlyEmpty);
            if ($pattern->$component !== $expected) {
                return "$component: expected " . self::json($expected) . ', got ' . self::json($pattern->$component);
            }
        }
        $inputs = $case['inputs'] ?? [];
        $matchInput = $inputs[0] ?? [];
        $matchBase = $inputs[1] ?? null;
        $expectedMatch = $case['expected_match'] ?? null;
        try {
            $tested = $pattern->test($matchInput, $matchBase);
            $found = $pattern->exec($matchInput, $matchBase);
        } catch (\InvalidArgumentException $e) {
            return $expectedMatch === 'error' ? 'ok' : 'threw: ' . $e->getMessage();
        }
        if ($expectedMatch === 'error') {
            return 'expected a TypeError';
        }
        if ($tested !== ($expectedMatch !== null)) {
            return 'test() is ' . var_export($tested, true);
        }
        if ($found === null || $expectedMatch === null) {
            return ($found === null) === ($expectedMatch === null) ? 'ok' : 'exec() disagrees with test()';
        }
        if (isset($expectedMatch['inputs'])) {
            $given = $inputs === [] ? [[]] : $inputs;
            $expected = self::json($expectedMatch['inputs']);
            if ($expected !== self::json($given) || self::json($found['inputs']) !== self::json($given)) {
                return "inputs: expected $expected, got " . self::json($found['inputs']);
            }
        }
        foreach (self::COMPONENTS as $component) {
            $expected = $expectedMatch[$component] ?? (in_array($component, $exactlyEmpty, true)
                ? ['input' => '', 'groups' => []]
                : ['input' => '', 'groups' => ['0' => '']]);
            $expectedGroups = $expected['groups'];
            $gotGroups = $found[$component]['groups'];
            ksort($expectedGroups);
            ksort($gotGroups);
            if ($found[$component]['input'] !== $expected['input'] || $gotGroups !== $expectedGroups) {
                return "$component: expected " . self::json($expected) . ', got ' . self::json($found[$component]);
            }
        }
        return 'ok';
    }

    /**
     * The pattern WPT expects for a component the case does not list (as the Rust runner).
     *
     * @param array<string, string>|string $input
     * @param list<string> $exactlyEmpty
     */
    private static function defaultPattern(
        string $name,
        array|string $input,
        ?string $base,
        array $exactlyEmpty
    ): string {
        if (in_array($name, $exactlyEmpty, true)) {
            return '';
        }
        if (is_array($input)) {
            if (isset($input[$name])) {
                return $input[$name];
            }
            $has = static fn (string $key): bool => array_key_exists($key, $input);
            $earlier = match ($name) {
                'hostname' => $has('protocol'),
                'port' => $has('protocol') || $has('hostname'),
                'pathname' => $has('protocol') || $has('hostname') || $has('port'),
                'search' => $has('protocol') || $has('hostname') || $has('port') || $has('pathname'),
                'hash' => $has('protocol') || $has('hostname') || $has('port') || $has('pathname') || $has('search'),
                default => false,
            };
            if ($earlier) {
                return '*';
            }
            $base ??= $input['baseURL'] ?? null;
        }
        if ($base === null || $name === 'username' || $name === 'password') {
            return '*';
        }
        $url = (string) (new UrlNormalizer())->normalize($base);
        $parts = parse_url($url);
        return match ($name) {
            'protocol' => $parts['scheme'] ?? '',
            'hostname' => $parts['host'] ?? '',
            'port' => isset($parts['port']) ? (string) $parts['port'] : '',
            'pathname' => $parts['path'] ?? '',
            'search' => $parts['query'] ?? '',
            default => $parts['fragment'] ?? '',
        };
    }
}
