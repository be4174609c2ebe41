<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use Monolog\Handler\TestHandler;
use Monolog\Logger;
use PHPUnit\Framework\TestCase;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlNormalizer;

/**
 * normalizeMany(), canonicalizeMany(), resolveMany(): the keys are kept, each value is the
 * single call's answer, a non-string element is a TypeError naming its key, and a failing
 * element follows the single call's rule for the mode.
 */
final class BatchTest extends TestCase
{
    private const URLS = [
        'a' => 'HTTPS://Example.com',
        7 => 'https://example.com/café colombia',
        "k\xFF" => 'https://example.com/already/normal?q=1',
        -3 => 'https://exa mple.com/',
        'idn' => 'https://コーヒー.jp/products/natural',
        'bytes' => "https://a.com/caf\xE9",
    ];

    public function testNormalizeManyKeepsTheKeysAndGivesEachSingleAnswer(): void
    {
        $normalizer = new UrlNormalizer();
        $expected = array_map(static fn (string $u): string => $normalizer->normalize($u), self::URLS);
        $this->assertSame($expected, $normalizer->normalizeMany(self::URLS));
        $this->assertSame(
            ['a' => 'https://example.com/', 7 => 'https://example.com/caf%C3%A9%20colombia'],
            array_slice($normalizer->normalizeMany(self::URLS), 0, 2, true)
        );
    }

    public function testEmptyArraysAndListsKeepTheirShape(): void
    {
        $normalizer = new UrlNormalizer();
        $this->assertSame([], $normalizer->normalizeMany([]));
        $this->assertSame([], $normalizer->canonicalizeMany([]));
        $this->assertSame([], $normalizer->resolveMany([], 'https://a.com/'));
        $list = ['https://a.com/', 'b.com'];
        $this->assertSame(['https://a.com/', 'https://b.com/'], $normalizer->normalizeMany($list));
        $this->assertTrue(array_is_list($normalizer->normalizeMany($list)));
        $holes = [5 => 'x.com', 2 => 'y.com'];
        $this->assertSame([5 => 'https://x.com/', 2 => 'https://y.com/'], $normalizer->normalizeMany($holes));
    }

    public function testTheCallersArrayIsNotChanged(): void
    {
        $normalizer = new UrlNormalizer();
        $urls = ['b' => 'HTTP://B.com'];
        $normalizer->normalizeMany($urls);
        $normalizer->canonicalizeMany($urls);
        $this->assertSame(['b' => 'HTTP://B.com'], $urls);
    }

    public function testLenientModeReturnsAFailingElementAsGivenAndWarns(): void
    {
        $handler = new TestHandler();
        $normalizer = new UrlNormalizer(new Logger('batch', [$handler]));
        $result = $normalizer->normalizeMany(['ok' => 'a.com', 'bad' => 'https://exa mple.com/']);
        $this->assertSame(['ok' => 'https://a.com/', 'bad' => 'https://exa mple.com/'], $result);
        $this->assertTrue($handler->hasWarning('Failed to convert IDN to ASCII'));
        $debug = array_values(array_filter(
            $handler->getRecords(),
            static fn (array $record): bool => $record['level_name'] === 'DEBUG'
        ));
        $this->assertCount(1, $debug);
        $this->assertSame('URL normalized for HTTP request', $debug[0]['message']);
        $this->assertSame(['original' => 'a.com', 'normalized' => 'https://a.com/'], $debug[0]['context']);
    }

    public function testStrictModeThrowsNamingTheKey(): void
    {
        $normalizer = new UrlNormalizer(null, ['strict' => true]);
        try {
            $normalizer->normalizeMany(['ok' => 'a.com', 'bad' => 'https://exa mple.com/']);
            $this->fail('no exception');
        } catch (InvalidUrlException $e) {
            $this->assertStringStartsWith(
                'normalizeMany(): element "bad": Cannot normalize `https://exa mple.com/`',
                $e->getMessage()
            );
        }
        $this->expectException(InvalidUrlException::class);
        $this->expectExceptionMessage('canonicalizeMany(): element 4: Cannot canonicalize');
        $normalizer->canonicalizeMany([4 => '/relative']);
    }

