<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Tests\Support;

use Symfony\Component\DependencyInjection\Attribute\Target;
use Symfony\Contracts\HttpClient\HttpClientInterface;

/**
 * An application service that takes the HTTP clients as a Symfony user does: by type (the
 * http_client service) and by type and name (the scoped client crawler.client).
 */
final class AutowiredHttpClients
{
    /**
     * Each argument as the container autowires it: the names choose the client.
     */
    public function __construct(
        public readonly HttpClientInterface $httpClient,
        #[Target('crawlerClient')]
        public readonly HttpClientInterface $crawlerClient,
    ) {
    }
}
