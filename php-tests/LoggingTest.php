<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use Monolog\Handler\TestHandler;
use Monolog\Logger;
use PHPUnit\Framework\TestCase;
use Psr\Log\LoggerInterface;
use UrlNormalize\UrlNormalizer;

/**
 * The PSR-3 contract of seed 000: a real Monolog logger receives the seed's messages with
 * the seed's context keys.
 */
final class LoggingTest extends TestCase
{
    private TestHandler $handler;
    private UrlNormalizer $normalizer;

    protected function setUp(): void
    {
        $this->handler = new TestHandler();
        $this->normalizer = new UrlNormalizer(new Logger('crawler', [$this->handler]));
    }

    public function testAChangedUrlIsLoggedAtDebugWithOriginalAndNormalized(): void
    {
        $this->normalizer->normalize('https://나나커피로스터스.com/products/ethiopia');

        $records = $this->handler->getRecords();
        $this->assertCount(1, $records);
        $this->assertSame('DEBUG', $records[0]['level_name']);
        $this->assertSame('URL normalized for HTTP request', $records[0]['message']);
        $this->assertSame([
            'original' => 'https://나나커피로스터스.com/products/ethiopia',
            'normalized' => 'https://xn--910ba870d2ola729pxvdzqk.com/products/ethiopia',
        ], $records[0]['context']);
    }

    public function testAnUnchangedUrlIsNotLogged(): void
    {
        $this->normalizer->normalize('https://example.com/caf%C3%A9');
        $this->assertSame([], $this->handler->getRecords());
    }

    public function testAnInvalidHostIsLoggedAsAnIdnFailure(): void
    {
        $url = "https://\u{200D}.example/x";
        $this->assertSame($url, $this->normalizer->normalize($url));

        $this->assertTrue($this->handler->hasWarningThatContains('Failed to convert IDN to ASCII'));
        $context = $this->handler->getRecords()[0]['context'];
        $this->assertSame("\u{200D}.example", $context['host']);
        $this->assertSame($url, $context['url']);
        $this->assertStringContainsString('not a valid domain name', $context['reason']);
    }

    public function testAnUnparseableUrlIsLoggedAsAParseFailure(): void
    {
        $this->assertSame('https://example.com:99999/', $this->normalizer->normalize('https://example.com:99999/'));

        $records = $this->handler->getRecords();
        $this->assertCount(1, $records);
        $this->assertSame('WARNING', $records[0]['level_name']);
        $this->assertSame('Failed to parse URL for normalization', $records[0]['message']);
        $this->assertSame('https://example.com:99999/', $records[0]['context']['url']);
        $this->assertArrayNotHasKey('host', $records[0]['context']);
    }

    public function testTheLoggerGetsTheOriginalBytesEvenWhenTheyAreNotUtf8(): void
    {
        $this->normalizer->normalize("https://example.com/caf\xE9");
        $this->assertSame("https://example.com/caf\xE9", $this->handler->getRecords()[0]['context']['original']);
    }

    public function testAPasswordIsHiddenInEveryLogRecord(): void
    {
        $this->normalizer->normalize('HTTPS://joe:s3cret@Example.com/a b');
        $this->normalizer->normalize("https://joe:s3cret@exa mple.com/");
        $this->normalizer->normalize("joe:s3cret@example.com:99999/");
        $this->normalizer->normalizeMany(['k' => "https://joe:s3\tcret@example.com/é"]);
        $records = $this->handler->getRecords();
        $this->assertCount(4, $records);
        $this->assertSame([
            'original' => 'HTTPS://joe:***@Example.com/a b',
            'normalized' => 'https://joe:***@example.com/a%20b',
        ], $records[0]['context']);
        $this->assertSame('https://joe:***@exa mple.com/', $records[1]['context']['url']);
        $this->assertSame('exa mple.com', $records[1]['context']['host']);
        $this->assertStringStartsWith(
            'Cannot normalize `https://joe:***@exa mple.com/`',
            $records[1]['context']['reason']
        );
        $this->assertSame('joe:***@example.com:99999/', $records[2]['context']['url']);
        $this->assertSame('https://joe:***@example.com/%C3%A9', $records[3]['context']['normalized']);
        $this->assertStringNotContainsString('s3', serialize($records));
    }

