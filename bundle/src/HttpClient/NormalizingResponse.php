<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\HttpClient;

use Symfony\Component\HttpClient\Response\AsyncResponse;
use Symfony\Component\HttpClient\Response\StreamableInterface;
use Symfony\Contracts\HttpClient\Exception\TransportExceptionInterface;
use Symfony\Contracts\HttpClient\ResponseInterface;
use UrlNormalize\Bundle\HttpClient\Internal\ResponseState;

/**
 * A response of NormalizingHttpClient: Symfony's AsyncResponse, which carries the redirects
 * the client follows itself, with two differences. A response that was refused (a redirect to
 * a URL the normalizer refuses, a host whose address is not public) throws the
 * RefusedUrlException itself from every method that would throw a transport error, rather
 * than a TransportException wrapping it. getInfo() reports redirect_count and redirect_url as
 * the client counted and judged them.
 */
final class NormalizingResponse implements ResponseInterface, StreamableInterface
{
    /**
     * @internal NormalizingHttpClient creates its responses
     */
    public function __construct(private readonly AsyncResponse $response, private readonly ResponseState $state)
    {
    }

    /**
     * @throws RefusedUrlException when the response was refused
     */
    public function getStatusCode(): int
    {
        return $this->guarded(fn (): int => $this->response->getStatusCode());
    }

    /**
     * @return array<string, list<string>>
     * @throws RefusedUrlException when the response was refused
     */
    public function getHeaders(bool $throw = true): array
    {
        return $this->guarded(fn (): array => $this->response->getHeaders($throw));
    }

    /**
     * @throws RefusedUrlException when the response was refused
     */
    public function getContent(bool $throw = true): string
    {
        return $this->guarded(fn (): string => $this->response->getContent($throw));
    }

    /**
     * @return array<mixed>
     * @throws RefusedUrlException when the response was refused
     */
    public function toArray(bool $throw = true): array
    {
        return $this->guarded(fn (): array => $this->response->toArray($throw));
    }

    public function cancel(): void
    {
        $this->response->cancel();
    }

    public function getInfo(?string $type = null): mixed
    {
        if ($type === null) {
            return array_replace($this->response->getInfo(), $this->state->info);
        }
        return array_key_exists($type, $this->state->info)
            ? $this->state->info[$type]
            : $this->response->getInfo($type);
    }

    /**
     * @return resource
     * @throws RefusedUrlException when the response was refused
     */
    public function toStream(bool $throw = true): mixed
    {
        return $this->guarded(fn (): mixed => $this->response->toStream($throw));
    }

    /**
     * The AsyncResponse, for NormalizingHttpClient::stream().
     *
     * @internal
     */
    public function asyncResponse(): AsyncResponse
    {
        return $this->response;
    }

    /**
     * The refusal that failed the response, if one did.
     */
    public function refusal(): ?RefusedUrlException
    {
        return $this->state->refused;
    }

    /**
     * Runs a call on the AsyncResponse; a transport error of a refused response is the refusal.
     *
     * @template T
     * @param \Closure(): T $call
     * @return T
     */
    private function guarded(\Closure $call): mixed
    {
        try {
            return $call();
        } catch (TransportExceptionInterface $e) {
            throw $this->state->refused ?? $e;
        }
    }
}
