<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use GuzzleHttp\Psr7\Uri;
use PHPUnit\Framework\TestCase;
use UrlNormalize\UrlNormalizer;
use UrlNormalize\UrlNormalizerInterface;

/**
 * The seams of the API: the interface, the URL arguments (strings, any Stringable, PSR-7,
 * PHP 8.5's URL objects), and PHP's own TypeError and ArgumentCountError texts.
 */
final class ApiTest extends TestCase
{
    private const URL_TYPE = 'Stringable|Uri\WhatWg\Url|Uri\Rfc3986\Uri|string';

    public function testTheInterfaceDeclaresEveryPublicMethodButTheConstructor(): void
    {
        $normalizer = new UrlNormalizer();
        $this->assertInstanceOf(UrlNormalizerInterface::class, $normalizer);
        $methods = static fn (string $class): array => array_values(array_diff(
            array_map(
                static fn (\ReflectionMethod $method): string => $method->getName(),
                (new \ReflectionClass($class))->getMethods(\ReflectionMethod::IS_PUBLIC)
            ),
            ['__construct']
        ));
        $interface = $methods(UrlNormalizerInterface::class);
        sort($interface);
        $class = $methods(UrlNormalizer::class);
        sort($class);
        $this->assertSame($class, $interface);
        $this->assertCount(17, $interface);
    }

    public function testCodeThatTakesTheInterfaceAcceptsADouble(): void
    {
        $double = $this->createMock(UrlNormalizerInterface::class);
        $double->expects($this->once())->method('normalize')->with('https://コーヒー.jp/')
            ->willReturn('https://xn--tck2c4fb.jp/');
        $builder = new class ($double) {
            public function __construct(private UrlNormalizerInterface $urls)
            {
            }

            /** @return array{url: string} */
            public function payload(string $url): array
            {
                return ['url' => $this->urls->normalize($url)];
            }
        };
        $this->assertSame(['url' => 'https://xn--tck2c4fb.jp/'], $builder->payload('https://コーヒー.jp/'));
    }

    public function testEveryUrlArgumentTakesAStringableAPsr7UriAndStrings(): void
    {
        $normalizer = new UrlNormalizer();
        $stringable = new class implements \Stringable {
            public function __toString(): string
            {
                return 'HTTPS://Bücher.de/a b';
            }
        };
        $guzzle = new Uri('https://example.com/a/b?x=1');
        $this->assertSame('https://xn--bcher-kva.de/a%20b', $normalizer->normalize($stringable));
        $this->assertSame('https://example.com/a/b?x=1', $normalizer->normalize($guzzle));
        $this->assertSame('https://example.com/a/c', $normalizer->resolve(new Uri('c'), $guzzle));
        $this->assertSame(
            ['k' => 'https://xn--bcher-kva.de/a%20b', 0 => 'https://example.com/a/b?x=1'],
            $normalizer->normalizeMany(['k' => $stringable, 0 => $guzzle])
        );
        $this->assertSame(['p' => 'https://example.com/a/z'], $normalizer->resolveMany(['p' => 'z'], $guzzle));
        $this->assertSame('https://example.com/a/b?x=1', $normalizer->canonicalize($guzzle));
        $this->assertSame($normalizer->fingerprint('https://example.com/a/b?x=1'), $normalizer->fingerprint($guzzle));
        $this->assertSame('com,example)/a/b?x=1', $normalizer->surt($guzzle));
        $this->assertSame('example.com', $normalizer->registrableDomain($guzzle));
        $this->assertSame('com', $normalizer->publicSuffix($guzzle));
        $this->assertTrue($normalizer->sameSite($guzzle, 'https://www.example.com/'));
        $this->assertTrue($normalizer->equivalent($guzzle, 'HTTPS://EXAMPLE.com/a/b?x=1'));
        $this->assertSame('https://example.com/a/b', $normalizer->removeQueryParameters($guzzle, ['x']));
        $this->assertSame('domain', $normalizer->hostType($guzzle));
        $this->assertSame('https://example.com/a/b?x=1', $normalizer->toDisplay($guzzle));
        $this->assertSame('https://example.com/a/b?x=1', $normalizer->explain($guzzle)['result']);
    }

    public function testAnExceptionFromToStringGoesOnAsItIs(): void
    {
        $failing = new class implements \Stringable {
            public function __toString(): string
            {
                throw new \LogicException('no URL here');
            }
        };
        $this->expectException(\LogicException::class);
        $this->expectExceptionMessage('no URL here');
        (new UrlNormalizer())->normalize($failing);
    }

