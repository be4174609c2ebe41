<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use PHPUnit\Framework\TestCase;
use UrlNormalize\ErrorKind;
use UrlNormalize\InvalidOptionException;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlNormalizer;

/**
 * Errors a program can read: each kind of refusal as an ErrorKind with its own code, the input
 * (password hidden), the host and the scheme; each refused option by its key.
 */
final class ErrorDataTest extends TestCase
{
    /**
     * @dataProvider kinds
     * @param array<string, mixed> $options
     */
    public function testEachKindIsReadableWithoutParsingTheMessage(
        array $options,
        \Closure $call,
        ErrorKind $kind,
        int $code,
        string $input,
        ?string $host,
        ?string $scheme
    ): void {
        $normalizer = new UrlNormalizer(null, ['strict' => true] + $options);
        try {
            $call($normalizer);
            $this->fail('no exception');
        } catch (InvalidUrlException $e) {
            $this->assertSame($kind, $e->getKind());
            $this->assertSame($code, $e->getCode());
            $this->assertSame($input, $e->getInput());
            $this->assertSame($host, $e->getHost());
            $this->assertSame($scheme, $e->getScheme());
            $this->assertSame(__FILE__, $e->getFile(), 'the caller\'s file and line, as for any exception');
        }
    }

    /**
     * @return iterable<string, array{array<string, mixed>, \Closure, ErrorKind, int, string, ?string, ?string}>
     */
    public static function kinds(): iterable
    {
        $normalize = static fn (string $url): \Closure => static fn (UrlNormalizer $n): string => $n->normalize($url);
        yield 'empty input' => [[], $normalize(' '), ErrorKind::EmptyInput, 1, ' ', null, null];
        yield 'relative reference' => [[], $normalize('../x'), ErrorKind::RelativeReference, 2, '../x', null, null];
        yield 'empty host' => [[], $normalize('https://u@/x'), ErrorKind::EmptyHost, 3, 'https://u@/x', '', null];
        yield 'invalid domain' => [[], $normalize("https://\u{200D}.example/"), ErrorKind::InvalidDomain, 4,
            "https://\u{200D}.example/", "\u{200D}.example", null];
        yield 'forbidden host code point, password hidden' => [[], $normalize('https://joe:s3cret@exa mple.com/'),
            ErrorKind::ForbiddenHostCodePoint, 5, 'https://joe:***@exa mple.com/', 'exa mple.com', null];
        yield 'invalid port' => [[], $normalize('https://a.com:99999/'), ErrorKind::InvalidPort, 6,
            'https://a.com:99999/', null, null];
        yield 'invalid IPv4' => [[], $normalize('http://1.2.3.256/'), ErrorKind::InvalidIpv4, 7,
            'http://1.2.3.256/', '1.2.3.256', null];
        yield 'invalid IPv6' => [[], $normalize('http://[::1::]/'), ErrorKind::InvalidIpv6, 8,
            'http://[::1::]/', '[::1::]', null];
        yield 'base with opaque path' => [[], static fn (UrlNormalizer $n): string => $n->resolve('x', 'mailto:a@b.c'),
            ErrorKind::BaseWithOpaquePath, 9, 'mailto:a@b.c', null, null];
        yield 'input too long' => [['max_length' => 20], $normalize('https://example.com/abcdef'),
            ErrorKind::InputTooLong, 11, 'https://example.com/abcdef', null, null];
        yield 'disallowed scheme' => [['allowed_schemes' => ['https']], $normalize('ftp://a.com/'),
            ErrorKind::DisallowedScheme, 12, 'ftp://a.com/', null, 'ftp'];
        yield 'disallowed host' => [['allowed_hosts' => ['a.com']], $normalize('https://b.com/'),
            ErrorKind::DisallowedHost, 13, 'https://b.com/', 'b.com', null];
        yield 'private host' => [['block_private_hosts' => true], $normalize('http://127.1/'),
            ErrorKind::PrivateHost, 14, 'http://127.1/', '127.0.0.1', null];
        yield 'result too long' => [['max_length' => 30], $normalize('https://a.com/éééééé'),
            ErrorKind::ResultTooLong, 16, 'https://a.com/éééééé', null, null];
    }

    public function testEveryKindHasItsOwnCodeAndName(): void
    {
        $this->assertCount(16, ErrorKind::cases());
        $this->assertSame(ErrorKind::PrivateHost, ErrorKind::from('private-host'));
        $this->assertSame('invalid-ipv6', ErrorKind::InvalidIpv6->value);
    }

    public function testAnExceptionUserlandMakesHasTheDefaults(): void
    {
        $e = new InvalidUrlException('my own', 7);
        $this->assertSame(ErrorKind::Invalid, $e->getKind());
        $this->assertSame('', $e->getInput());
        $this->assertNull($e->getHost());
        $this->assertNull($e->getScheme());
        $this->assertSame(7, $e->getCode());
        $subclass = new class ('x') extends InvalidUrlException {
        };
        $this->assertSame(ErrorKind::Invalid, $subclass->getKind());
    }

    /**
     * @dataProvider badOptions
     * @param array<mixed> $options
     */
    public function testARefusedOptionIsNamedByItsKey(array $options, ?string $key, string $message): void
    {
        try {
            new UrlNormalizer(null, $options);
            $this->fail('no exception');
        } catch (InvalidOptionException $e) {
            $this->assertInstanceOf(\InvalidArgumentException::class, $e);
            $this->assertSame($key, $e->getOptionKey());
            $this->assertStringStartsWith($message, $e->getMessage());
        }
    }

    /**
     * @return iterable<string, array{array<mixed>, ?string, string}>
     */
    public static function badOptions(): iterable
    {
        yield 'a typo within two edits' => [['stict' => true], 'stict',
            'Option `stict` is unknown; did you mean `strict`? known options: allowed_hosts'];
        yield 'a swap' => [
            ['max_lenght' => 5],
            'max_lenght',
            'Option `max_lenght` is unknown; did you mean `max_length`?',
        ];
        yield 'no key is close' => [['timeout' => 5], 'timeout', 'Option `timeout` is unknown; known options:'];
        yield 'a wrong type' => [['strict' => 1], 'strict', 'Option `strict` must be a bool, int given'];
        yield 'allowed_schemes without the default scheme' => [['allowed_schemes' => ['http']], 'allowed_schemes',
            'Option `allowed_schemes` (http) does not list `https`, the default scheme given to URLs that have none'];
        yield 'default_scheme outside allowed_schemes' => [
            ['allowed_schemes' => ['http'], 'default_scheme' => 'wss'], 'default_scheme',
            'Option `default_scheme` (`wss`) must be one of allowed_schemes (http)'];
        yield 'an integer key' => [[3 => true], null, 'Option keys must be strings, the integer key 3 given'];
    }
}
