<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use Monolog\Handler\TestHandler;
use Monolog\Logger;
use PHPUnit\Framework\TestCase;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlNormalizer;

/**
 * A URL's password never reaches a log record, an exception message, explain()'s fields or a
 * stack trace: 28,000 userinfo shapes (user names that are not ASCII or not UTF-8, `:` and `@`
 * in the password, tabs, invalid hosts, with and without a scheme), each with the password
 * `…QZXQ…` where the parser reads the password.
 */
final class RedactionTest extends TestCase
{
    private const MARKER = 'QZXQ';

    /**
     * @return \Generator<int, string>
     */
    private static function shapes(): \Generator
    {
        $prefixes = [
            '', 'https://', 'HTTP://', 'ftp://', '//', 'ws://', 'foo://', 'https:\\\\', 'https:', " \t https://",
        ];
        $users = ['jürgen', 'ü', "j\xFCrgen", 'a b', '', 'x@y', '%6Aoe'];
        $passwords = ['QZXQ', 'pa:QZXQ', 'QZXQ:ss', 'é QZXQ', "QZXQ\xFF", "\tQZXQ%20", 'QZXQ@x', 'QZXQ%23'];
        $hosts = [
            'example.com', 'exa mple.com', 'ex%00ample.com', '[::1', '127.0.0.1', 'bücher.de', 'xn--a.com', '',
            'a.com:99999', 'localhost',
        ];
        $tails = ['/', '/a b', '', '?q@x#f', '/..\\x'];
        foreach ($prefixes as $prefix) {
            foreach ($users as $user) {
                foreach ($passwords as $password) {
                    foreach ($hosts as $host) {
                        foreach ($tails as $tail) {
                            yield "$prefix$user:$password@$host$tail";
                        }
                    }
                }
            }
        }
    }

    public function testNoPasswordInALogRecordAMessageOrExplain(): void
    {
        $handler = new TestHandler();
        $lenient = new UrlNormalizer(new Logger('crawler', [$handler]), ['block_private_hosts' => true]);
        $strict = new UrlNormalizer(null, ['strict' => true]);
        $leaks = [];
        $count = 0;
        foreach (self::shapes() as $url) {
            $count++;
            $lenient->normalize($url);
            $lenient->canonicalize($url);
            $explained = $lenient->explain($url);
            $shown = [$explained['input'], (string) $explained['result'], (string) $explained['reason']];
            foreach (
                [
                static fn (): string => $strict->normalize($url),
                static fn (): string => $strict->resolve($url, 'https://example.com/page'),
                static fn (): string => $strict->resolve('x', $url),
                static fn (): bool => $strict->equivalent('https://example.com/', $url),
                ] as $call
            ) {
                try {
                    $call();
                } catch (InvalidUrlException $e) {
                    $shown[] = $e->getMessage();
                }
            }
            foreach ($handler->getRecords() as $record) {
                $shown[] = json_encode($record['context'], JSON_INVALID_UTF8_SUBSTITUTE);
            }
            $handler->clear();
            foreach ($shown as $text) {
                if (str_contains((string) $text, self::MARKER)) {
                    $leaks[] = addcslashes($url, "\0..\37\177..\377") . ' → ' . $text;
                }
            }
        }
        $this->assertSame(28000, $count);
        $this->assertSame([], array_slice($leaks, 0, 20), count($leaks) . ' leaks');
    }

    public function testLogCredentialsShowsThePassword(): void
    {
        $handler = new TestHandler();
        $normalizer = new UrlNormalizer(new Logger('crawler', [$handler]), ['log_credentials' => true]);
        $normalizer->normalize('jürgen:pa:QZXQ@example.com/');
        $this->assertStringContainsString(self::MARKER, $handler->getRecords()[0]['context']['original']);
        $this->assertStringContainsString(self::MARKER, $normalizer->explain('jürgen:QZXQ@example.com/')['result']);
    }

    public function testTheFirstLogRecordOfANonAsciiUserNameHidesThePassword(): void
    {
        $handler = new TestHandler();
        $normalizer = new UrlNormalizer(new Logger('crawler', [$handler]));
        $normalizer->normalize('jürgen:pa:ss@example.com/');
        $this->assertSame([
            'original' => 'jürgen:***@example.com/',
            'normalized' => 'https://j%C3%BCrgen:***@example.com/',
        ], $handler->getRecords()[0]['context']);
        $this->assertSame('jürgen:***@example.com/', $normalizer->explain('jürgen:pa:ss@example.com/')['input']);
    }

    /**
     * With PHP's built-in default zend.exception_ignore_args=0, a trace shows the arguments
     * of each call: a URL parameter shows as Object(SensitiveParameterValue).
     */
    public function testAStackTraceDoesNotShowTheUrl(): void
    {
        $previous = ini_set('zend.exception_ignore_args', '0');
        try {
            $normalizer = new UrlNormalizer(null, ['strict' => true]);
            $calls = [
                static fn (): string => $normalizer->normalize('https://joe:QZXQ@exa mple.com/'),
                static fn (): array => $normalizer->normalizeMany(['https://joe:QZXQ@exa mple.com/']),
                static fn (): string => $normalizer->resolve('x', 'https://joe:QZXQ@exa mple.com/'),
                static fn (): string => $normalizer->canonicalize('jürgen:QZXQ@exa mple.com/'),
                static fn (): bool => $normalizer->sameSite('https://a.com/', 'https://joe:QZXQ@exa mple.com/'),
                static fn (): string => $normalizer->hostType('https://joe:QZXQ@exa mple.com/'),
            ];
            foreach ($calls as $index => $call) {
                try {
                    $call();
                    $this->fail("call $index did not throw");
                } catch (InvalidUrlException $e) {
                    $frame = $e->getTrace()[0];
                    $this->assertSame(UrlNormalizer::class, $frame['class'] ?? null, "call $index");
                    $this->assertNotEmpty($frame['args'] ?? [], "call $index: the trace has arguments");
                    $this->assertStringNotContainsString(self::MARKER, $e->getTraceAsString(), "call $index");
                    $this->assertStringContainsString('SensitiveParameterValue', $e->getTraceAsString(), "call $index");
                }
            }
        } finally {
            ini_set('zend.exception_ignore_args', (string) $previous);
        }
    }
}
