<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use Monolog\Handler\TestHandler;
use Monolog\Logger;
use PHPUnit\Framework\TestCase;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlNormalizer as N;

/**
 * canonicalize(), fingerprint(), surt() and removeQueryParameters(): every flag by name, the
 * presets, the options, the errors.
 */
final class CanonicalizeTest extends TestCase
{
    private N $normalizer;

    protected function setUp(): void
    {
        $this->normalizer = new N();
    }

    /**
     * @dataProvider flagCases
     */
    public function testFlag(int $flags, string $input, string $expected): void
    {
        $this->assertSame($expected, $this->normalizer->canonicalize($input, $flags));
        $this->assertSame($expected, $this->normalizer->canonicalize($expected, $flags), 'idempotent');
    }

    /**
     * Data sets are named `<FLAG>: <what>`; testEveryFlagHasCases holds every constant to one.
     *
     * @return array<string, array{int, string, string}>
     */
    public static function flagCases(): array
    {
        return [
            'CAPITALIZE_PERCENT_ENCODING: hex digits' => [
                N::CAPITALIZE_PERCENT_ENCODING, 'http://a.com/a%c3%a9?%7e#%7e', 'http://a.com/a%C3%A9?%7E#%7E',
            ],
            'DECODE_UNRESERVED_CHARACTERS: only unreserved' => [
                N::DECODE_UNRESERVED_CHARACTERS,
                'http://a.com/%7Euser/%61%2F%5B?%41=%26',
                'http://a.com/~user/a%2F%5B?A=%26',
            ],
            'MAKE_CANONICAL: URL::Normalize example' => [
                N::MAKE_CANONICAL, 'HTTP://www.example.com:80/%7Eusername/', 'http://www.example.com/~username/',
            ],
            'REMOVE_DOT_SEGMENTS: always done by the parser' => [
                N::REMOVE_DOT_SEGMENTS, 'http://a.com/../a/b/../c/./d.html', 'http://a.com/a/c/d.html',
            ],
            'FORCE_HTTPS: scheme folded, default port dropped' => [
                N::FORCE_HTTPS, 'http://a.com:443/x', 'https://a.com/x',
            ],
            'FORCE_HTTPS: other ports kept' => [N::FORCE_HTTPS, 'http://a.com:8080/', 'https://a.com:8080/'],
            'REMOVE_WWW: leading www.' => [N::REMOVE_WWW, 'http://www.example.com/', 'http://example.com/'],
            'REMOVE_WWW: not when one label would remain' => [N::REMOVE_WWW, 'http://www.com/', 'http://www.com/'],
            'REMOVE_WWW: not inside the host' => [N::REMOVE_WWW, 'http://a.www.com/', 'http://a.www.com/'],
            'REMOVE_WWW: every leading www., in one call' => [
                N::REMOVE_WWW, 'http://' . str_repeat('www.', 40) . 'example.com/', 'http://example.com/',
            ],
            'REMOVE_WWW: every leading www. but the last label' => [
                N::REMOVE_WWW, 'http://' . str_repeat('www.', 40) . 'com/', 'http://www.com/',
            ],
            'REMOVE_SESSION_IDS: query and path parameter' => [
                N::REMOVE_SESSION_IDS,
                'http://a.com/cart;jsessionid=A1B2?PHPSESSID=x&id=5&aspsessionidQQ=y',
                'http://a.com/cart?id=5',
            ],
            'REMOVE_SESSION_IDS: sid only when token-like' => [
                N::REMOVE_SESSION_IDS, 'http://a.com/?sid=42&x=1', 'http://a.com/?sid=42&x=1',
            ],
            'REMOVE_SESSION_IDS: ASP.NET cookieless segment' => [
                N::REMOVE_SESSION_IDS,
                'http://a.com/(S(4hqa0555fwsecu455xqckv45))/mileg.aspx',
                'http://a.com/mileg.aspx',
            ],
            'REMOVE_DUPLICATE_SLASHES: path only' => [
                N::REMOVE_DUPLICATE_SLASHES, 'http://a.com//foo///bar.html?key=//', 'http://a.com/foo/bar.html?key=//',
            ],
            'REMOVE_DIRECTORY_INDEX: last segment, any case' => [
                N::REMOVE_DIRECTORY_INDEX, 'http://a.com/a/Index.html?x=/index.html', 'http://a.com/a/?x=/index.html',
            ],
            'REMOVE_DIRECTORY_INDEX: anchored, index.php/route stays' => [
                N::REMOVE_DIRECTORY_INDEX, 'http://a.com/index.php/route', 'http://a.com/index.php/route',
            ],
            'REMOVE_TRAILING_SLASH: not the root' => [
                N::REMOVE_TRAILING_SLASH, 'http://a.com/a/b/', 'http://a.com/a/b',
            ],
            'REMOVE_TRAILING_SLASH: root stays' => [N::REMOVE_TRAILING_SLASH, 'http://a.com/', 'http://a.com/'],
            'REMOVE_TRAILING_SLASH: every trailing slash, in one call' => [
                N::REMOVE_TRAILING_SLASH, 'http://a.com/a' . str_repeat('/', 40), 'http://a.com/a',
            ],
            'REMOVE_TRACKING_PARAMETERS: built-in list' => [
                N::REMOVE_TRACKING_PARAMETERS,
                'http://a.com/?id=5&utm_source=news&UTM_Medium=m&fbclid=x&gclid=y',
                'http://a.com/?id=5',
            ],
            'REMOVE_TRACKING_PARAMETERS: an emptied query is dropped' => [
                N::REMOVE_TRACKING_PARAMETERS, 'http://a.com/p?utm_campaign=x', 'http://a.com/p',
            ],
            'REMOVE_EMPTY_QUERY_PARAMETERS: no value, empty pairs' => [
                N::REMOVE_EMPTY_QUERY_PARAMETERS, 'http://a.com/?a=1&b=&c&&d=0', 'http://a.com/?a=1&d=0',
            ],
            'REMOVE_DUPLICATE_QUERY_PARAMETERS: identical pairs' => [
                N::REMOVE_DUPLICATE_QUERY_PARAMETERS,
                'http://a.com/?c=4&a=1&a=2&b=3&a=1',
                'http://a.com/?c=4&a=1&a=2&b=3',
            ],
            'REMOVE_DUPLICATE_QUERY_PARAMETERS: never adds a ?' => [
                N::REMOVE_DUPLICATE_QUERY_PARAMETERS, 'http://a.com/x', 'http://a.com/x',
            ],
            'SORT_QUERY_PARAMETERS: by key, case-insensitive, stable' => [
                N::SORT_QUERY_PARAMETERS, 'http://a.com/?c=3&b=2&a=0&A=1&a=4', 'http://a.com/?a=0&A=1&a=4&b=2&c=3',
            ],
            'SORT_QUERY_PARAMETERS: pairs keep their encoding' => [
                N::SORT_QUERY_PARAMETERS, 'http://a.com/?r=%3D&q=%26', 'http://a.com/?q=%26&r=%3D',
            ],
            'REMOVE_EMPTY_QUERY: bare ?' => [N::REMOVE_EMPTY_QUERY, 'http://a.com/foo?', 'http://a.com/foo'],
            'REMOVE_FRAGMENT: an anchor' => [
                N::REMOVE_FRAGMENT, 'http://a.com/bar.html#section1', 'http://a.com/bar.html',
            ],
            'REMOVE_FRAGMENT: routes stay' => [
                N::REMOVE_FRAGMENT, 'http://a.com/#!/artikkel/23', 'http://a.com/#!/artikkel/23',
            ],
            'REMOVE_FRAGMENT: the anchor after a route goes' => [
                N::REMOVE_FRAGMENT, 'http://a.com/#/something#foo', 'http://a.com/#/something',
            ],
            'REMOVE_FRAGMENT: anchors after anchors, in one call' => [
                N::REMOVE_FRAGMENT, 'http://a.com/#/route' . str_repeat('#/', 40), 'http://a.com/#/route',
            ],
            'REMOVE_FRAGMENTS: every fragment' => [N::REMOVE_FRAGMENTS, 'http://a.com/#/route', 'http://a.com/'],
            'SAFE: escapes and anchors only' => [
                N::SAFE, 'http://a.com/%7efoo//index.html?b=2&a=1#top', 'http://a.com/~foo//index.html?b=2&a=1',
            ],
            'USUALLY_SAFE: the seed example' => [
                N::USUALLY_SAFE, 'http://www.example.com:80/index.html?', 'http://www.example.com/',
            ],
            'USUALLY_SAFE: tracking, order, index' => [
                N::USUALLY_SAFE,
                'http://www.example.com//index.html?b=2&utm_source=x&a=1',
                'http://www.example.com/?a=1&b=2',
            ],
            'AGGRESSIVE: everything' => [
                N::AGGRESSIVE, 'http://www.example.com/a/?b=&c=1#/route', 'https://example.com/a?c=1',
            ],
            'AGGRESSIVE: every trailing directory index, in one call' => [
                N::AGGRESSIVE, 'https://example.com' . str_repeat('/index.html', 33), 'https://example.com/',
            ],
            'MAKE_CANONICAL: an escape formed by decoding' => [
                N::MAKE_CANONICAL, 'http://a.com/%%34%31%%65%33', 'http://a.com/A%E3',
            ],
        ];
    }

