<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use PHPUnit\Framework\TestCase;
use UrlNormalize\Tests\Support\TestData;
use UrlNormalize\UrlNormalizer;

/**
 * normalize(), resolve(), canonicalize(), fingerprint() and UrlPattern::test() answer a call of
 * strings only on a shorter road than any other call (a Stringable, a reference, an explicit
 * default). The answers, exceptions included, must not depend on the road.
 */
final class HotHandlersTest extends TestCase
{
    /** @return list<string> */
    private static function inputs(): array
    {
        return array_merge(
            array_slice(TestData::urls('kasztp.txt'), 0, 300),
            array_slice(TestData::urls('idn-sample.txt'), 0, 300),
            [
                '', "\xFF", 'faß.de', 'https://u:p@example.com/a/../b', 'javascript:alert(1)',
                'https://exa mple.com/', '//x', '../docker-deployment', 'http://10.0.0.1/',
                'https://www.example.com/index.html?utm_source=x&b=1&a=2#f', 'ftp://example.com/',
                'https://example.com/' . str_repeat('a', 3000),
            ]
        );
    }

    private static function stringable(string $url): \Stringable
    {
        return new class ($url) implements \Stringable {
            public function __construct(private string $url)
            {
            }

            public function __toString(): string
            {
                return $this->url;
            }
        };
    }

    /** @return array{0: string, 1: mixed, 2?: int} the value, or the exception's class, message and code */
    private static function outcome(callable $call): array
    {
        try {
            return ['value', $call()];
        } catch (\Throwable $e) {
            return [get_class($e), $e->getMessage(), $e->getCode()];
        }
    }

    public function testAStringCallAnswersAsEveryOtherCall(): void
    {
        $normalizers = [
            'default' => new UrlNormalizer(),
            'strict' => new UrlNormalizer(null, ['strict' => true]),
            'narrow' => new UrlNormalizer(null, [
                'default_scheme' => 'http',
                'allowed_schemes' => ['http', 'https'],
                'block_private_hosts' => true,
                'max_length' => 200,
            ]),
        ];
        $checked = 0;
        foreach ($normalizers as $name => $normalizer) {
            foreach (self::inputs() as $url) {
                $alias = $url;
                $reference = &$alias;
                $object = self::stringable($url);
                $same = function (callable $short, callable $long) use ($name, $url): void {
                    $this->assertSame(self::outcome($long), self::outcome($short), "$name: $url");
                };
                $same(
                    fn (): string => $normalizer->normalize($url),
                    fn (): string => $normalizer->normalize($object)
                );
                $same(
                    fn (): string => $normalizer->normalize($reference),
                    fn (): string => $normalizer->normalize($object)
                );
                $same(
                    fn (): string => $normalizer->canonicalize($url),
                    fn (): string => $normalizer->canonicalize($url, null)
                );
                $same(
                    fn (): string => $normalizer->fingerprint($url),
                    fn (): string => $normalizer->fingerprint($url, null, 64)
                );
                $same(
                    fn (): string => $normalizer->resolve('../x y', $url),
                    fn (): string => $normalizer->resolve('../x y', $object)
                );
                $same(
                    fn (): string => $normalizer->resolve($url, 'https://example.com/a/b'),
                    fn (): string => $normalizer->resolve($url, 'https://example.com/a/b', false)
                );
                $checked++;
            }
        }
        $this->assertSame(3 * count(self::inputs()), $checked);
        // The road taken still gives the documented answers.
        $this->assertSame('https://xn--fa-hia.de/', $normalizers['default']->normalize('faß.de'));
        $this->assertSame(
            'https://example.com/a/x%20y',
            $normalizers['default']->resolve('x y', 'https://example.com/a/b')
        );
        $this->assertSame("\xFF", $normalizers['default']->normalize("\xFF"));
    }

    public function testArgumentErrorsStay(): void
    {
        $normalizer = new UrlNormalizer();
        try {
            $normalizer->normalize(); // @phpstan-ignore-line
            $this->fail('accepted no argument');
        } catch (\ArgumentCountError $e) {
            $this->assertStringContainsString('expects exactly 1 argument, 0 given', $e->getMessage());
        }
        try {
            $normalizer->resolve('a'); // @phpstan-ignore-line
            $this->fail('accepted one argument');
        } catch (\ArgumentCountError $e) {
            $this->assertStringContainsString('expects at least 2 arguments, 1 given', $e->getMessage());
        }
        $this->expectException(\TypeError::class);
        $normalizer->fingerprint(12); // @phpstan-ignore-line
    }
}