    /**
     * @dataProvider batchCalls
     */
    public function testANonStringElementIsATypeErrorNamingItsKey(string $method, string $expected): void
    {
        $normalizer = new UrlNormalizer();
        $this->expectException(\TypeError::class);
        $this->expectExceptionMessage($expected);
        $array = ['fine' => 'https://a.com/', 'n' => 42];
        match ($method) {
            'normalizeMany' => $normalizer->normalizeMany($array),
            'canonicalizeMany' => $normalizer->canonicalizeMany($array),
            'resolveMany' => $normalizer->resolveMany($array, 'https://a.com/'),
        };
    }

    /** @return iterable<string, array{string, string}> */
    public static function batchCalls(): iterable
    {
        $element = ' must contain only values of type Stringable|Uri\\WhatWg\\Url|Uri\\Rfc3986\\Uri|string,'
            . ' int given for key "n"';
        yield 'normalizeMany' => ['normalizeMany', 'UrlNormalizer::normalizeMany(): Argument #1 ($urls)' . $element];
        yield 'canonicalizeMany' => [
            'canonicalizeMany',
            'UrlNormalizer::canonicalizeMany(): Argument #1 ($urls)' . $element,
        ];
        yield 'resolveMany' => ['resolveMany', 'UrlNormalizer::resolveMany(): Argument #1 ($hrefs)' . $element];
    }

    public function testCanonicalizeManyUsesTheFlagsForEveryElement(): void
    {
        $normalizer = new UrlNormalizer();
        $urls = ['x' => 'http://www.example.com:80/index.html?', 3 => 'https://a.com/?b=2&a=1#f'];
        $this->assertSame(
            ['x' => 'http://www.example.com/', 3 => 'https://a.com/?a=1&b=2'],
            $normalizer->canonicalizeMany($urls)
        );
        $flags = UrlNormalizer::SAFE;
        $expected = array_map(static fn (string $u): string => $normalizer->canonicalize($u, $flags), $urls);
        $this->assertSame($expected, $normalizer->canonicalizeMany($urls, $flags));
        $this->expectException(\InvalidArgumentException::class);
        $normalizer->canonicalizeMany($urls, 1 << 20);
    }

    public function testResolveManyGivesWhatResolveGives(): void
    {
        $normalizer = new UrlNormalizer();
        $base = 'https://docs.crawl4ai.com/core/quickstart?lang=en';
        $hrefs = ['nav' => '../docker-deployment', 3 => '#top', 'cdn' => '//cdn.example.org/a b', 'q' => '?page=2'];
        foreach ([false, true] as $directory) {
            $expected = array_map(
                static fn (string $h): string => $normalizer->resolve($h, $base, $directory),
                $hrefs
            );
            $this->assertSame($expected, $normalizer->resolveMany($hrefs, $base, $directory));
        }
        $this->assertSame(
            ['nav' => 'https://docs.crawl4ai.com/core/docker-deployment'],
            $normalizer->resolveMany(['nav' => '../docker-deployment'], $base, baseIsDirectory: true)
        );
    }

    public function testResolveManyThrowsForAnInvalidLinkOrBaseNamingTheKey(): void
    {
        $normalizer = new UrlNormalizer();
        try {
            $normalizer->resolveMany(['ok' => '/a', 'bad' => '//exa mple.com/'], 'https://a.com/');
            $this->fail('no exception');
        } catch (InvalidUrlException $e) {
            $this->assertStringStartsWith('resolveMany(): element "bad": Cannot resolve', $e->getMessage());
        }
        $this->expectException(InvalidUrlException::class);
        $this->expectExceptionMessage('resolveMany(): element 0: Cannot resolve `x` against `not a base`');
        $normalizer->resolveMany(['x'], 'not a base');
    }

    public function testAnUrlAlreadyInNormalFormComesBackWithoutACopy(): void
    {
        $normalizer = new UrlNormalizer();
        $url = 'https://example.com/' . str_repeat('a', 1 << 20);
        $before = memory_get_usage();
        $same = $normalizer->normalize($url);
        $many = $normalizer->normalizeMany([$url, 'k' => $url]);
        // A copy would be a megabyte each; the answers share the caller's string.
        $this->assertLessThan(64 * 1024, memory_get_usage() - $before);
        $this->assertSame($url, $same);
        $this->assertSame([$url, 'k' => $url], $many);
    }
}
