<?php

declare(strict_types=1);

namespace App\Service\Crawler;

/**
 * What a crawler's request builder offers (seed 000, "Integration Points").
 */
interface RequestBuilderInterface
{
    /**
     * @param array<string, mixed> $options
     */
    public function build(string $url, array $options = []): static;

    /**
     * @return array<string, mixed> the JSON body for the crawl API
     */
    public function getPayload(): array;

    public function getApiUrl(): string;

    /**
     * @return array<string, string>
     */
    public function getHeaders(): array;
}
