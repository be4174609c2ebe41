<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use PHPUnit\Framework\TestCase;
use UrlNormalize\Tests\Support\KeyList;
use UrlNormalize\UrlNormalizer;

/**
 * explain(): what normalize() changed and why, the URL Standard's validation errors, the
 * host's type; never an exception for a bad URL.
 */
final class ExplainTest extends TestCase
{
    /**
     * @dataProvider explanations
     * @param list<string> $changes
     * @param list<string> $errors
     */
    public function testExplain(
        string $url,
        ?string $result,
        array $changes,
        array $errors,
        ?string $hostType
    ): void {
        $normalizer = new UrlNormalizer();
        $explained = $normalizer->explain($url);
        $keys = ['input', 'result', 'valid', 'changes', 'errors', 'host_type', 'reason'];
        $this->assertSame($keys, array_keys($explained));
        $this->assertSame(self::hidden($url), $explained['input']);
        $this->assertSame(self::hidden($result), $explained['result']);
        $this->assertSame($result !== null, $explained['valid']);
        $this->assertSame($changes, $explained['changes']);
        $this->assertSame($errors, $explained['errors']);
        $this->assertSame($hostType, $explained['host_type']);
        if ($result !== null) {
            $this->assertSame($normalizer->normalize($url), $result);
            $this->assertSame($changes === [], $result === $url, 'no change exactly when normalize() keeps the input');
        }
    }

    /**
     * @return array<string, array{string, ?string, list<string>, list<string>, ?string}>
     */
    public static function explanations(): array
    {
        return [
            'already normal' => ['https://example.com/a?b#c', 'https://example.com/a?b#c', [], [], 'domain'],
            'the seed\'s IDN' => [
                'https://나나커피로스터스.com/products/ethiopia',
                'https://xn--910ba870d2ola729pxvdzqk.com/products/ethiopia',
                ['idn-to-ascii'],
                [],
                'domain',
            ],
            'a crawled scheme-less URL' => [
                "  example.com/café colombia\n",
                'https://example.com/caf%C3%A9%20colombia',
                ['whitespace-stripped', 'default-scheme-added', 'path-percent-encoded'],
                ['invalid-URL-unit', 'missing-scheme-non-relative-URL'],
                'domain',
            ],
            'scheme, host, port, dot segments' => [
                'HTTP://EXAMPLE.com:80/a/./b/../c',
                'http://example.com/a/c',
                ['scheme-lowercased', 'host-lowercased', 'default-port-removed', 'dot-segments-removed'],
                [],
                'domain',
            ],
            'slashes and backslashes' => [
                'https:\\\\example.com\\a\\b',
                'https://example.com/a/b',
                ['backslash-to-slash'],
                ['special-scheme-missing-following-solidus', 'invalid-reverse-solidus'],
                'domain',
            ],
            'a missing slash' => [
                'http:example.com',
                'http://example.com/',
                ['slashes-normalized', 'root-path-added'],
                ['special-scheme-missing-following-solidus'],
                'domain',
            ],
            'credentials' => [
                'https://u:p:w@example.com/',
                'https://u:p%3Aw@example.com/',
                ['credentials-percent-encoded'],
                ['invalid-credentials'],
                'domain',
            ],
            'an IPv4 address in hexadecimal' => [
                'http://0x7f.1/',
                'http://127.0.0.1/',
                ['ipv4-normalized'],
                ['IPv4-non-decimal-part'],
                'ipv4',
            ],
            'an IPv6 address' => ['http://[0:0::1]/', 'http://[::1]/', ['ipv6-normalized'], [], 'ipv6'],
            'query and fragment' => [
                "https://example.com/?q=a b&'#é",
                'https://example.com/?q=a%20b&%27#%C3%A9',
                ['query-percent-encoded', 'fragment-percent-encoded'],
                ['invalid-URL-unit'],
                'domain',
            ],
            'bytes that are not UTF-8' => [
                "https://example.com/caf\xE9",
                'https://example.com/caf%E9',
                ['non-utf8-percent-encoded'],
                [],
                'domain',
            ],
            'an opaque host' => [
                'ssh://git@github.com/x',
                'ssh://git@github.com/x',
                [],
                ['invalid-credentials'],
                'opaque',
            ],
            'no host' => ['mailto:someone@example.com', 'mailto:someone@example.com', [], [], 'empty'],
            'a forbidden host code point' => [
                'https://exa mple.com/',
                null,
                [],
                ['domain-invalid-code-point'],
                null,
            ],
            'a port out of range' => ['https://example.com:99999/', null, [], ['port-out-of-range'], null],
            'a bad IDN' => ["https://\u{200D}.example/", null, [], ['domain-to-ASCII'], null],
            'an unclosed IPv6 address' => ['http://[::1/', null, [], ['IPv6-unclosed'], null],
            'a relative reference' => ['/some/path', null, [], ['missing-scheme-non-relative-URL'], null],
            'nothing' => ['', null, [], ['missing-scheme-non-relative-URL'], null],
        ];
    }

