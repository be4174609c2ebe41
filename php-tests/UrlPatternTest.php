<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use PHPUnit\Framework\TestCase;
use UrlNormalize\UrlPattern;

/**
 * UrlPattern: construction from strings and arrays, the readable components, test() and
 * exec(), ignoreCase, URLs read as normalize() reads them, and bad input. WPT's
 * urlpatterntestdata.json is in Conformance/.
 */
final class UrlPatternTest extends TestCase
{
    public function testComponentsAreReadable(): void
    {
        $pattern = new UrlPattern('https://コーヒー.jp:443/shop/:item/x?q=*#top');
        $this->assertSame('https', $pattern->protocol);
        $this->assertSame('xn--tck2c4fb.jp', $pattern->hostname);
        $this->assertSame('', $pattern->port);
        $this->assertSame('/shop/:item/x', $pattern->pathname);
        $this->assertSame('q=*', $pattern->search);
        $this->assertSame('top', $pattern->hash);
        $this->assertSame('*', $pattern->username);
        $this->assertSame('*', $pattern->password);
        $this->assertFalse($pattern->hasRegExpGroups);
        $this->assertTrue((new UrlPattern('https://a.com/:id(\\d+)'))->hasRegExpGroups);
    }

    public function testComponentsCannotBeWritten(): void
    {
        $pattern = new UrlPattern('https://example.com/*');
        $this->expectException(\Throwable::class);
        $pattern->pathname = '/other'; // @phpstan-ignore-line
    }

    public function testUrlsAreReadAsNormalizeReadsThem(): void
    {
        $pattern = new UrlPattern('https://コーヒー.jp/*');
        $this->assertTrue($pattern->test('https://xn--tck2c4fb.jp/menu'));
        $this->assertTrue($pattern->test('https://コーヒー.jp/menu'));
        $this->assertTrue($pattern->test('HTTPS://XN--TCK2C4FB.JP:443/menu'));
        $this->assertTrue($pattern->test('コーヒー.jp/menu'));
        $this->assertFalse($pattern->test('https://example.jp/menu'));
        $this->assertFalse($pattern->test('https://exa mple.jp/'));
        $this->assertFalse($pattern->test("\xFF\xFE"));
    }

    public function testExec(): void
    {
        $pattern = new UrlPattern('https://:sub.example.com/:year(\\d+)/:slug?');
        $found = $pattern->exec('https://blog.example.com/2026/hello');
        $this->assertIsArray($found);
        $this->assertSame(['https://blog.example.com/2026/hello'], $found['inputs']);
        $this->assertSame(['input' => 'blog.example.com', 'groups' => ['sub' => 'blog']], $found['hostname']);
        $this->assertSame(
            ['input' => '/2026/hello', 'groups' => ['year' => '2026', 'slug' => 'hello']],
            $found['pathname']
        );
        $this->assertSame(['input' => '', 'groups' => [0 => '']], $found['search']);
        $this->assertSame(
            ['inputs', 'protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash'],
            array_keys($found)
        );
        $short = $pattern->exec('https://blog.example.com/2026');
        $this->assertSame(['year' => '2026', 'slug' => null], $short['pathname']['groups'] ?? []);
        $this->assertNull($pattern->exec('https://blog.example.com/x'));
    }

    public function testArraysAndBaseUrls(): void
    {
        $pattern = new UrlPattern(['hostname' => '{*.}?example.com', 'pathname' => '/books/*']);
        $this->assertTrue($pattern->test('http://www.example.com/books/1'));
        $this->assertTrue($pattern->test(['hostname' => 'example.com', 'pathname' => '/books/2']));
        $this->assertFalse($pattern->test(['pathname' => '/books/2']));

        $relative = new UrlPattern('/books/:id', 'https://example.com');
        $this->assertSame('https', $relative->protocol);
        $this->assertTrue($relative->test('/books/1', 'https://example.com/a/'));
        $found = $relative->exec('/books/1', 'https://example.com/');
        $this->assertSame(['/books/1', 'https://example.com/'], $found['inputs'] ?? []);

        $this->expectException(\InvalidArgumentException::class);
        $pattern->test(['pathname' => '/books/2'], 'https://example.com/');
    }

    public function testIgnoreCase(): void
    {
        $pattern = new UrlPattern('https://example.com/Books/:id', null, ['ignoreCase' => true]);
        $this->assertTrue($pattern->test('https://example.com/BOOKS/1'));
        $this->assertSame(['id' => 'X'], $pattern->exec('https://example.com/books/X')['pathname']['groups'] ?? []);
        $this->assertFalse((new UrlPattern('https://example.com/Books/*'))->test('https://example.com/books/1'));
    }

    /**
     * @dataProvider invalidPatterns
     * @param array<mixed>|string $pattern
     * @param array<string, mixed> $options
     */
    public function testInvalidPatternsSayWhy(
        array|string $pattern,
        ?string $base,
        array $options,
        string $message
    ): void {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage($message);
        new UrlPattern($pattern, $base, $options);
    }