    public function testAPasswordIsHiddenInEveryExceptionMessage(): void
    {
        $strict = new UrlNormalizer(null, ['strict' => true]);
        $messages = [];
        foreach (
            [
                static fn (): mixed => $strict->normalize('https://joe:s3cret@exa mple.com/'),
                static fn (): mixed => $strict->canonicalize('https://joe:s3cret@a.com:99999/'),
                static fn (): mixed => $strict->normalizeMany(['x' => 'https://joe:s3cret@exa mple.com/']),
                static fn (): mixed => $strict->resolve('//joe:s3cret@a.com:99999/', 'https://u:base-secret@b.com/'),
                static fn (): mixed => $strict->resolve('x', 'https://u:base-secret@b.com:99999/'),
                static fn (): mixed => $strict->resolveMany([7 => '//joe:s3cret@a.com:99999/'], 'https://b.com/'),
            ] as $call
        ) {
            try {
                $call();
                $this->fail('no exception');
            } catch (\InvalidArgumentException $e) {
                $messages[] = $e->getMessage();
            }
        }
        $this->assertStringStartsWith('Cannot normalize `https://joe:***@exa mple.com/`', $messages[0]);
        $this->assertStringStartsWith(
            'Cannot resolve `//joe:***@a.com:99999/` against `https://u:***@b.com/`',
            $messages[3]
        );
        foreach ($messages as $message) {
            $this->assertStringNotContainsString('secret', $message);
            $this->assertStringContainsString(':***@', $message);
        }
    }

    public function testLogCredentialsShowsThemForDebugging(): void
    {
        $normalizer = new UrlNormalizer(
            new Logger('crawler', [$this->handler]),
            ['log_credentials' => true, 'strict' => true]
        );
        $normalizer->normalize('HTTPS://joe:s3cret@example.com/');
        $this->assertSame([
            'original' => 'HTTPS://joe:s3cret@example.com/',
            'normalized' => 'https://joe:s3cret@example.com/',
        ], $this->handler->getRecords()[0]['context']);
        $this->expectExceptionMessage('Cannot normalize `https://joe:s3cret@exa mple.com/`');
        $normalizer->normalize('https://joe:s3cret@exa mple.com/');
    }

    public function testStrictModeThrowsAndDoesNotWarn(): void
    {
        $strict = new UrlNormalizer(new Logger('crawler', [$this->handler]), ['strict' => true]);
        try {
            $strict->normalize('https://exa mple.com/');
            $this->fail('no exception');
        } catch (\InvalidArgumentException $e) {
            $this->assertSame([], $this->handler->getRecords());
        }
    }

    public function testAMockedLoggerInterfaceSeesExactlyTheSeedCall(): void
    {
        $logger = $this->createMock(LoggerInterface::class);
        $logger->expects($this->once())->method('debug')->with('URL normalized for HTTP request', [
            'original' => 'example.com/products',
            'normalized' => 'https://example.com/products',
        ]);
        $logger->expects($this->never())->method('warning');
        (new UrlNormalizer($logger))->normalize('example.com/products');
    }

    public function testALoggerWithOnlyMagicCallIsAccepted(): void
    {
        $logger = new class {
            /** @var list<array{string, array<mixed>}> */
            public array $calls = [];

            /** @param array<mixed> $arguments */
            public function __call(string $name, array $arguments): void
            {
                $this->calls[] = [$name, $arguments];
            }
        };
        (new UrlNormalizer($logger))->normalize('faß.de');
        $this->assertSame([['debug', ['URL normalized for HTTP request', [
            'original' => 'faß.de',
            'normalized' => 'https://xn--fa-hia.de/',
        ]]]], $logger->calls);
    }

    public function testAnExceptionThrownByTheLoggerReachesTheCaller(): void
    {
        $logger = new class extends \Psr\Log\AbstractLogger {
            // PSR-3 1.1 declares log($level, $message, ...) untyped; `mixed` is the only
            // type a subclass may declare there.
            public function log(mixed $level, mixed $message, array $context = []): void
            {
                throw new \RuntimeException("logger failed at $level");
            }
        };
        $this->expectException(\RuntimeException::class);
        $this->expectExceptionMessage('logger failed at debug');
        (new UrlNormalizer($logger))->normalize('faß.de');
    }

    public function testALoggerWithPrivateMethodsIsRejectedEvenFromInsideItsOwnClass(): void
    {
        $logger = new class {
            public function normalizer(): UrlNormalizer
            {
                // Here PHP's own is_callable([$this, 'debug']) is true: the scope is this class.
                return new UrlNormalizer($this);
            }

            /** @param array<string, mixed> $context */
            private function debug(string $message, array $context): void
            {
            }

            /** @param array<string, mixed> $context */
            private function warning(string $message, array $context): void
            {
            }
        };
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('has no public debug() method');
        $logger->normalizer()->normalize('faß.de');
    }

    public function testProtectedMethodsWithMagicCallReachMagicCall(): void
    {
        $logger = new class {
            /** @var list<string> */
            public array $calls = [];

            public function normalizer(): UrlNormalizer
            {
                return new UrlNormalizer($this);
            }

            /** @param array<mixed> $arguments */
            public function __call(string $name, array $arguments): void
            {
                $this->calls[] = $name;
            }

            /** @param array<string, mixed> $context */
            protected function debug(string $message, array $context): void
            {
                $this->calls[] = 'protected debug';
            }
        };
        $logger->normalizer()->normalize('faß.de');
        $this->assertSame(['debug'], $logger->calls);
    }

    public function testAnObjectWithoutLogMethodsIsRejected(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('The logger `stdClass` has no public debug() method');
        new UrlNormalizer(new \stdClass());
    }
}
