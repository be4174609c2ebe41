<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use PHPUnit\Framework\TestCase;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlNormalizer;

/**
 * Whatever bytes PHP code passes (NUL, not UTF-8, in keys, names or URLs), the answer is the
 * documented exception with the bytes escaped in its message: never a Rust panic, and never
 * `\Error: cannot throw ...`.
 */
final class MessagesTest extends TestCase
{
    public function testAnOptionKeyThatIsNotUtf8IsNamedEscaped(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('Option `str\xFFict` is unknown; known options: allowed_hosts,');
        new UrlNormalizer(null, ["str\xFFict" => true]);
    }

    public function testAnOptionKeyWithNulIsNamedEscaped(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('Option `strict\0` is unknown');
        new UrlNormalizer(null, ["strict\0" => true]);
    }

    public function testAnOptionValueWithNulIsShownEscaped(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('must be one of http, https, ws, wss, ftp; `http\0` given');
        new UrlNormalizer(null, ['default_scheme' => "http\0"]);
    }

    public function testAnAnonymousClassIsNamedEscaped(): void
    {
        try {
            new UrlNormalizer(null, ['strict' => new class {
            }]);
            $this->fail('no exception');
        } catch (\InvalidArgumentException $e) {
            $this->assertStringStartsWith('Option `strict` must be a bool, class@anonymous\0', $e->getMessage());
            $this->assertStringNotContainsString("\0", $e->getMessage());
        }
    }

    public function testALoggerOfAnAnonymousClassWithoutWarningIsRejectedByName(): void
    {
        $logger = new class {
            /** @param array<string, string> $context */
            public function debug(string $message, array $context): void
            {
            }
        };
        try {
            new UrlNormalizer($logger);
            $this->fail('no exception');
        } catch (\InvalidArgumentException $e) {
            $this->assertStringStartsWith('The logger `class@anonymous\0', $e->getMessage());
            $this->assertStringEndsWith(
                '` has no public warning() method: pass a Psr\Log\LoggerInterface',
                $e->getMessage()
            );
        }
    }

    public function testParameterNamesUnderKeysThatAreNotUtf8AreRead(): void
    {
        $normalizer = new UrlNormalizer();
        $this->assertSame(
            'https://a.com/?b=2',
            $normalizer->removeQueryParameters('https://a.com/?a=1&b=2', ["\xFF" => 'a'])
        );
    }

    public function testAUrlWithNulThrowsTheUrlExceptionInStrictMode(): void
    {
        $this->expectException(InvalidUrlException::class);
        $this->expectExceptionMessage('Cannot normalize `https://a\0b.com/`: the host contains a character');
        (new UrlNormalizer(null, ['strict' => true]))->normalize("https://a\0b.com/");
    }

    public function testABaseWithNulThrowsTheUrlException(): void
    {
        $this->expectException(InvalidUrlException::class);
        $this->expectExceptionMessage('Cannot resolve `x` against `https://a\0b.com/`: the base URL is invalid');
        (new UrlNormalizer())->resolve('x', "https://a\0b.com/");
    }
}
