<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use PHPUnit\Framework\TestCase;
use UrlNormalize\UrlNormalizer;

/**
 * PHP references are input too: an array element or an option value that is a reference is
 * read as its value, and nothing the extension returns or logs aliases the caller's variable.
 */
final class ReferencesTest extends TestCase
{
    public function testAnUnchangedBatchElementIsNotTheCallersVariable(): void
    {
        $normalizer = new UrlNormalizer();
        $x = 'https://ok.com/';
        $normalized = $normalizer->normalizeMany([&$x]);
        $canonical = $normalizer->canonicalizeMany(['k' => &$x], UrlNormalizer::SAFE);
        $resolved = $normalizer->resolveMany([3 => &$x], 'https://a.com/');
        $x = 'HTTP://EVIL';
        $this->assertSame(['https://ok.com/'], $normalized);
        $this->assertSame(['k' => 'https://ok.com/'], $canonical);
        $this->assertSame([3 => 'https://ok.com/'], $resolved);
    }

    public function testALoggerWritingItsContextDoesNotChangeTheCallersVariable(): void
    {
        $logger = new class {
            /** @param array<string, mixed> $context */
            public function debug(string $message, array $context): void
            {
                $context['original'] = 'written by the logger';
                $context['normalized'] = 'written by the logger';
            }

            /** @param array<string, mixed> $context */
            public function warning(string $message, array $context): void
            {
                $context['url'] = 'written by the logger';
            }
        };
        $x = 'faß.de';
        $bad = 'https://exa mple.com/';
        $result = (new UrlNormalizer($logger))->normalizeMany([&$x, &$bad]);
        $this->assertSame('faß.de', $x);
        $this->assertSame('https://exa mple.com/', $bad);
        $this->assertSame(['https://xn--fa-hia.de/', 'https://exa mple.com/'], $result);
    }

    public function testALoggerThatReassignsTheReferencedVariableSeesItsOwnCopy(): void
    {
        $x = 'faß.de';
        $logger = new class ($x) {
            public ?string $seen = null;

            public function __construct(private string &$variable)
            {
            }

            /** @param array<string, mixed> $context */
            public function debug(string $message, array $context): void
            {
                // Frees the caller's string, unless the extension holds its own reference.
                $this->variable = str_repeat('z', 64);
                $this->seen = $context['original'];
            }

            /** @param array<string, mixed> $context */
            public function warning(string $message, array $context): void
            {
            }
        };
        $result = (new UrlNormalizer($logger))->normalizeMany(['a' => &$x]);
        $this->assertSame('faß.de', $logger->seen);
        $this->assertSame(str_repeat('z', 64), $x);
        $this->assertSame(['a' => 'https://xn--fa-hia.de/'], $result);
    }

    public function testOptionsSetThroughReferencesAreRead(): void
    {
        $scheme = 'http';
        $options = ['default_scheme' => 'http', 'allowed_schemes' => [&$scheme], 'max_length' => 100];
        foreach ($options as &$value) {
            // The common loop that leaves every value a reference.
        }
        unset($value);
        $normalizer = new UrlNormalizer(null, $options);
        $this->assertSame('http://example.com/', $normalizer->normalize('example.com'));
        $this->assertSame('https://x.com/', $normalizer->normalize('https://x.com/'), 'refused: returned as given');
        $names = ['utm_source'];
        foreach ($names as &$name) {
        }
        unset($name);
        $this->assertSame(
            'http://a.com/?b=1',
            $normalizer->removeQueryParameters('http://a.com/?utm_source=x&b=1', $names)
        );
    }

    public function testTypeErrorsNameTheReferencedType(): void
    {
        $int = 42;
        try {
            (new UrlNormalizer())->normalizeMany(['n' => &$int]);
            $this->fail('no exception');
        } catch (\TypeError $e) {
            $this->assertSame(
                'UrlNormalize\\UrlNormalizer::normalizeMany(): Argument #1 ($urls) must contain only values of type '
                    . 'Stringable|Uri\\WhatWg\\Url|Uri\\Rfc3986\\Uri|string, int given for key "n"',
                $e->getMessage()
            );
        }
        $float = 1.5;
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('Option `max_length` must be an int, float given');
        $options = ['max_length' => &$float];
        new UrlNormalizer(null, $options);
    }
}
