<?php

declare(strict_types=1);

namespace UrlNormalize\Laravel\Http\Internal;

use GuzzleHttp\Promise\Create;
use GuzzleHttp\Promise\PromiseInterface;
use GuzzleHttp\Psr7\Uri;
use Psr\Http\Message\RequestInterface;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\Laravel\Http\RefusedUrlException;
use UrlNormalize\Laravel\Internal\Printable;
use UrlNormalize\UrlNormalizer;

/**
 * The Guzzle middleware that the service provider gives the Http facade's client when
 * url-normalize.http_client.middleware is on: each request is sent to its URL as the normalizer
 * writes it (IDN in ASCII, escapes, default port and dot segments removed), with its Host
 * header to match, and a URL the normalizer refuses is not sent.
 *
 * Laravel's client pushes its global middleware inside Guzzle's redirect middleware, so every
 * redirect it follows passes here too and is judged the same way.
 *
 * A lenient normalizer returns a URL it refuses unchanged (and logs a warning): an unchanged URL
 * is then normalized once more with the same options in strict mode, so that both modes refuse
 * what strict mode throws for, with the same InvalidUrlException. Names are not
 * resolved: with block_private_hosts, a public name whose address is private is not caught here.
 *
 * @internal
 */
final class NormalizeRequestUrl
{
    /** The normalizer's options in strict mode, when the normalizer is lenient. */
    private ?UrlNormalizer $strictTwin = null;

    /**
     * @param \Closure(): UrlNormalizer $normalizer gives the normalizer, at the first request
     */
    public function __construct(private readonly \Closure $normalizer)
    {
    }

    /**
     * The middleware around $handler.
     *
     * @param callable(RequestInterface, array<string, mixed>): PromiseInterface $handler
     * @return callable(RequestInterface, array<string, mixed>): PromiseInterface
     */
    public function __invoke(callable $handler): callable
    {
        return function (RequestInterface $request, array $options) use ($handler): PromiseInterface {
            $url = (string) $request->getUri();
            try {
                $normalized = $this->normalize($url);
            } catch (RefusedUrlException $e) {
                return Create::rejectionFor($e);
            }
            if ($normalized !== $url) {
                // The Host header follows the new URI (withUri() without $preserveHost).
                $request = $request->withUri(new Uri($normalized));
            }
            return $handler($request, $options);
        };
    }

    /**
     * The URL to send.
     *
     * @throws RefusedUrlException for a URL without a scheme, or one the normalizer refuses
     */
    private function normalize(string $url): string
    {
        if (preg_match('/^[A-Za-z][A-Za-z0-9+.\-]*:/', $url) !== 1) {
            throw new RefusedUrlException(sprintf(
                'Cannot send `%s`: it is a relative URL (it has no scheme); give the Http client a base URL'
                    . ' (Http::baseUrl()) or write the URL with its scheme',
                Printable::escape((string) preg_replace('~^([/\\\\]{2}[^/\\\\?#@]*?:)[^/\\\\?#]*@~', '$1***@', $url))
            ));
        }
        $normalizer = ($this->normalizer)();
        try {
            $normalized = $normalizer->normalize($url);
            if ($normalized === $url && !($normalizer->getOptions()['strict'] ?? false)) {
                // What strict mode throws, if anything: the same options, strict.
                $this->strictTwin ??= new UrlNormalizer(null, ['strict' => true] + $normalizer->getOptions());
                $this->strictTwin->normalize($url);
            }
            return $normalized;
        } catch (InvalidUrlException $e) {
            throw new RefusedUrlException($e->getMessage(), 0, $e);
        }
    }
}