    /**
     * @return array<string, array{array<mixed>|string, ?string, array<string, mixed>, string}>
     */
    public static function invalidPatterns(): array
    {
        return [
            'a name is missing' => [
                'https://example.com/:',
                null,
                [],
                'Invalid URL pattern `https://example.com/:`: tokenizer error: invalid name',
            ],
            'an unclosed group' => ['https://example.com/(', null, [], 'Invalid URL pattern'],
            'look-ahead' => [
                'https://example.com/(?=x)',
                null,
                [],
                'Invalid URL pattern `https://example.com/(?=x)`: tokenizer error: invalid regex',
            ],
            'a backreference' => ['https://example.com/(a)(\\1)', null, [], 'a regular expression group is not valid'],
            'a relative pattern' => ['/books/*', null, [], 'needs a base URL'],
            'a bad base' => ['/x', 'https://exa mple/', [], 'Invalid base URL'],
            'an unknown component' => [['path' => '/x'], null, [], '`path` is not a URL pattern component'],
            'a component that is not a string' => [['pathname' => 1], null, [], 'must be a UTF-8 string'],
            'an array with a base' => [['pathname' => '/x'], 'https://example.com', [], 'beside components'],
            'an unknown option' => ['https://a/*', null, ['ignorecase' => true], 'Unknown URL pattern option'],
            'not UTF-8' => ["https://a/\xFF", null, [], 'must be UTF-8'],
        ];
    }

    /**
     * A base URL that is no URL is refused as every URL argument is: InvalidUrlException with
     * its kind, which is also an \\InvalidArgumentException.
     */
    public function testABadBaseUrlIsAnInvalidUrlException(): void
    {
        try {
            new UrlPattern('/x', 'https://exa mple/');
            $this->fail('accepted the base');
        } catch (\UrlNormalize\InvalidUrlException $e) {
            $this->assertSame(\UrlNormalize\ErrorKind::ForbiddenHostCodePoint, $e->getKind());
            $this->assertSame('https://exa mple/', $e->getInput());
            $this->assertStringStartsWith('Invalid base URL for a URL pattern: ', $e->getMessage());
        }
    }

    public function testOtherTypesAreTypeErrors(): void
    {
        try {
            new UrlPattern(12); // @phpstan-ignore-line
            $this->fail('accepted an int');
        } catch (\TypeError $e) {
            $this->assertStringContainsString('must be of type array|string, int given', $e->getMessage());
        }
        $this->expectException(\TypeError::class);
        $this->expectExceptionMessage(
            'must be of type Stringable|Uri\WhatWg\Url|Uri\Rfc3986\Uri|array|string, float given'
        );
        (new UrlPattern('https://a/*'))->test(1.5); // @phpstan-ignore-line
    }

    public function testEveryFormOfTheCallGivesOneAnswer(): void
    {
        // A single string takes a shorter road than a Stringable, a reference or a second
        // argument; the answers must not depend on the road.
        $patterns = [
            new UrlPattern('https://*.example.com/blog/:year(\\d+)/:slug'),
            new UrlPattern('https://example.com:8080/*.js'),
            new UrlPattern('/x/:y', 'https://example.com/'),
            new UrlPattern('https://example.com/A/*', null, ['ignoreCase' => true]),
        ];
        $urls = [
            'https://www.example.com/blog/2026/post', 'https://example.com/blog/2026/post',
            'https://a.example.com/blog/x/post', 'https://example.com:8080/a/b.js',
            'https://example.com:8080/b.css', 'https://example.com/x/y', 'https://example.com/x/',
            'https://example.com/a/b', 'HTTPS://EXAMPLE.COM/a/b', 'example.com/x/y', '', "\xFF",
            'https://exa mple.com/', 'mailto:a@example.com',
        ];
        foreach ($patterns as $pattern) {
            foreach ($urls as $url) {
                $expected = $pattern->test($url);
                $stringable = new class ($url) implements \Stringable {
                    public function __construct(private string $url)
                    {
                    }

                    public function __toString(): string
                    {
                        return $this->url;
                    }
                };
                $reference = $url;
                $alias = &$reference;
                $this->assertSame($expected, $pattern->test($stringable), $url);
                $this->assertSame($expected, $pattern->test($alias), $url);
                $this->assertSame($expected, $pattern->test($url, null), $url);
                $this->assertSame($expected, $pattern->exec($url) !== null, $url);
            }
        }
        $this->assertTrue($patterns[0]->test('https://www.example.com/blog/2026/post'));
        $this->assertFalse($patterns[0]->test('https://example.org/blog/2026/post'));
        $this->assertTrue($patterns[2]->test('https://example.com/x/y'));
    }

    public function testArgumentCountErrorsStay(): void
    {
        $pattern = new UrlPattern('https://a/*');
        try {
            $pattern->test(); // @phpstan-ignore-line
            $this->fail('accepted no argument');
        } catch (\ArgumentCountError $e) {
            $this->assertStringContainsString('expects at least 1 argument, 0 given', $e->getMessage());
        }
        $this->expectException(\ArgumentCountError::class);
        $pattern->test('https://a/', null, 'extra'); // @phpstan-ignore-line
    }

    public function testAPatternIsConstructedOnce(): void
    {
        $pattern = new UrlPattern('https://a/*');
        $this->expectException(\Error::class);
        $pattern->__construct('https://b/*');
    }

    public function testMatchingIsLinearWhateverThePattern(): void
    {
        // A pattern that backtracks exponentially in a backtracking engine: (a+)+b.
        $pattern = new UrlPattern(['pathname' => '/(a+)+b']);
        $this->assertFalse($pattern->test('https://example.com/' . str_repeat('a', 50000)));
    }
}