    /**
     * PHP 8.5's URL objects are read as their serialization: Uri\WhatWg\Url as toAsciiString(),
     * Uri\Rfc3986\Uri as toRawString(). Before 8.5 the classes do not exist and the parameter
     * type still names them.
     */
    public function testPhp85UrlObjects(): void
    {
        $normalizer = new UrlNormalizer();
        $type = (string) (new \ReflectionMethod(UrlNormalizer::class, 'normalize'))->getParameters()[0]->getType();
        $this->assertSame(self::URL_TYPE, $type);
        if (PHP_VERSION_ID < 80500) {
            $this->assertFalse(class_exists('Uri\WhatWg\Url'));
            return;
        }
        $whatwg = \Uri\WhatWg\Url::parse('https://Bücher.de/a b');
        $this->assertNotNull($whatwg);
        $this->assertSame('https://xn--bcher-kva.de/a%20b', $normalizer->normalize($whatwg));
        $rfc = \Uri\Rfc3986\Uri::parse('https://example.com/%7euser/../x');
        $this->assertNotNull($rfc);
        $this->assertSame('https://example.com/x', $normalizer->normalize($rfc));
        $this->assertSame('https://example.com/y', $normalizer->resolve('y', $rfc));
    }

    /**
     * @dataProvider wrongTypes
     */
    public function testAWrongTypeIsPhpsOwnTypeError(\Closure $call, string $message): void
    {
        $this->expectException(\TypeError::class);
        $this->expectExceptionMessage($message);
        $call(new UrlNormalizer());
    }

    /**
     * @return iterable<string, array{\Closure, string}>
     */
    public static function wrongTypes(): iterable
    {
        $prefix = 'UrlNormalize\UrlNormalizer::';
        $given = PHP_VERSION_ID >= 80300 ? 'true given' : 'bool given';
        yield 'an int URL' => [
            static fn (UrlNormalizer $n): string => $n->normalize(123),
            $prefix . 'normalize(): Argument #1 ($url) must be of type ' . self::URL_TYPE . ', int given',
        ];
        yield 'null' => [
            static fn (UrlNormalizer $n): string => $n->canonicalize(null),
            $prefix . 'canonicalize(): Argument #1 ($url) must be of type ' . self::URL_TYPE . ', null given',
        ];
        yield 'an object without __toString' => [
            static fn (UrlNormalizer $n): string => $n->resolve('a', new \stdClass()),
            $prefix . 'resolve(): Argument #2 ($base) must be of type ' . self::URL_TYPE . ', stdClass given',
        ];
        yield 'an int for a bool' => [
            static fn (UrlNormalizer $n): string => $n->resolve('a', 'https://a.com/', 1),
            $prefix . 'resolve(): Argument #3 ($baseIsDirectory) must be of type bool, int given',
        ];
        yield 'a string for ?int' => [
            static fn (UrlNormalizer $n): string => $n->canonicalize('a.com', '4'),
            $prefix . 'canonicalize(): Argument #2 ($flags) must be of type ?int, string given',
        ];
        yield 'a bool for an int' => [
            static fn (UrlNormalizer $n): string => $n->fingerprint('a.com', null, true),
            $prefix . 'fingerprint(): Argument #3 ($bits) must be of type int, ' . $given,
        ];
        yield 'a string for an array' => [
            static fn (UrlNormalizer $n): array => $n->normalizeMany('https://a.com/'),
            $prefix . 'normalizeMany(): Argument #1 ($urls) must be of type array, string given',
        ];
        yield 'a string for the logger' => [
            static fn (): UrlNormalizer => new UrlNormalizer('logger'),
            $prefix . '__construct(): Argument #1 ($logger) must be of type ?object, string given',
        ];
        yield 'an element that is no URL' => [
            static fn (UrlNormalizer $n): array => $n->canonicalizeMany(['a' => 1.5]),
            $prefix . 'canonicalizeMany(): Argument #1 ($urls) must contain only values of type '
                . self::URL_TYPE . ', float given for key "a"',
        ];
    }

    public function testAMissingArgumentIsPhpsOwnArgumentCountError(): void
    {
        $this->expectException(\ArgumentCountError::class);
        $this->expectExceptionMessage('UrlNormalize\UrlNormalizer::resolve() expects at least 2 arguments, 1 given');
        (new UrlNormalizer())->resolve('a'); // @phpstan-ignore-line
    }

    public function testPhpInfoShowsWhatTheBuildCarries(): void
    {
        ob_start();
        (new \ReflectionExtension('url_normalize'))->info();
        $info = (string) ob_get_clean();
        $this->assertMatchesRegularExpression('/^version => \d+\.\d+\.\d+$/m', $info);
        $this->assertStringContainsString('key version (KEY_VERSION) => ' . UrlNormalizer::KEY_VERSION, $info);
        $this->assertMatchesRegularExpression(
            '/^Public Suffix List => ' . preg_quote(UrlNormalizer::PUBLIC_SUFFIX_LIST_VERSION, '/')
                . ' \(psl crate\), \d{4,} rules$/m',
            $info
        );
        $this->assertMatchesRegularExpression('/^IDNA tables \(UTS #46\), Unicode => \d+\.\d+\.\d+$/m', $info);
        $this->assertStringContainsString('thread safety => ' . (PHP_ZTS ? 'ZTS' : 'NTS'), $info);
        $simd = php_uname('m') === 'x86_64' ? '(AVX2|SSE2)' : 'none';
        $this->assertMatchesRegularExpression('/^SIMD => ' . $simd . '/m', $info);
    }
}