    /**
     * The table of URL::Normalize behaviours not copied (docs/url-normalize.md): the "here" column.
     *
     * @dataProvider notCopied
     */
    public function testUrlNormalizeBehavioursNotCopied(int $flags, string $input, string $expected): void
    {
        $this->assertSame($expected, $this->normalizer->canonicalize($input, $flags));
    }

    /**
     * @return array<string, array{int, string, string}>
     */
    public static function notCopied(): array
    {
        return [
            '... is a name' => [N::REMOVE_DOT_SEGMENTS, 'http://x/a/.../b', 'http://x/a/.../b'],
            'pairs keep their encoding' => [N::SORT_QUERY_PARAMETERS, 'http://x/?r=%3D&q=%26', 'http://x/?q=%26&r=%3D'],
            'a key keeps its value order' => [N::SORT_QUERY_PARAMETERS, 'http://x/?a=2&a=1', 'http://x/?a=2&a=1'],
            'no ? added' => [N::REMOVE_DUPLICATE_QUERY_PARAMETERS, 'http://x/', 'http://x/'],
            'index anchored' => [N::REMOVE_DIRECTORY_INDEX, 'http://x/index.php/route', 'http://x/index.php/route'],
            'one pipeline' => [
                N::REMOVE_FRAGMENT | N::SORT_QUERY_PARAMETERS,
                'http://x/?b=1&a=2#f',
                'http://x/?a=2&b=1',
            ],
            'a path is at least /' => [N::REMOVE_EMPTY_QUERY, 'http://www.example.com?', 'http://www.example.com/'],
            'relative input returned as given' => [N::USUALLY_SAFE, '/some/path', '/some/path'],
        ];
    }

