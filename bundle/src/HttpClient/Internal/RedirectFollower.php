<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\HttpClient\Internal;

use Symfony\Component\HttpClient\Response\AsyncContext;
use Symfony\Contracts\HttpClient\ChunkInterface;
use UrlNormalize\Bundle\HttpClient\RefusedUrlException;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlNormalizer;

/**
 * The AsyncResponse passthru of one request of NormalizingHttpClient: every hop is sent with
 * max_redirects 0, and on a 3xx with a Location this judges the Location with the normalizer's
 * resolve() against the URL of the hop, then sends the next hop, up to the caller's
 * max_redirects, with the rules of Symfony's own clients:
 *
 * - 303 turns any method but HEAD into GET, 301 and 302 turn POST into GET; the body and its
 *   Content-Type, Content-Length and Transfer-Encoding go. 307 and 308 keep method and body.
 * - Authorization and Cookie headers, auth_basic, auth_bearer and auth_ntlm go to the first
 *   URL's origin (scheme, host and port) only; a Host header the caller set goes to the first
 *   URL only.
 * - getInfo('redirect_count') counts the hops followed, getInfo('url') is the last hop's URL,
 *   getInfo('redirect_url') the normalized Location of a redirect that was not followed.
 *
 * A Location the normalizer refuses (or, with block_private_hosts, whose host resolves to an
 * address that is not public) is never requested: the response fails with RefusedUrlException.
 *
 * @internal
 */
final class RedirectFollower
{
    private int $redirects = 0;
    private readonly string $origin;

    /**
     * @param array<string, mixed> $options the options the first hop was sent with
     */
    public function __construct(
        private readonly UrlNormalizer $normalizer,
        private readonly ResponseState $state,
        private string $method,
        private string $url,
        private array $options,
        private readonly int $maxRedirects,
        private readonly bool $blocksPrivateHosts,
    ) {
        $this->origin = self::origin($url);
        // The caller's query option was added to the first URL; a Location is complete.
        $this->options['query'] = [];
        $this->options['headers'] = self::withoutHeaders($this->options['headers'] ?? [], ['host'], false);
    }

    /**
     * @throws RefusedUrlException for a Location that must not be requested
     */
    public function __invoke(ChunkInterface $chunk, AsyncContext $context): \Generator
    {
        if ($chunk->getError() !== null || $chunk->isTimeout() || !$chunk->isFirst()) {
            yield $chunk;
            return;
        }
        $status = $context->getStatusCode();
        $location = $context->getHeaders()['location'][0] ?? null;
        if ($status < 300 || $status >= 400 || !is_string($location)) {
            $context->passthru();
            yield $chunk;
            return;
        }
        $follow = $this->redirects < $this->maxRedirects;
        try {
            $next = $this->normalizer->resolve($location, $this->url);
        } catch (InvalidUrlException $e) {
            if ($follow) {
                throw $this->state->refuse(new RefusedUrlException(
                    sprintf('Refused to follow a %d redirect: %s', $status, $e->getMessage()),
                    0,
                    $e
                ));
            }
            $next = null;
        }
        if (!$follow || $next === null) {
            // Not followed: the 3xx is the response, as with Symfony's max_redirects.
            $this->state->info['redirect_url'] = $next;
            $context->passthru();
            yield $chunk;
            return;
        }

        if ($status === 303 || ($this->method === 'POST' && ($status === 301 || $status === 302))) {
            $this->method = $this->method === 'HEAD' ? 'HEAD' : 'GET';
            unset($this->options['body'], $this->options['json']);
            $this->options['headers'] = self::withoutHeaders(
                $this->options['headers'],
                ['content-type', 'content-length', 'transfer-encoding'],
                false
            ) + ['Content-Type' => []];
        }
        $options = self::origin($next) === $this->origin ? $this->options : self::withoutCredentials($this->options);
        if ($this->blocksPrivateHosts) {
            try {
                $options = PublicAddresses::pin($next, $options);
            } catch (RefusedUrlException $e) {
                throw $this->state->refuse($e);
            }
        }
        $this->redirects++;
        $this->url = $next;
        $this->state->info['redirect_count'] = $this->redirects;
        $context->setInfo('redirect_count', $this->redirects);
        $context->getResponse()->cancel();
        $context->replaceRequest($this->method, $next, $options);
    }

    /**
     * The options without anything that authenticates: the caller's Authorization and Cookie
     * headers and auth options go, and the same headers and options set empty keep the
     * decorated client's defaults from adding its own.
     *
     * @param array<string, mixed> $options
     * @return array<string, mixed>
     */
    private static function withoutCredentials(array $options): array
    {
        $options['headers'] = self::withoutHeaders($options['headers'] ?? [], ['authorization', 'cookie'], true);
        $options['auth_basic'] = null;
        $options['auth_bearer'] = null;
        if (array_key_exists('auth_ntlm', $options)) {
            // An option of CurlHttpClient only: others refuse the key.
            $options['auth_ntlm'] = null;
        }
        return $options;
    }

    /**
     * Headers in any of the forms Symfony takes (`['Name: value']`, `['Name' => 'value']`,
     * `['Name' => ['v1', 'v2']]`) without those named, and, when $empty, each named header
     * set to no value, which keeps a default of the decorated client from filling it in.
     *
     * @param mixed $headers
     * @param list<string> $names lower-case header names
     * @return array<int|string, mixed>
     */
    private static function withoutHeaders(mixed $headers, array $names, bool $empty): array
    {
        $kept = [];
        foreach (is_iterable($headers) ? $headers : [] as $name => $value) {
            $headerName = is_int($name) ? strstr((string) $value, ':', true) : $name;
            if (!in_array(strtolower(trim((string) $headerName)), $names, true)) {
                $kept[$name] = $value;
            }
        }
        if ($empty) {
            foreach ($names as $name) {
                $kept[ucwords($name, '-')] = [];
            }
        }
        return $kept;
    }

    /**
     * Scheme, host and port of a normalized URL (which has no default port).
     */
    private static function origin(string $url): string
    {
        $parts = parse_url($url);
        if (!is_array($parts)) {
            return $url;
        }
        return strtolower(($parts['scheme'] ?? '') . '://' . ($parts['host'] ?? '')) . ':' . ($parts['port'] ?? '');
    }
}
