<?php

declare(strict_types=1);

namespace App\Service\Crawler\Implementations\Abstract\Http;

use App\Service\Crawler\RequestBuilderInterface;
// The swap (docs/symfony.md, "Migrating"): this import was `use App\Service\Crawler\UrlNormalizerService;`.
// Nothing else in this class changed.
use UrlNormalize\UrlNormalizer as UrlNormalizerService;

/**
 * Seed 000, step 2: the normalizer is injected here and build() normalizes the stored URL
 * just in time, so both crawlers send normalized URLs and the database keeps the original.
 */
abstract class AbstractRequestBuilder implements RequestBuilderInterface
{
    protected string $apiUrl;
    protected string $apiToken;
    /** @var array<string, mixed> */
    protected array $payload = [];

    public function __construct(
        protected readonly UrlNormalizerService $urlNormalizer,
    ) {
    }

    public function build(string $url, array $options = []): static
    {
        $normalizedUrl = $this->urlNormalizer->normalize($url);
        $this->payload = $this->createRequestPayload($normalizedUrl, $options);

        return $this;
    }

    public function getPayload(): array
    {
        return $this->payload;
    }

    public function getApiUrl(): string
    {
        return $this->apiUrl;
    }

    public function getHeaders(): array
    {
        return [
            'Authorization' => 'Bearer ' . $this->apiToken,
            'Content-Type' => 'application/json',
        ];
    }

    /**
     * @param array<string, mixed> $options
     * @return array<string, mixed>
     */
    abstract protected function createRequestPayload(string $url, array $options): array;
}