    public function testEveryFlagHasCases(): void
    {
        $named = array_map(static fn (string $name): string => explode(':', $name)[0], array_keys(self::flagCases()));
        // Every constant is a flag or a preset, except the key format's and the list's versions.
        $constants = array_keys((new \ReflectionClass(N::class))->getConstants());
        $versions = ['KEY_VERSION', 'PUBLIC_SUFFIX_LIST_VERSION'];
        $this->assertSame([], array_values(array_diff($constants, $named, $versions)));
    }

    public function testTheLawHoldsUnderAllowedSchemesAndAllowedHosts(): void
    {
        $httpOnly = new N(null, ['allowed_schemes' => ['http'], 'default_scheme' => 'http', 'strict' => true]);
        $key = $httpOnly->canonicalize('http://a.com/x', N::AGGRESSIVE);
        $this->assertSame('http://a.com/x', $key, 'FORCE_HTTPS would leave allowed_schemes');
        $this->assertSame($key, $httpOnly->canonicalize($key, N::AGGRESSIVE));
        $www = new N(null, ['allowed_hosts' => ['www.example.com'], 'strict' => true]);
        $key = $www->canonicalize('http://www.example.com/a/', N::AGGRESSIVE);
        $this->assertSame('https://www.example.com/a', $key, 'REMOVE_WWW would leave allowed_hosts');
        $this->assertSame($key, $www->canonicalize($key, N::AGGRESSIVE));
    }

