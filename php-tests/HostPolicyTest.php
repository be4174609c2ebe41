<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use Monolog\Handler\TestHandler;
use Monolog\Logger;
use PHPUnit\Framework\TestCase;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlNormalizer;

/**
 * allowed_hosts, block_private_hosts and hostType(): the policy judges the host normalize()
 * returns, whatever form the input wrote it in.
 */
final class HostPolicyTest extends TestCase
{
    private const ALLOWED = ['trusted.example', 'bücher.example', '*.cdn.example'];

    /**
     * @dataProvider confusions
     */
    public function testThePolicyJudgesTheHostNormalizeReturns(string $input): void
    {
        $plain = new UrlNormalizer(null, ['strict' => true]);
        $policy = new UrlNormalizer(null, ['strict' => true, 'allowed_hosts' => self::ALLOWED]);
        try {
            $normalized = $plain->normalize($input);
        } catch (InvalidUrlException $e) {
            // No URL at all: the policy has no host to judge, and the input stays invalid.
            $this->expectException(InvalidUrlException::class);
            $policy->normalize($input);
            return;
        }
        $host = (string) parse_url($normalized, PHP_URL_HOST);
        $allowed = in_array($host, ['trusted.example', 'xn--bcher-kva.example'], true)
            || str_ends_with($host, '.cdn.example');
        try {
            $this->assertSame($normalized, $policy->normalize($input));
            $this->assertTrue($allowed, "$input passed the policy with the host $host");
            $this->assertSame($normalized, $policy->canonicalize($input, 0));
        } catch (InvalidUrlException $e) {
            $this->assertFalse($allowed, "$input was refused with the host $host");
            $this->assertStringContainsString("the host is not one of allowed_hosts (host `$host`)", $e->getMessage());
        }
    }

    /**
     * The parser confusions that broke other allow-lists.
     *
     * @return array<string, array{string}>
     */
    public static function confusions(): array
    {
        $cases = [
            'http:evil.example',
            'https:\\\\evil.example',
            'https:evil.example/trusted.example',
            'https://trusted.example\\@evil.example',
            'https://trusted.example%2F@evil.example',
            'https://trusted.example%2f.evil.example/',
            'https://evil.example%23@trusted.example/',
            '//evil.example',
            '///evil.example',
            'https://evil.example#@trusted.example',
            'https://evil.example?@trusted.example',
            'https://trusted.example.evil.example',
            'https://evil.example\\.trusted.example',
            'https://user@trusted.example@evil.example',
            'https://trusted.example:80@evil.example/',
            'trusted.example:443@evil.example',
            "https://trusted.exa\tmple/",
            "https://trusted.example\n.evil.example/",
            "https://evil.exa\r\nmple/",
            " \x01https://trusted.example/\x00 ",
            'https://trusted。example/',
            'https://trusted．example/',
            'https://trusted｡example/',
            'https://evil。example/',
            'https://ＴＲＵＳＴＥＤ.example/',
            'https://xn--bcher-kva.example/',
            'https://BÜCHER.example/',
            'https://xn--trusted.example/',
            'https://trusted.example./',
            'https://TRUSTED.EXAMPLE:443/',
            'https://trusted.example%00.evil.example/',
            'https://a.cdn.example/',
            'https://cdn.example/',
            'https://a.cdn.example.evil.example/',
            'https://evilcdn.example/',
            'javascript://trusted.example/%0aalert(1)',
        ];
        $named = [];
        foreach ($cases as $case) {
            $named[addcslashes($case, "\0..\37")] = [$case];
        }
        return $named;
    }

    public function testAllowedHostsTakeHostsExactlyAndWildcardsForSubdomainsOnly(): void
    {
        $normalizer = new UrlNormalizer(null, [
            'strict' => true,
            'allowed_hosts' => ['example.com', '*.bücher.de', '[::1]', '0x7f.1'],
        ]);
        $this->assertSame('https://example.com/', $normalizer->normalize('EXAMPLE.com'));
        $this->assertSame('https://a.xn--bcher-kva.de/', $normalizer->normalize('https://a.bücher.de'));
        $this->assertSame('http://[::1]/', $normalizer->normalize('http://[0:0::1]/'));
        $this->assertSame('http://127.0.0.1/', $normalizer->normalize('http://2130706433/'));
        foreach (['https://www.example.com/', 'https://bücher.de/', 'mailto:a@example.com', 'file:///x'] as $refused) {
            try {
                $normalizer->normalize($refused);
                $this->fail("$refused passed");
            } catch (InvalidUrlException $e) {
                $this->assertStringContainsString('the host is not one of allowed_hosts', $e->getMessage());
            }
        }
    }

    /**
     * @dataProvider privateHosts
     */
    public function testBlockPrivateHostsRefusesEveryFormOfALocalAddress(string $url, string $host): void
    {
        $normalizer = new UrlNormalizer(null, ['strict' => true, 'block_private_hosts' => true]);
        $this->expectException(InvalidUrlException::class);
        $this->expectExceptionMessage(
            'the host is a loopback, private, local or otherwise non-public address, or there is none '
                . "(block_private_hosts) (host `$host`)"
        );
        $normalizer->normalize($url);
    }

