<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Tests\Support;

use UrlNormalize\Bundle\ScopeLocator;
use UrlNormalize\CrawlScope;

/**
 * An application service that takes crawl scopes, autowired by type and argument name.
 */
final class AutowiredScopes
{
    /**
     * The names choose the scope.
     */
    public function __construct(
        public readonly CrawlScope $docsScope,
        public readonly CrawlScope $shopScope,
        public readonly ScopeLocator $scopes,
    ) {
    }
}
