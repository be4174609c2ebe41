<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use Monolog\Handler\TestHandler;
use Monolog\Logger;
use PHPUnit\Framework\TestCase;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlNormalizer;

/**
 * registrableDomain(), publicSuffix() and sameSite(): the Public Suffix List compiled in,
 * the public_suffixes option, and bad input in both modes.
 */
final class SiteTest extends TestCase
{
    /**
     * @dataProvider registrableDomains
     */
    public function testRegistrableDomain(string $url, ?string $expected): void
    {
        $this->assertSame($expected, (new UrlNormalizer())->registrableDomain($url));
    }

    /**
     * @return array<string, array{string, ?string}>
     */
    public static function registrableDomains(): array
    {
        return [
            'a subdomain under a two-label suffix' => ['https://www.bbc.co.uk/news', 'bbc.co.uk'],
            'a private suffix is a suffix' => ['https://a.github.io/x', 'a.github.io'],
            'the private suffix itself' => ['https://github.io/', null],
            'an ICANN suffix itself' => ['https://co.uk/', null],
            'an IDN host, in ASCII' => ['https://www.食狮.公司.cn/', 'xn--85x722f.xn--55qx5d.cn'],
            'a scheme-less input' => ['shop.example.com/cart', 'example.com'],
            'a trailing dot is kept' => ['https://www.example.com./', 'example.com.'],
            'localhost has none' => ['http://localhost:3000/', null],
            'an IPv4 address has none' => ['http://192.168.0.1/', null],
            'an IPv6 address has none' => ['http://[::1]/', null],
            'mailto has no host' => ['mailto:someone@example.com', null],
            'a non-special host is opaque' => ['ssh://git@github.com/x', null],
            's3 buckets are sites' => ['https://x.bucket.s3.amazonaws.com/', 'bucket.s3.amazonaws.com'],
        ];
    }

    public function testPublicSuffix(): void
    {
        $normalizer = new UrlNormalizer();
        $this->assertSame('co.uk', $normalizer->publicSuffix('https://www.bbc.co.uk/'));
        $this->assertSame('github.io', $normalizer->publicSuffix('https://a.github.io/'));
        $this->assertSame('localhost', $normalizer->publicSuffix('http://localhost/'));
        $this->assertSame('com.', $normalizer->publicSuffix('https://example.com./'));
        $this->assertNull($normalizer->publicSuffix('https://1.2.3.4/'));
    }

    public function testIcannOnlyLeavesPrivateSuffixesToTheirOwners(): void
    {
        $normalizer = new UrlNormalizer(null, ['public_suffixes' => 'icann']);
        $this->assertSame('github.io', $normalizer->registrableDomain('https://a.github.io/'));
        $this->assertSame('io', $normalizer->publicSuffix('https://a.github.io/'));
        $this->assertSame('amazonaws.com', $normalizer->registrableDomain('https://x.bucket.s3.amazonaws.com/'));
        $this->assertTrue($normalizer->sameSite('https://a.github.io/', 'https://b.github.io/'));
        $this->assertSame('bbc.co.uk', $normalizer->registrableDomain('https://www.bbc.co.uk/'));
    }

    public function testThePublicSuffixesOptionIsChecked(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage("Option `public_suffixes` must be 'all' or 'icann'; `private` given");
        new UrlNormalizer(null, ['public_suffixes' => 'private']);
    }

    /**
     * @dataProvider sitePairs
     */
    public function testSameSite(string $a, string $b, bool $schemeful, bool $expected): void
    {
        $normalizer = new UrlNormalizer();
        $this->assertSame($expected, $normalizer->sameSite($a, $b, $schemeful));
        $this->assertSame($expected, $normalizer->sameSite($b, $a, $schemeful), 'symmetric');
    }

    /**
     * @return array<string, array{string, string, bool, bool}>
     */
    public static function sitePairs(): array
    {
        return [
            'subdomains of one registrable domain' => [
                'https://www.example.co.uk/',
                'http://shop.example.co.uk:8080/x',
                false,
                true,
            ],
            'schemeful: http and https differ' => [
                'https://www.example.co.uk/',
                'http://shop.example.co.uk/',
                true,
                false,
            ],
            'schemeful: same scheme, other port' => [
                'https://a.example.com/',
                'https://b.example.com:8443/',
                true,
                true,
            ],
            'two users of a private suffix' => ['https://a.github.io/', 'https://b.github.io/', false, false],
            'a registrable domain and its suffix' => ['https://example.co.uk/', 'https://co.uk/', false, false],
            'different registrable domains' => ['https://example.com/', 'https://example.org/', false, false],
            'IDN and its ASCII form' => ['https://コーヒー.jp/', 'https://www.xn--tck2c4fb.jp/', false, true],
            'localhost on two ports' => ['http://localhost:3000/', 'http://localhost:8080/', false, true],
            'an IP address compares as a host' => ['http://127.0.0.1/', 'http://localhost/', false, false],
            'opaque origins are never same-site' => ['mailto:a@example.com', 'mailto:a@example.com', false, false],
            'file URLs have opaque origins' => ['file:///etc/hosts', 'file:///etc/hosts', false, false],
            'a blob: URL has its inner URL\'s origin' => ['blob:https://a.com/x', 'https://a.com/', false, true],
            'schemeful: a blob: URL has its inner scheme' => ['blob:https://a.com/x', 'https://a.com/', true, true],
            'schemeful: blob:https and http differ' => ['blob:https://a.com/x', 'http://a.com/', true, false],
            'a blob: of another scheme is opaque' => ['blob:ws://a.com/x', 'ws://a.com/', false, false],
        ];
    }

    public function testLenientModeLogsAWarningAndAnswersNullOrFalse(): void
    {
        $handler = new TestHandler();
        $normalizer = new UrlNormalizer(new Logger('crawler', [$handler]));
        $this->assertNull($normalizer->registrableDomain('https://exa mple.com/'));
        $this->assertNull($normalizer->publicSuffix('https:///'));
        $this->assertFalse($normalizer->sameSite('https://example.com/', 'https://exa mple.com/'));
        $records = $handler->getRecords();
        $this->assertCount(3, $records);
        $this->assertSame('WARNING', $records[0]['level_name']);
        $this->assertStringStartsWith(
            'Cannot find the registrable domain of `https://exa mple.com/`',
            $records[0]['context']['reason']
        );
        $this->assertSame('https://exa mple.com/', $records[2]['context']['url'], 'the invalid one of the two');
    }

    /**
     * @dataProvider invalidCalls
     */
    public function testStrictModeThrowsNamingTheInput(string $method, array $arguments, string $message): void
    {
        $normalizer = new UrlNormalizer(null, ['strict' => true]);
        $this->expectException(InvalidUrlException::class);
        $this->expectExceptionMessage($message);
        $normalizer->$method(...$arguments);
    }

    /**
     * @return array<string, array{string, list<string>, string}>
     */
    public static function invalidCalls(): array
    {
        return [
            'registrableDomain' => [
                'registrableDomain',
                ['https://exa mple.com/'],
                'Cannot find the registrable domain of `https://exa mple.com/`',
            ],
            'publicSuffix' => [
                'publicSuffix',
                ['https://a.com:99999/'],
                'Cannot find the public suffix of `https://a.com:99999/`',
            ],
            'sameSite, first URL' => [
                'sameSite',
                ['https:///', 'https://a.com/'],
                'Cannot find the site of `https:///`',
            ],
            'sameSite, second URL' => [
                'sameSite',
                ['https://a.com/', '/relative'],
                'Cannot find the site of `/relative`',
            ],
        ];
    }
}
