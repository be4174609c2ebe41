<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\HttpClient;

use Symfony\Component\HttpClient\Chunk\ErrorChunk;
use Symfony\Component\HttpClient\Response\AsyncResponse;
use Symfony\Component\HttpClient\Response\ResponseStream;
use Symfony\Contracts\HttpClient\HttpClientInterface;
use Symfony\Contracts\HttpClient\ResponseInterface;
use Symfony\Contracts\HttpClient\ResponseStreamInterface;
use Symfony\Contracts\Service\ResetInterface;
use UrlNormalize\Bundle\HttpClient\Internal\PublicAddresses;
use UrlNormalize\Bundle\HttpClient\Internal\RedirectFollower;
use UrlNormalize\Bundle\HttpClient\Internal\RefusedChunk;
use UrlNormalize\Bundle\HttpClient\Internal\ResponseState;
use UrlNormalize\Bundle\Printable;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlNormalizer;

/**
 * An HttpClientInterface that sends every request, and every redirect it follows, to a URL the
 * normalizer accepts, as a browser would request it.
 *
 *     $client = new NormalizingHttpClient(HttpClient::create(), new UrlNormalizer());
 *     $client->request('GET', 'https://コーヒー.jp/café');   // sends https://xn--tck2c4fb.jp/caf%C3%A9
 *
 * - The URL is resolved against the base URI with UrlNormalizer::resolve() when there is one
 *   (the request's base_uri option, else the one given to withOptions() or the constructor),
 *   and normalized with UrlNormalizer::normalize() otherwise. A relative URL (one that does not
 *   begin with a scheme and a colon: `users.json`, `/api`, `//host/x`) without a base URI is
 *   refused, never read as a host: the decorated client's own base_uri is not visible here.
 * - Redirects are followed here, not by the decorated client (which gets max_redirects 0): each
 *   Location is judged with resolve() against the URL that answered, under the same
 *   normalizer, so every option applies to every hop. Up to the request's max_redirects, else
 *   the one given to withOptions() or the constructor, else Symfony's 20; with Symfony's rules
 *   for methods, bodies and credentials (Internal\RedirectFollower).
 * - With block_private_hosts, the address each host resolves to is judged too, with the
 *   normalizer's rules, and the connection is pinned to it (Internal\PublicAddresses): a public
 *   name whose DNS answer is 127.0.0.1 is refused before anything is sent.
 *
 * Nothing refused is sent. A refused URL throws RefusedUrlException from request(); a refused
 * redirect or address fails the response: getStatusCode(), getHeaders(), getContent(),
 * toArray() and stream() throw the RefusedUrlException, as Symfony's clients throw their
 * transport errors. It implements TransportExceptionInterface in both cases.
 */
final class NormalizingHttpClient implements HttpClientInterface, ResetInterface
{
    /** Symfony's default max_redirects (HttpClientInterface::OPTIONS_DEFAULTS). */
    private const MAX_REDIRECTS = 20;

    private readonly bool $blocksPrivateHosts;

    /**
     * @param HttpClientInterface $client the client that sends the requests
     * @param UrlNormalizer $normalizer the normalizer whose options judge and shape each URL
     * @param string|null $baseUri what relative URLs are resolved against when a request has no
     *                             base_uri option: the decorated scoped client's base URI
     * @param int|null $maxRedirects the redirects to follow when a request has no max_redirects
     *                               option: the decorated client's default (null: 20)
     */
    public function __construct(
        private HttpClientInterface $client,
        private readonly UrlNormalizer $normalizer,
        private ?string $baseUri = null,
        private ?int $maxRedirects = null,
    ) {
        $this->blocksPrivateHosts = (bool) ($normalizer->getOptions()['block_private_hosts'] ?? false);
    }

    /**
     * Sends the request to the resolved, normalized URL and follows its redirects; the other
     * options go on unchanged.
     *
     * @param array<string, mixed> $options
     * @throws RefusedUrlException when the URL, or the address of its host, is refused (nothing is sent)
     */
    public function request(string $method, string $url, array $options = []): ResponseInterface
    {
        $url = $this->requestUrl($url, $options);
        $maxRedirects = (int) ($options['max_redirects'] ?? $this->maxRedirects ?? self::MAX_REDIRECTS);
        $options['max_redirects'] = 0;
        $state = new ResponseState();
        if ($this->blocksPrivateHosts) {
            $options = PublicAddresses::pin($url, $options);
            $onProgress = is_callable($options['on_progress'] ?? null) ? $options['on_progress'] : null;
            $options['on_progress'] = PublicAddresses::onProgress($onProgress, $state);
        }
        $follower = new RedirectFollower(
            $this->normalizer,
            $state,
            $method,
            $url,
            $options,
            $maxRedirects,
            $this->blocksPrivateHosts
        );
        return new NormalizingResponse(new AsyncResponse($this->client, $method, $url, $options, $follower), $state);
    }

