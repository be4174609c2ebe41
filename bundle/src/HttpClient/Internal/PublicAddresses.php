<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\HttpClient\Internal;

use UrlNormalize\Bundle\HttpClient\RefusedUrlException;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlNormalizer;

/**
 * The connection-time half of block_private_hosts: the normalizer judges the host as written,
 * this judges the address the host resolves to, with the same rules (an address is refused
 * exactly when `new UrlNormalizer(null, ['strict' => true, 'block_private_hosts' => true])`
 * refuses `http://ADDRESS/`).
 *
 * Before a request is sent, pin() resolves the host (the request's `resolve` option first,
 * then DNS), judges the address and pins it with the `resolve` option, so that the decorated
 * client connects to the address that was judged and no other (a second DNS answer cannot
 * differ from the first). onProgress() then judges the address the client reports it
 * connected to (`primary_ip`), for a client that resolves by other means.
 *
 * @internal
 */
final class PublicAddresses
{
    private static ?UrlNormalizer $judge = null;
    private static ?UrlNormalizer $reader = null;

    /**
     * The request's options with the host of $url pinned to its judged address.
     *
     * @param string $url a URL the normalizer accepted (normalized, so its host is ASCII)
     * @param array<string, mixed> $options
     * @return array<string, mixed>
     * @throws RefusedUrlException when the address is not public, or the name does not resolve
     */
    public static function pin(string $url, array $options): array
    {
        $host = parse_url($url, PHP_URL_HOST);
        if (!is_string($host) || $host === '' || self::isAddress(trim($host, '[]'))) {
            // No host, or an address the normalizer has judged already as the URL's host.
            return $options;
        }
        $host = strtolower($host);
        $resolve = is_array($options['resolve'] ?? null) ? $options['resolve'] : [];
        $address = self::given($resolve, $host) ?? self::lookUp($host);
        if ($address === null) {
            throw new RefusedUrlException(sprintf(
                'Refused a connection to `%s`: the name does not resolve to an address, so its address cannot'
                    . ' be checked (block_private_hosts)',
                $host
            ));
        }
        self::judge($address, $host);
        $resolve[$host] = $address;
        $options['resolve'] = $resolve;
        return $options;
    }

    /**
     * An on_progress callback that judges each new primary_ip the client reports, then calls
     * the caller's own callback. A refusal is recorded in $state and thrown, which makes the
     * decorated client abort the request.
     */
    public static function onProgress(?callable $callerCallback, ResponseState $state): \Closure
    {
        $checked = '';
        return static function (int $now, int $size, array $info) use ($callerCallback, $state, &$checked): void {
            $address = trim((string) ($info['primary_ip'] ?? ''), '[]');
            if ($address !== '' && $address !== $checked) {
                $host = parse_url((string) ($info['url'] ?? ''), PHP_URL_HOST);
                try {
                    self::judge($address, is_string($host) ? $host : $address);
                } catch (RefusedUrlException $e) {
                    throw $state->refuse($e);
                }
                $checked = $address;
            }
            if ($callerCallback !== null) {
                $callerCallback($now, $size, $info);
            }
        };
    }

    /**
     * @throws RefusedUrlException when the normalizer's rules refuse $address
     */
    private static function judge(string $address, string $host): void
    {
        $literal = str_contains($address, ':') ? "[$address]" : $address;
        self::$judge ??= new UrlNormalizer(null, ['strict' => true, 'block_private_hosts' => true]);
        try {
            self::$judge->normalize("http://$literal/");
        } catch (InvalidUrlException $e) {
            throw new RefusedUrlException(sprintf(
                'Refused a connection to `%s`: its address %s is not public (block_private_hosts)',
                $host,
                $literal
            ), 0, $e);
        }
    }

    /**
     * The address the request's `resolve` option gives $host, as Symfony reads that option
     * (keys are host names in any case or form, an empty value is no address).
     *
     * @param array<mixed> $resolve
     */
    private static function given(array $resolve, string $host): ?string
    {
        foreach ($resolve as $name => $address) {
            $address = trim((string) $address, '[]');
            if ($address !== '' && self::hostOf((string) $name) === $host) {
                return $address;
            }
        }
        return null;
    }

    /**
     * The host of a `resolve` key (`コーヒー.jp`, `Example.COM`) as it appears in a normalized URL.
     */
    private static function hostOf(string $name): ?string
    {
        self::$reader ??= new UrlNormalizer();
        $host = parse_url(self::$reader->normalize("http://$name/"), PHP_URL_HOST);
        return is_string($host) ? strtolower($host) : null;
    }

    /**
     * The first IPv4 address of the name, else its first IPv6 address, as Symfony's
     * NoPrivateNetworkHttpClient looks them up; null when it has none.
     */
    private static function lookUp(string $host): ?string
    {
        $ipv4 = @gethostbynamel($host);
        if (is_array($ipv4) && $ipv4 !== []) {
            return $ipv4[0];
        }
        $ipv6 = @dns_get_record($host, DNS_AAAA);
        if (is_array($ipv6) && isset($ipv6[0]['ipv6'])) {
            return (string) $ipv6[0]['ipv6'];
        }
        return null;
    }

    private static function isAddress(string $text): bool
    {
        return filter_var($text, FILTER_VALIDATE_IP) !== false;
    }
}
