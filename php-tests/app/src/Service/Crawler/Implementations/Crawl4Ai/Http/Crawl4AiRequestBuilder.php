<?php

declare(strict_types=1);

namespace App\Service\Crawler\Implementations\Crawl4Ai\Http;

use App\Service\Crawler\Implementations\Abstract\Http\AbstractRequestBuilder;
use Symfony\Component\DependencyInjection\ParameterBag\ParameterBagInterface;
// The swap: was `use App\Service\Crawler\UrlNormalizerService;`.
use UrlNormalize\UrlNormalizer as UrlNormalizerService;

/**
 * The Crawl4AI server's request: a list of URLs, `'urls' => [$url]`.
 */
final class Crawl4AiRequestBuilder extends AbstractRequestBuilder
{
    public function __construct(
        UrlNormalizerService $urlNormalizer,
        ParameterBagInterface $params,
    ) {
        parent::__construct($urlNormalizer);
        $this->apiUrl = (string) $params->get('crawler.crawl4ai.api_url');
        $this->apiToken = (string) $params->get('crawler.crawl4ai.api_token');
    }

    protected function createRequestPayload(string $url, array $options): array
    {
        return [
            'urls' => [$url],
            'crawler_config' => $options['crawler_config']
                ?? ['type' => 'CrawlerRunConfig', 'params' => ['stream' => false]],
        ];
    }
}