    /**
     * @return array<string, array{string, string}>
     */
    public static function privateHosts(): array
    {
        return [
            'loopback' => ['http://127.0.0.1/', '127.0.0.1'],
            'hexadecimal and short' => ['http://0x7f.1/', '127.0.0.1'],
            'one number' => ['http://2130706433/', '127.0.0.1'],
            'two parts' => ['http://127.1/', '127.0.0.1'],
            'octal' => ['http://0177.0.0.1/', '127.0.0.1'],
            'trailing dot' => ['http://127.0.0.1./', '127.0.0.1'],
            'full-width digits' => ['http://１２７.０.０.１/', '127.0.0.1'],
            'percent-encoded' => ['http://%31%32%37.0.0.1/', '127.0.0.1'],
            'unspecified' => ['http://0/', '0.0.0.0'],
            'private 10/8' => ['http://10.1.2.3/', '10.1.2.3'],
            'private 172.16/12' => ['http://172.16.0.1/', '172.16.0.1'],
            'private 192.168/16' => ['https://192.168.1.1:8443/', '192.168.1.1'],
            'cloud metadata' => ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
            'carrier-grade NAT' => ['http://100.64.0.1/', '100.64.0.1'],
            'multicast' => ['http://224.0.0.251/', '224.0.0.251'],
            'broadcast' => ['http://255.255.255.255/', '255.255.255.255'],
            'IPv6 loopback' => ['http://[::1]/', '[::1]'],
            'IPv6 unspecified' => ['http://[::]/', '[::]'],
            'IPv4-mapped' => ['http://[::ffff:7f00:1]/', '[::ffff:7f00:1]'],
            'IPv4-mapped, dotted' => ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
            'IPv4-mapped public address' => ['http://[::ffff:8.8.8.8]/', '[::ffff:808:808]'],
            'NAT64 of a private address' => ['http://[64:ff9b::10.0.0.1]/', '[64:ff9b::a00:1]'],
            'unique local' => ['http://[fd00::1]/', '[fd00::1]'],
            'link-local' => ['http://[fe80::1]/', '[fe80::1]'],
            'IPv6 multicast' => ['http://[ff02::1]/', '[ff02::1]'],
            'localhost' => ['http://localhost:3000/', 'localhost'],
            'localhost, trailing dot' => ['http://LOCALHOST./', 'localhost.'],
            'under localhost' => ['http://api.localhost/', 'api.localhost'],
            'scheme-less' => ['localhost:8080/admin', 'localhost'],
            'an opaque host read as an address' => ['foo://127.0.0.1/', '127.0.0.1'],
            'Teredo' => ['http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', '[2001:0:4136:e378:8000:63bf:3fff:fdd2]'],
            'Teredo, short' => ['http://[2001::1]/', '[2001::1]'],
            'IPv4-translated' => ['http://[::ffff:0:7f00:1]/', '[::ffff:0:7f00:1]'],
            'segment routing' => ['http://[5f00::1]/', '[5f00::1]'],
            'dummy prefix' => ['http://[100:0:0:1::1]/', '[100:0:0:1::1]'],
            'local-use NAT64' => ['http://[64:ff9b:1::808:808]/', '[64:ff9b:1::808:808]'],
            '6to4 of a private address' => ['http://[2002:c0a8:101::1]/', '[2002:c0a8:101::1]'],
            'ip6-localhost' => ['http://ip6-localhost/', 'ip6-localhost'],
            'ip6-loopback' => ['http://ip6-loopback/', 'ip6-loopback'],
            'localhost.localdomain' => ['http://localhost.localdomain/', 'localhost.localdomain'],
            'localhost6' => ['http://localhost6/', 'localhost6'],
            'localhost6.localdomain6' => ['http://localhost6.localdomain6:80/', 'localhost6.localdomain6'],
        ];
    }

    /**
     * @dataProvider hostlessUrls
     */
    public function testBlockPrivateHostsRefusesAUrlWithoutAHost(string $url): void
    {
        $normalizer = new UrlNormalizer(null, ['strict' => true, 'block_private_hosts' => true]);
        $this->expectException(InvalidUrlException::class);
        $this->expectExceptionMessage('or there is none (block_private_hosts)');
        $normalizer->normalize($url);
    }

    /**
     * @return array<string, array{string}>
     */
    public static function hostlessUrls(): array
    {
        return [
            'file, no host' => ['file:///etc/passwd'],
            'file, localhost' => ['file://localhost/etc/passwd'],
            'mailto' => ['mailto:a@localhost'],
            'data' => ['data:text/plain,secret'],
        ];
    }