    /**
     * Streams responses of this client; a refused one yields a chunk whose methods throw its
     * RefusedUrlException.
     *
     * @param ResponseInterface|iterable<ResponseInterface> $responses
     */
    public function stream(mixed $responses, ?float $timeout = null): ResponseStreamInterface
    {
        if ($responses instanceof ResponseInterface) {
            $responses = [$responses];
        }
        if (!is_iterable($responses)) {
            throw new \TypeError(sprintf(
                '%s() expects a response or an iterable of responses, %s given',
                __METHOD__,
                get_debug_type($responses)
            ));
        }
        /** @var \SplObjectStorage<AsyncResponse, NormalizingResponse> $wrappers */
        $wrappers = new \SplObjectStorage();
        foreach ($responses as $response) {
            if (!$response instanceof NormalizingResponse) {
                throw new \TypeError(sprintf(
                    '%s() expects responses of NormalizingHttpClient, %s given',
                    __METHOD__,
                    get_debug_type($response)
                ));
            }
            $wrappers[$response->asyncResponse()] = $response;
        }
        return new ResponseStream(self::chunks($wrappers, $timeout));
    }

    /**
     * A copy whose decorated client has these default options, and whose base URI and
     * max_redirects are theirs when they set them.
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
        if (array_key_exists('max_redirects', $options)) {
            $copy->maxRedirects = $options['max_redirects'] === null ? null : (int) $options['max_redirects'];
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
     * The chunks of Symfony's AsyncResponse::stream() (what its AsyncDecoratorTrait streams
     * with), keyed by our responses, a refused response's error chunk replaced by one that
     * throws the refusal. As with Symfony's error chunks, a refusal that the loop did not look
     * at is thrown when the loop asks for the next chunk.
     *
     * @param \SplObjectStorage<AsyncResponse, NormalizingResponse> $wrappers
     * @return \Generator<NormalizingResponse, \Symfony\Contracts\HttpClient\ChunkInterface>
     */
    private static function chunks(\SplObjectStorage $wrappers, ?float $timeout): \Generator
    {
        $asyncResponses = [];
        foreach ($wrappers as $asyncResponse) {
            $asyncResponses[] = $asyncResponse;
        }
        foreach (AsyncResponse::stream($asyncResponses, $timeout, self::class) as $asyncResponse => $chunk) {
            $response = $wrappers[$asyncResponse];
            $refused = $response->refusal();
            if ($refused === null || $chunk->getError() === null) {
                yield $response => $chunk;
                continue;
            }
            if ($chunk instanceof ErrorChunk) {
                // Ours is thrown instead of the TransportException this one would throw.
                $chunk->didThrow(true);
            }
            $refusedChunk = new RefusedChunk($chunk->getOffset(), $refused);
            yield $response => $refusedChunk;
            if (!$refusedChunk->didThrow()) {
                throw $refused;
            }
        }
    }

    /**
     * The URL to send: resolved against the base URI, or normalized, and accepted by the
     * normalizer in every case.
     *
     * @param array<string, mixed> $options
     * @throws RefusedUrlException when the normalizer refuses the URL, or it is relative and
     *                             there is no base URI
     */
    private function requestUrl(string $url, array $options): string
    {
        $baseUri = $options['base_uri'] ?? $this->baseUri;
        try {
            if (is_string($baseUri) && $baseUri !== '') {
                // resolve() throws for an invalid base or result in both modes.
                return $this->normalizer->resolve($url, $baseUri);
            }
            if (!self::hasScheme($url)) {
                throw new RefusedUrlException(sprintf(
                    'Cannot send `%s`: it is a relative URL (it has no scheme), and this client has no base URI'
                        . ' to resolve it against. Pass the base URI as the base_uri option of the request, of'
                        . ' withOptions() or of the NormalizingHttpClient constructor (a base_uri the decorated client'
                        . ' was created with is not visible to it), or write the URL with its scheme',
                    self::quoted($url)
                ));
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
        } catch (InvalidUrlException $e) {
            throw new RefusedUrlException($e->getMessage(), 0, $e);
        }
    }

    /**
     * Whether the URL begins with a scheme and a colon (RFC 3986's `scheme ":"`, the URL
     * Standard's scheme state), after what a URL parser strips first: leading and trailing C0
     * controls and spaces, tabs and newlines anywhere.
     */
    private static function hasScheme(string $url): bool
    {
        $url = str_replace(["\t", "\n", "\r"], '', trim($url, "\x00..\x20"));
        return preg_match('/^[A-Za-z][A-Za-z0-9+.\-]*:/', $url) === 1;
    }

    /**
     * A relative URL for a message: printable, and without what may be a password in the
     * userinfo of a `//user:password@host` reference.
     */
    private static function quoted(string $url): string
    {
        $url = (string) preg_replace('~^(\s*[/\\\\]{2}[^/\\\\?#@]*?:)[^/\\\\?#]*@~', '$1***@', $url);
        return Printable::escape($url);
    }
}