    public function testEquivalentComparesCanonicalForms(): void
    {
        $normalizer = new N();
        $this->assertTrue($normalizer->equivalent('http://www.example.com:80/index.html?', 'http://www.example.com/'));
        $this->assertTrue($normalizer->equivalent('HTTP://Example.com/%7eu?b=2&a=1', 'http://example.com/~u?a=1&b=2'));
        $this->assertFalse($normalizer->equivalent('http://example.com/', 'https://example.com/'));
        $this->assertTrue($normalizer->equivalent('http://example.com/', 'https://www.example.com/', N::AGGRESSIVE));
        $this->assertFalse($normalizer->equivalent('https://a.com/?b=2&a=1', 'https://a.com/?a=1&b=2', N::SAFE));
        $this->assertTrue($normalizer->equivalent('https://コーヒー.jp/', 'https://xn--tck2c4fb.jp'));
    }

    public function testEquivalentIsFalseForAnInvalidUrlWhenLenientAndThrowsWhenStrict(): void
    {
        $handler = new TestHandler();
        $lenient = new N(new Logger('keys', [$handler]));
        $this->assertFalse($lenient->equivalent('https://exa mple.com/', 'https://exa mple.com/'));
        $this->assertFalse($lenient->equivalent('https://example.com/', 'https://example.com:99999/'));
        $records = $handler->getRecords();
        $this->assertCount(2, $records);
        $this->assertSame('https://exa mple.com/', $records[0]['context']['url']);
        $this->assertSame('https://example.com:99999/', $records[1]['context']['url'], 'the invalid one of the two');
        // The context names the input at fault: long, with a password, or with bytes that are
        // not UTF-8.
        $long = 'https://exa mple.com/' . str_repeat('a', 500);
        $this->assertFalse($lenient->equivalent($long, 'https://example.com/'));
        $this->assertFalse($lenient->sameSite('https://u:secret@exa mple.com/', 'https://example.com/'));
        $this->assertFalse($lenient->sameSite('https://example.com/', "https://exa mple.com/\xFF"));
        $records = $handler->getRecords();
        $this->assertSame($long, $records[2]['context']['url']);
        $this->assertStringStartsWith('https://u:', $records[3]['context']['url']);
        $this->assertStringEndsWith('@exa mple.com/', $records[3]['context']['url']);
        $this->assertSame("https://exa mple.com/\xFF", $records[4]['context']['url']);
        // Two inputs that read alike once bytes that are not UTF-8 are replaced: `\xFF` and
        // U+FFFD. Only the second is too long.
        $short = new N(new Logger('keys', [$handler]), ['max_length' => 25]);
        $this->assertFalse($short->equivalent("https://example.com/\xFF", "https://example.com/\u{FFFD}"));
        $this->assertSame("https://example.com/\u{FFFD}", $handler->getRecords()[5]['context']['url']);
        $strict = new N(null, ['strict' => true]);
        try {
            $strict->equivalent('https://example.com/', 'https://example.com:99999/');
            $this->fail('no exception');
        } catch (InvalidUrlException $e) {
            $this->assertStringStartsWith('Cannot canonicalize `https://example.com:99999/`', $e->getMessage());
        }
        $this->expectException(\InvalidArgumentException::class);
        $lenient->equivalent('https://a.com/', 'https://a.com/', 1 << 20);
    }

    public function testNullFlagsMeanUsuallySafe(): void
    {
        $url = 'HTTP://www.Example.com//a/index.php?b=2&fbclid=x&a=1#top';
        $this->assertSame(
            $this->normalizer->canonicalize($url, N::USUALLY_SAFE),
            $this->normalizer->canonicalize($url)
        );
        $this->assertSame('http://www.example.com/a/?a=1&b=2', $this->normalizer->canonicalize($url));
    }

