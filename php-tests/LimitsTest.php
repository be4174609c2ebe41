<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use Monolog\Handler\TestHandler;
use Monolog\Logger;
use PHPUnit\Framework\TestCase;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlNormalizer;

/**
 * The options `allowed_schemes` and `max_length`: URLs outside them are invalid, in every
 * method, following the mode (lenient: a warning and the input as given; strict and
 * resolve(): InvalidUrlException).
 */
final class LimitsTest extends TestCase
{
    private const WEB = ['allowed_schemes' => ['http', 'https']];

    public function testACrawlerNeverGetsAJavascriptLink(): void
    {
        $normalizer = new UrlNormalizer(null, self::WEB);
        $this->assertSame('https://a.com/x', $normalizer->resolve('/x', 'https://a.com/page'));
        $this->expectException(InvalidUrlException::class);
        $this->expectExceptionMessage(
            'Cannot resolve `javascript:void(0)` against `https://a.com/page`: the scheme is not '
            . 'one of allowed_schemes (scheme `javascript`)'
        );
        $normalizer->resolve('javascript:void(0)', 'https://a.com/page');
    }

    public function testLenientModeWarnsAndReturnsTheInput(): void
    {
        $handler = new TestHandler();
        $normalizer = new UrlNormalizer(new Logger('crawler', [$handler]), self::WEB);
        $this->assertSame('mailto:a@b.c', $normalizer->normalize('mailto:a@b.c'));
        $this->assertSame('https://a.com/', $normalizer->normalize('HTTPS://A.com'));
        $record = $handler->getRecords()[0];
        $this->assertSame('Failed to parse URL for normalization', $record['message']);
        $this->assertSame(
            'Cannot normalize `mailto:a@b.c`: the scheme is not one of allowed_schemes (scheme `mailto`)',
            $record['context']['reason']
        );
    }

    /**
     * @dataProvider everyMethod
     */
    public function testEveryMethodChecksTheScheme(\Closure $call): void
    {
        $this->assertSame('ftp://a.com/', $call(new UrlNormalizer(null, self::WEB), 'ftp://a.com/'));
        $this->expectException(InvalidUrlException::class);
        $this->expectExceptionMessage('(scheme `ftp`)');
        $call(new UrlNormalizer(null, self::WEB + ['strict' => true]), 'ftp://a.com/');
    }

    /**
     * @return array<string, array{\Closure(UrlNormalizer, string): string}>
     */
    public static function everyMethod(): array
    {
        return [
            'normalize' => [fn (UrlNormalizer $n, string $url): string => $n->normalize($url)],
            'canonicalize' => [fn (UrlNormalizer $n, string $url): string => $n->canonicalize($url)],
            'surt' => [fn (UrlNormalizer $n, string $url): string => $n->surt($url)],
            'removeQueryParameters' => [
                fn (UrlNormalizer $n, string $url): string => $n->removeQueryParameters($url, ['a']),
            ],
            'fingerprint' => [
                fn (UrlNormalizer $n, string $url): string => $n->fingerprint($url) === hash('xxh64', $url) ? $url : '',
            ],
        ];
    }