    public function testARefusedUrlIsInvalidWithTheReasonAndItsHostType(): void
    {
        $normalizer = new UrlNormalizer(null, ['block_private_hosts' => true, 'strict' => true]);
        $explained = $normalizer->explain('http://0x7f.1/admin');
        $this->assertFalse($explained['valid']);
        $this->assertNull($explained['result']);
        $this->assertSame([], $explained['changes']);
        $this->assertSame(['IPv4-non-decimal-part'], $explained['errors']);
        $this->assertSame('ipv4', $explained['host_type']);
        $this->assertStringEndsWith('(block_private_hosts) (host `127.0.0.1`)', (string) $explained['reason']);
    }

    public function testTheReasonInputAndResultHideThePassword(): void
    {
        $explained = (new UrlNormalizer())->explain('https://joe:s3cret@exa mple.com/');
        $this->assertStringStartsWith(
            'Cannot normalize `https://joe:***@exa mple.com/`',
            (string) $explained['reason']
        );
        $this->assertSame('https://joe:***@exa mple.com/', $explained['input']);
        $explained = (new UrlNormalizer())->explain('HTTPS://joe:s3cret@example.com/');
        $this->assertSame('https://joe:***@example.com/', $explained['result']);
        $explained = (new UrlNormalizer(null, ['log_credentials' => true]))->explain('HTTPS://joe:s3cret@example.com/');
        $this->assertSame('HTTPS://joe:s3cret@example.com/', $explained['input'], 'the caller\'s own string');
        $this->assertSame('https://joe:s3cret@example.com/', $explained['result']);
    }

    /**
     * What explain() shows of a URL of these tests: its password as `***`, as in a log.
     */
    private static function hidden(?string $url): ?string
    {
        return $url === null ? null : preg_replace('~^([a-zA-Z]+://[^:/?#@]*:)[^@/?#]*@~', '$1***@', $url);
    }

    public function testHostileInputNeverThrows(): void
    {
        $normalizer = new UrlNormalizer(null, ['strict' => true, 'max_length' => 64]);
        $inputs = ["\0", "\xFF\xFE", str_repeat('%', 100), 'http://[', 'https://a.com:', 'a:b@c:d@e', "\u{202E}"];
        foreach ($inputs as $input) {
            $explained = $normalizer->explain($input);
            $this->assertSame($input, $explained['input']);
            $this->assertIsArray($explained['errors']);
        }
    }

    public function testEveryUrlOfTheKeyListIsExplainedAsNormalizeBehaves(): void
    {
        $normalizer = new UrlNormalizer();
        $urls = array_unique(array_column(KeyList::read()['rows'], 1));
        $this->assertGreaterThanOrEqual(1000, count($urls));
        $changed = 0;
        foreach ($urls as $url) {
            $explained = $normalizer->explain($url);
            $normalized = $normalizer->normalize($url);
            $this->assertTrue($explained['valid'], $url);
            $this->assertSame(self::hidden($normalized), $explained['result']);
            $this->assertSame($normalized === $url, $explained['changes'] === [], $url);
            $changed += $explained['changes'] === [] ? 0 : 1;
        }
        $this->assertGreaterThan(200, $changed);
    }
}
