<?php

declare(strict_types=1);

namespace App\Service\Crawler\Implementations\Spider\Http;

use App\Service\Crawler\Implementations\Abstract\Http\AbstractRequestBuilder;
use Symfony\Component\DependencyInjection\ParameterBag\ParameterBagInterface;
// The swap: was `use App\Service\Crawler\UrlNormalizerService;`.
use UrlNormalize\UrlNormalizer as UrlNormalizerService;

/**
 * The Spider crawl API's request: one URL per request, `'url' => $url`.
 */
final class CrawlRequestBuilder extends AbstractRequestBuilder
{
    public function __construct(
        UrlNormalizerService $urlNormalizer,
        ParameterBagInterface $params,
    ) {
        parent::__construct($urlNormalizer);
        $this->apiUrl = (string) $params->get('crawler.spider.api_url');
        $this->apiToken = (string) $params->get('crawler.spider.api_token');
    }

    protected function createRequestPayload(string $url, array $options): array
    {
        return [
            'url' => $url,
            'limit' => $options['limit'] ?? 1,
            'return_format' => $options['return_format'] ?? 'markdown',
        ];
    }
}
