<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\HttpClient;

use Symfony\Contracts\HttpClient\HttpClientInterface;
use Symfony\Contracts\HttpClient\ResponseInterface;
use Symfony\Contracts\HttpClient\ResponseStreamInterface;
use Symfony\Contracts\Service\ResetInterface;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlNormalizer;

/**
 * An HttpClientInterface that sends every request to the URL a browser would request: the
 * URL is resolved against the base URI with UrlNormalizer::resolve() when there is one (the
 * request's base_uri option, else the client's), and normalized with UrlNormalizer::normalize()
 * otherwise, before the decorated client sees it.
 *
 *     $client = new NormalizingHttpClient(HttpClient::create(), new UrlNormalizer());
 *     $client->request('GET', 'https://コーヒー.jp/café');   // sends https://xn--tck2c4fb.jp/caf%C3%A9
 *
 * A URL the normalizer refuses is never sent: the request fails with InvalidUrlException and
 * the normalizer's reason, in strict and lenient mode alike (a lenient normalizer would return
 * it unchanged, which an HTTP client cannot use).
 */
final class NormalizingHttpClient implements HttpClientInterface, ResetInterface
{
    /**
     * @param HttpClientInterface $client the client that sends the requests
     * @param UrlNormalizer $normalizer the normalizer whose options judge and shape each URL
     * @param string|null $baseUri what relative URLs are resolved against when a request has no
     *                             base_uri option: the decorated scoped client's base URI
     */
    public function __construct(
        private HttpClientInterface $client,
        private readonly UrlNormalizer $normalizer,
        private ?string $baseUri = null,
    ) {
    }

    /**
     * Sends the request to the resolved, normalized URL; the options go on unchanged.
     *
     * @param array<string, mixed> $options
     * @throws InvalidUrlException when the normalizer refuses the URL (nothing is sent)
     */
    public function request(string $method, string $url, array $options = []): ResponseInterface
    {
        return $this->client->request($method, $this->requestUrl($url, $options), $options);
    }

    /**
     * The decorated client's stream(): the responses are its own.
     *
     * @param ResponseInterface|iterable<ResponseInterface> $responses
     */
    public function stream(mixed $responses, ?float $timeout = null): ResponseStreamInterface
    {
        return $this->client->stream($responses, $timeout);
    }

    /**
     * A copy whose decorated client has these default options, and whose base URI is theirs
     * when they set one.
     *
     * @param array<string, mixed> $options
     */
    public function withOptions(array $options): static
    {
        $copy = clone $this;
        $copy->client = $this->client->withOptions($options);
        if (array_key_exists('base_uri', $options)) {
            $baseUri = $options['base_uri'];
            $copy->baseUri = is_string($baseUri) && $baseUri !== '' ? $baseUri : null;
        }
        return $copy;
    }

    /**
     * Resets the decorated client when it can be.
     */
    public function reset(): void
    {
        if ($this->client instanceof ResetInterface) {
            $this->client->reset();
        }
    }

    /**
     * The URL to send: resolved against the base URI, or normalized, and accepted by the
     * normalizer in every case.
     *
     * @param array<string, mixed> $options
     * @throws InvalidUrlException when the normalizer refuses the URL
     */
    private function requestUrl(string $url, array $options): string
    {
        $baseUri = $options['base_uri'] ?? $this->baseUri;
        if (is_string($baseUri) && $baseUri !== '') {
            // resolve() throws for an invalid base or result in both modes.
            return $this->normalizer->resolve($url, $baseUri);
        }
        $normalized = $this->normalizer->normalize($url);
        // A lenient normalizer returns an invalid URL unchanged (and logs a warning); an
        // unchanged URL is checked, with the reason strict mode would have thrown.
        if ($normalized === $url) {
            $explained = $this->normalizer->explain($url);
            if (!$explained['valid']) {
                throw new InvalidUrlException((string) $explained['reason']);
            }
        }
        return $normalized;
    }
}