    /**
     * @dataProvider badSchemeOptions
     * @param array<string, mixed> $options
     */
    public function testSchemesAreCheckedWhenConstructed(array $options, string $message): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage($message);
        new UrlNormalizer(null, $options);
    }

    /**
     * @return array<string, array{array<string, mixed>, string}>
     */
    public static function badSchemeOptions(): array
    {
        return [
            'not a scheme' => [
                ['allowed_schemes' => ['http', 'ht tp']],
                'Option `allowed_schemes` must list scheme names',
            ],
            'empty' => [['allowed_schemes' => []], 'Option `allowed_schemes` must list at least one scheme'],
            'not a list' => [
                ['allowed_schemes' => 'http'],
                'Option `allowed_schemes` must be a list of schemes, string given',
            ],
            'default scheme outside' => [
                ['allowed_schemes' => ['http']],
                'Option `allowed_schemes` (http) does not list `https`, the default scheme given to URLs that have '
                    . 'none: list it, or set `default_scheme` to one of them',
            ],
        ];
    }

    public function testSchemesAreLowercasedAndKeysMayComeInAnyOrder(): void
    {
        $normalizer = new UrlNormalizer(null, ['allowed_schemes' => ['HTTP'], 'default_scheme' => 'http']);
        $this->assertSame('http://example.com/', $normalizer->normalize('example.com'));
    }

    public function testALongerInputIsInvalid(): void
    {
        $handler = new TestHandler();
        $normalizer = new UrlNormalizer(new Logger('crawler', [$handler]), ['max_length' => 20]);
        $url = 'https://example.com/abcdef';
        $this->assertSame($url, $normalizer->normalize($url));
        $this->assertSame(
            'Cannot normalize `https://example.com/abcdef`: the input is 26 bytes, longer than max_length 20',
            $handler->getRecords()[0]['context']['reason']
        );
        $this->assertSame('https://a.com/', $normalizer->normalize('https://a.com'));
    }

    public function testTheDefaultIsTwoMebibytes(): void
    {
        $strict = new UrlNormalizer(null, ['strict' => true]);
        $megabyte = 'https://a.com/?q=' . str_repeat('x', 1_000_000);
        $this->assertSame($megabyte, $strict->normalize($megabyte));
        $this->expectException(InvalidUrlException::class);
        $this->expectExceptionMessage('the input is 3000000 bytes, longer than max_length 2097152');
        $strict->normalize('https://a.com/?q=' . str_repeat('x', 3_000_000 - 17));
    }

    public function testAResultLongerThanMaxLengthIsRefusedSoEveryKeyIsAcceptedAgain(): void
    {
        // 94 bytes that percent-encoding makes 242.
        $url = 'https://example.com/' . str_repeat('é', 37);
        $this->assertSame(94, strlen($url));
        $strict = new UrlNormalizer(null, ['strict' => true, 'max_length' => 100]);
        foreach (
            [
            static fn (): string => $strict->canonicalize($url),
            static fn (): string => $strict->normalize($url),
            static fn (): string => $strict->resolve($url, 'https://example.com/'),
            ] as $call
        ) {
            try {
                $call();
                $this->fail('a result of 242 bytes passed max_length 100');
            } catch (InvalidUrlException $e) {
                $this->assertStringContainsString(
                    'the result would be 242 bytes, longer than max_length 100',
                    $e->getMessage()
                );
            }
        }
        $lenient = new UrlNormalizer(null, ['max_length' => 100]);
        $this->assertSame($url, $lenient->canonicalize($url), 'lenient: the input as given');
        // The law: a key is one the same normalizer takes again, whatever max_length is.
        foreach ([40, 100, 242, 1000] as $maxLength) {
            $normalizer = new UrlNormalizer(null, ['max_length' => $maxLength]);
            foreach ([$url, 'https://example.com/a b', 'HTTP://www.Example.com/?b=2&a=1'] as $input) {
                $key = $normalizer->canonicalize($input, UrlNormalizer::AGGRESSIVE);
                $this->assertSame($key, $normalizer->canonicalize($key, UrlNormalizer::AGGRESSIVE));
                $this->assertLessThanOrEqual(max($maxLength, strlen($input)), strlen($key));
            }
        }
    }

    public function testResolveChecksHrefAndBase(): void
    {
        $normalizer = new UrlNormalizer(null, ['max_length' => 20]);
        try {
            $normalizer->resolve('x', 'https://example.com/abcdef');
            $this->fail('no exception');
        } catch (InvalidUrlException $e) {
            $this->assertStringContainsString('the base URL is invalid: the input is 26 bytes', $e->getMessage());
        }
        $this->expectException(InvalidUrlException::class);
        $this->expectExceptionMessage(': the input is 21 bytes, longer than max_length 20');
        $normalizer->resolve(str_repeat('a', 21), 'https://a.com/');
    }

    /**
     * @dataProvider badLengths
     */
    public function testMaxLengthIsAPositiveInt(mixed $value, string $message): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage($message);
        new UrlNormalizer(null, ['max_length' => $value]);
    }

    /**
     * @return array<string, array{mixed, string}>
     */
    public static function badLengths(): array
    {
        return [
            'zero' => [0, 'Option `max_length` must be at least 1, 0 given'],
            'negative' => [-5, 'Option `max_length` must be at least 1, -5 given'],
            'string' => ['100', 'Option `max_length` must be an int, string given'],
        ];
    }
}