    public function testPublicHostsPass(): void
    {
        $normalizer = new UrlNormalizer(null, ['strict' => true, 'block_private_hosts' => true]);
        foreach (
            [
                'https://example.com/',
                'http://8.8.8.8/',
                'http://172.32.0.1/',
                'http://[2606:4700:4700::1111]/',
                'https://localhost.example/',
                'https://ip6-localhost.example/',
                'http://[64:ff9b::808:808]/',
                'http://[2002:808:808::1]/',
                'file://fileserver.example/share',
            ] as $url
        ) {
            $this->assertSame($url, $normalizer->normalize($url));
        }
    }

    public function testEveryMethodThatParsesJudgesTheHost(): void
    {
        $handler = new TestHandler();
        $lenient = new UrlNormalizer(new Logger('policy', [$handler]), ['block_private_hosts' => true]);
        $this->assertSame('http://127.1/', $lenient->normalize('http://127.1/'), 'lenient: the input as given');
        $this->assertSame('http://127.1/', $lenient->canonicalize('http://127.1/'));
        $this->assertSame(hash('xxh64', 'http://127.1/'), $lenient->fingerprint('http://127.1/'));
        $this->assertSame(
            ['a' => 'http://127.1/', 'b' => 'https://example.com/'],
            $lenient->normalizeMany(['a' => 'http://127.1/', 'b' => 'example.com'])
        );
        $this->assertSame(['http://127.1/'], $lenient->canonicalizeMany(['http://127.1/']));
        $reason = $handler->getRecords()[0]['context']['reason'];
        $this->assertSame(
            'Cannot normalize `http://127.1/`: the host is a loopback, private, local or otherwise non-public '
                . 'address, or there is none (block_private_hosts) (host `127.0.0.1`)',
            $reason
        );
        $warnings = array_filter($handler->getRecords(), static fn (array $r): bool => $r['level_name'] === 'WARNING');
        $this->assertCount(5, $warnings, 'normalize, canonicalize, fingerprint and one element of each batch');
        try {
            $lenient->resolve('//0x7f.1/admin', 'https://example.com/page');
            $this->fail('no exception');
        } catch (InvalidUrlException $e) {
            $this->assertStringContainsString('(host `127.0.0.1`)', $e->getMessage());
        }
        $this->expectException(InvalidUrlException::class);
        $this->expectExceptionMessage('resolveMany(): element "x": Cannot resolve `http://localhost/`');
        $lenient->resolveMany(['ok' => '/a', 'x' => 'http://localhost/'], 'https://example.com/');
    }

    /**
     * @dataProvider badOptions
     */
    public function testBadOptionsAreNamed(mixed $value, string $message): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage($message);
        new UrlNormalizer(null, is_bool($value) ? ['block_private_hosts' => 1] : ['allowed_hosts' => $value]);
    }

    /**
     * @return array<string, array{mixed, string}>
     */
    public static function badOptions(): array
    {
        return [
            'a string' => ['example.com', 'Option `allowed_hosts` must be a list of hosts'],
            'empty' => [[], 'Option `allowed_hosts` must list at least one host'],
            'a URL' => [
                ['https://example.com'],
                'Option `allowed_hosts` lists `https://example.com`: a host is a name or an address',
            ],
            'a port' => [['example.com:443'], 'lists `example.com:443`'],
            'a wildcard inside' => [['a.*.com'], 'lists `a.*.com`'],
            'a wildcard on an address' => [['*.10.0.0.1'], '`*.` applies to domain names'],
            'no host' => [['exa mple.com'], 'lists `exa mple.com`'],
            'block_private_hosts as int' => [true, 'Option `block_private_hosts` must be a bool, int given'],
        ];
    }

    /**
     * @dataProvider hostTypes
     */
    public function testHostType(string $url, string $type): void
    {
        $this->assertSame($type, (new UrlNormalizer())->hostType($url));
        // The policies do not judge here: hostType() says what the host is.
        $policies = new UrlNormalizer(null, ['block_private_hosts' => true, 'allowed_schemes' => ['https']]);
        $this->assertSame($type, $policies->hostType($url));
    }

    /**
     * @return array<string, array{string, string}>
     */
    public static function hostTypes(): array
    {
        return [
            'a domain' => ['https://example.com/', 'domain'],
            'an IDN' => ['https://bücher.de/', 'domain'],
            'scheme-less' => ['example.com/x', 'domain'],
            'an IPv4 address in a short form' => ['http://0x7f.1/', 'ipv4'],
            'a number' => ['http://2130706433/', 'ipv4'],
            'an IPv6 address' => ['http://[::1]/', 'ipv6'],
            'IPv4-mapped IPv6' => ['http://[::ffff:127.0.0.1]/', 'ipv6'],
            'a non-special host' => ['ssh://git@github.com/x', 'opaque'],
            'mailto' => ['mailto:a@example.com', 'empty'],
            'file' => ['file:///etc/hosts', 'empty'],
            'an empty non-special host' => ['foo:///x', 'empty'],
        ];
    }

    public function testHostTypeThrowsForAnInvalidUrlInBothModes(): void
    {
        $this->expectException(InvalidUrlException::class);
        $this->expectExceptionMessage('Cannot find the host of `https://exa mple.com/`');
        (new UrlNormalizer())->hostType('https://exa mple.com/');
    }
}
