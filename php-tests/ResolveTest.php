<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use PHPUnit\Framework\TestCase;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlNormalizer;

/**
 * resolve(): links resolved as a browser resolves them, seed 004 both ways.
 */
final class ResolveTest extends TestCase
{
    private const QUICKSTART = 'https://docs.crawl4ai.com/core/quickstart';

    private UrlNormalizer $normalizer;

    protected function setUp(): void
    {
        $this->normalizer = new UrlNormalizer();
    }

    public function testSeed004StandardResolutionIsTheDefault(): void
    {
        $this->assertSame(
            'https://docs.crawl4ai.com/docker-deployment',
            $this->normalizer->resolve('../docker-deployment', self::QUICKSTART)
        );
    }

    public function testSeed004BaseReadAsADirectoryOnRequest(): void
    {
        $this->assertSame(
            'https://docs.crawl4ai.com/core/docker-deployment',
            $this->normalizer->resolve('../docker-deployment', self::QUICKSTART, true)
        );
        $this->assertSame(
            'https://docs.crawl4ai.com/core/docker-deployment',
            $this->normalizer->resolve('../docker-deployment', self::QUICKSTART, baseIsDirectory: true)
        );
    }

    public function testTheDirectoryReadingPutsTheSlashOnThePathNotAfterTheQuery(): void
    {
        // The seed's fix, `base_url + '/'`, would give `.../quickstart?lang=en/`.
        $this->assertSame(
            'https://a.com/core/quickstart/x',
            $this->normalizer->resolve('x', 'https://a.com/core/quickstart?lang=en', true)
        );
        $this->assertSame(
            'https://a.com/core/quickstart/?lang=en',
            $this->normalizer->resolve('', 'https://a.com/core/quickstart?lang=en', true)
        );
    }

    public function testTheDirectoryReadingAppliesToBasesWithoutAHost(): void
    {
        $this->assertSame('foo:/p/q/g', $this->normalizer->resolve('g', 'foo:/p/q', true));
        $this->assertSame('file:///dir/page/g', $this->normalizer->resolve('g', 'file:///dir/page', true));
        $this->assertSame(
            ['a' => 'foo:/p/q/g'],
            $this->normalizer->resolveMany(['a' => 'g'], 'foo:/p/q', baseIsDirectory: true)
        );
    }

    /**
     * @dataProvider links
     */
    public function testResolve(string $href, string $base, string $expected): void
    {
        $this->assertSame($expected, $this->normalizer->resolve($href, $base));
    }

    /**
     * @return array<string, array{string, string, string}>
     */
    public static function links(): array
    {
        $base = 'https://example.com/a/b/c?q#f';
        return [
            'sibling' => ['./x', $base, 'https://example.com/a/b/x'],
            'parent' => ['../x', $base, 'https://example.com/a/x'],
            'above the root' => ['../../../../x', $base, 'https://example.com/x'],
            'absolute path' => ['/x', $base, 'https://example.com/x'],
            'scheme-relative' => ['//cdn.example.org/x.js', $base, 'https://cdn.example.org/x.js'],
            'query only' => ['?page=2', $base, 'https://example.com/a/b/c?page=2'],
            'fragment only' => ['#top', $base, 'https://example.com/a/b/c?q#top'],
            'empty href' => ['', $base, 'https://example.com/a/b/c?q'],
            'absolute href' => ['http://other.org/', $base, 'http://other.org/'],
            'whitespace, tabs and newlines' => [" \t./x\n/y ", $base, 'https://example.com/a/b/x/y'],
            'backslashes' => ['..\\x\\y', $base, 'https://example.com/a/x/y'],
            'href normalized' => [
                '/café colombia',
                'https://나나커피로스터스.com/',
                'https://xn--910ba870d2ola729pxvdzqk.com/caf%C3%A9%20colombia',
            ],
            'IDN in the href' => ['//コーヒー.jp/p', $base, 'https://xn--tck2c4fb.jp/p'],
            'mailto href' => ['mailto:a@b.c', $base, 'mailto:a@b.c'],
            'three slashes' => ['///other.org/x', $base, 'https://other.org/x'],
            'non-UTF-8 bytes' => ["caf\xE9", $base, 'https://example.com/a/b/caf%E9'],
            '/\\ is a path against a non-special base' => [
                '/\\evil.com/x',
                'foo://authority/path/to/x',
                'foo://authority/\\evil.com/x',
            ],
            '/\\ against a host-less base' => ['/\\evil.com/x', 'foo:/p', 'foo:/\\evil.com/x'],
            '/\\ against an empty authority' => ['/\\evil.com/x', 'foo:///p', 'foo:///\\evil.com/x'],
            '/\\ against a base with userinfo and port' => [
                '/\\evil.com/x',
                'ssh://u@h:22/',
                'ssh://u@h:22/\\evil.com/x',
            ],
            '.. pops a drive-letter-shaped base segment' => [
                '../../admin',
                'https://good.com/public/C|/x',
                'https://good.com/admin',
            ],
            '.. pops a drive-letter-shaped href segment' => ['./a:/../../x', $base, 'https://example.com/a/x'],
            '.. against a non-special drive letter' => ['..', 'abc://x/y/z/C:/', 'abc://x/y/z/'],
        ];
    }

    /**
     * @dataProvider unresolvable
     */
    public function testUnresolvableLinksThrow(string $href, string $base, string $message): void
    {
        try {
            $this->normalizer->resolve($href, $base);
            $this->fail('no exception');
        } catch (InvalidUrlException $e) {
            $this->assertStringStartsWith('Cannot resolve `', $e->getMessage());
            $this->assertStringContainsString($message, $e->getMessage());
        }
    }

    /**
     * @return array<string, array{string, string, string}>
     */
    public static function unresolvable(): array
    {
        return [
            'relative base' => ['x', 'docs.crawl4ai.com/core', 'the base URL is invalid'],
            'empty base' => ['x', '', 'the base URL is invalid'],
            'base with a bad host' => ['x', 'https://exa mple.com/', 'the base URL is invalid'],
            'href with a bad host' => ['//exa mple.com/', self::QUICKSTART, 'not allowed in a host'],
            'href with a bad port' => ['//example.com:99999/', self::QUICKSTART, 'port'],
            'opaque base' => ['x', 'mailto:a@b.c', 'opaque path'],
            'non-UTF-8 host' => ["//caf\xE9.com/", self::QUICKSTART, 'not a valid domain name'],
            'backslash in a non-special port' => ['//h:80\\x', 'foo://a/b', 'port'],
            'credentials without a host' => ['//@', 'foo://a/b', 'host is empty'],
            'non-special href, credentials without a host' => ['foo://u@/x', self::QUICKSTART, 'host is empty'],
        ];
    }
}