    public function testTheInputIsNormalizedFirst(): void
    {
        $this->assertSame(
            'https://xn--tck2c4fb.jp/caf%C3%A9%20colombia',
            $this->normalizer->canonicalize('コーヒー.jp/café colombia', N::SAFE)
        );
    }

    /**
     * @dataProvider unknownFlags
     */
    public function testUnknownFlagBitsAreRefused(int $flags): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('unknown flag bits');
        $this->normalizer->canonicalize('https://a.com/', $flags);
    }

    /**
     * @return array<string, array{int}>
     */
    public static function unknownFlags(): array
    {
        return ['bit 16' => [1 << 16], 'negative' => [-1], 'huge' => [PHP_INT_MAX]];
    }

    public function testOptionsReplaceOrExtendTheLists(): void
    {
        $normalizer = new N(null, [
            'extra_directory_indexes' => ['start\.html?'],
            'tracking_parameters' => ['ref'],
            'extra_tracking_parameters' => ['spm*'],
            'remove_query_parameters' => ['page*'],
        ]);
        $this->assertSame(
            'https://a.com/?utm_source=y&z=1',
            $normalizer->canonicalize(
                'https://a.com/start.HTM?ref=x&spm_id=2&utm_source=y&pageSize=5&z=1',
                N::USUALLY_SAFE
            )
        );
        $this->assertSame('https://a.com/?q=x', $normalizer->canonicalize('https://a.com/?page=2&q=x', 0));
        $replaced = new N(null, ['directory_indexes' => ['main\.html']]);
        $this->assertSame('https://a.com/index.html', $replaced->canonicalize('https://a.com/index.html'));
        $this->assertSame('https://a.com/', $replaced->canonicalize('https://a.com/main.html'));
    }

    /**
     * @dataProvider invalidListOptions
     * @param array<string, mixed> $options
     */
    public function testInvalidListOptionsNameTheKey(array $options, string $message): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage($message);
        new N(null, $options);
    }

    /**
     * @return array<string, array{array<string, mixed>, string}>
     */
    public static function invalidListOptions(): array
    {
        return [
            'bad regex' => [
                ['directory_indexes' => ['(']], 'Option `directory_indexes` has an invalid regular expression',
            ],
            'string instead of list' => [
                ['tracking_parameters' => 'utm_*'], 'Option `tracking_parameters` must be a list of parameter names',
            ],
            'non-string element' => [
                ['remove_query_parameters' => ['a', 1]],
                'Option `remove_query_parameters` must be a list of parameter names (globs such as utm_*), '
                . 'an array with an element that is not a UTF-8 string given',
            ],
        ];
    }

    public function testLenientModeReturnsTheInputAndWarns(): void
    {
        $handler = new TestHandler();
        $normalizer = new N(new Logger('test', [$handler]));
        $this->assertSame('https://exa mple.com/', $normalizer->canonicalize('https://exa mple.com/'));
        $this->assertSame('https://exa mple.com/', $normalizer->surt('https://exa mple.com/'));
        $this->assertSame(hash('xxh64', '/relative'), $normalizer->fingerprint('/relative'));
        $this->assertCount(
            3,
            array_filter($handler->getRecords(), static fn (array $r): bool => $r['level_name'] === 'WARNING')
        );
        $this->assertSame(
            [],
            array_filter($handler->getRecords(), static fn (array $r): bool => $r['level_name'] === 'DEBUG')
        );
    }

    public function testStrictModeThrows(): void
    {
        $strict = new N(null, ['strict' => true]);
        foreach (['canonicalize', 'fingerprint', 'surt'] as $method) {
            try {
                $strict->$method('https://exa mple.com/');
                $this->fail("$method() accepted an invalid URL");
            } catch (InvalidUrlException $e) {
                $this->assertStringStartsWith('Cannot canonicalize `https://exa mple.com/`', $e->getMessage());
            }
        }
    }

    // --- fingerprint() ---------------------------------------------------------------------

    /**
     * @dataProvider pinnedFingerprints
     */
    public function testFingerprintsArePinned(string $url, string $fingerprint): void
    {
        $this->assertSame($fingerprint, $this->normalizer->fingerprint($url));
        // XXH64 as PHP's hash extension computes it: an independent implementation.
        $this->assertSame($fingerprint, hash('xxh64', $this->normalizer->canonicalize($url)));
    }

    /**
     * Values computed with `php -n -r 'echo hash("xxh64", $canonical);'` on the canonical
     * strings written out by hand, without the extension.
     *
     * @return array<string, array{string, string}>
     */
    public static function pinnedFingerprints(): array
    {
        return [
            'seed example' => ['http://www.example.com:80/index.html?', 'a2cc26a414d9cfa3'],
            'korean host' => ['https://나나커피로스터스.com/products/ethiopia', 'ca7da841018c530a'],
            'query order' => ['https://a.com/?b=2&a=1', 'dddbd03fb959e7c3'],
        ];
    }

    public function testFingerprintsOfEquivalentUrlsMeet(): void
    {
        $this->assertSame(
            $this->normalizer->fingerprint('http://www.example.com/'),
            $this->normalizer->fingerprint('HTTP://www.example.com:80/index.html?#top')
        );
        $this->assertNotSame(
            $this->normalizer->fingerprint('http://www.example.com/a'),
            $this->normalizer->fingerprint('http://www.example.com/b')
        );
        $this->assertMatchesRegularExpression(
            '/^[0-9a-f]{16}$/',
            $this->normalizer->fingerprint('https://a.com/', N::SAFE)
        );
    }

    // --- surt() -----------------------------------------------------------------------------

    /**
     * @dataProvider surts
     */
    public function testSurt(string $url, string $expected): void
    {
        $this->assertSame($expected, $this->normalizer->surt($url));
    }

    /**
     * Cases from the Internet Archive's surt package (tests/test_surt.py), where its
     * canonicalization and ours agree, and a few of this project's.
     *
     * @return array<string, array{string, string}>
     */
    public static function surts(): array
    {
        return [
            'issue example' => ['http://www.example.com/a?b', 'com,example)/a?b'],
            'www stripped' => ['http://www.archive.org/', 'org,archive)/'],
            'no www' => ['http://archive.org/', 'org,archive)/'],
            'trailing slash' => ['http://archive.org/goo/', 'org,archive)/goo'],
            'empty query' => ['http://archive.org/goo/?', 'org,archive)/goo'],
            'query sorted' => ['http://archive.org/goo/?b&a', 'org,archive)/goo?a&b'],
            'values sorted too' => ['http://archive.org/goo/?a=2&b&a=1', 'org,archive)/goo?a=1&a=2&b'],
            'session id' => [
                'http://archive.org/index.php?PHPSESSID=0123456789abcdefghijklemopqrstuv&action=profile;u=4221',
                'org,archive)/index.php?action=profile;u=4221',
            ],
            'mailto kept' => ['mailto:foo@example.com', 'mailto:foo@example.com'],
            'scheme and case folded' => ['HTTPS://Example.COM:8080/A/B?X=Y#f', 'com,example:8080)/a/b?x=y'],
            'IDN host' => ['https://www.コーヒー.jp/p', 'jp,xn--tck2c4fb)/p'],
            'IPv4 host' => ['http://127.0.0.1:8000/x', '127.0.0.1:8000)/x'],
        ];
    }

    // --- removeQueryParameters() -----------------------------------------------------------

    public function testRemoveQueryParameters(): void
    {
        $this->assertSame(
            'https://a.com/?b=3',
            $this->normalizer->removeQueryParameters('https://a.com/?a=1&a=2&b=3', ['a'])
        );
        $this->assertSame(
            'https://a.com/x',
            $this->normalizer->removeQueryParameters('https://a.com/x?utm_a=1&UTM_b=2', ['utm_*'])
        );
        $this->assertSame(
            'https://xn--tck2c4fb.jp/?b=%26',
            $this->normalizer->removeQueryParameters('コーヒー.jp?A=1&b=%26', ['a'])
        );
        $this->expectException(\InvalidArgumentException::class);
        $this->normalizer->removeQueryParameters('https://a.com/', ['a', ['b']]);
    }
}
