<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Tests\Support;

use Symfony\Component\DependencyInjection\Attribute\Target;
use UrlNormalize\Bundle\ScopeLocator;
use UrlNormalize\CrawlScope;

/**
 * An application service that takes crawl scopes, autowired by type and #[Target] name (a name
 * alone is deprecated since Symfony 8.1).
 */
final class AutowiredScopes
{
    /**
     * The targets choose the scope.
     */
    public function __construct(
        #[Target('docsScope')]
        public readonly CrawlScope $docsScope,
        #[Target('shopScope')]
        public readonly CrawlScope $shopScope,
        public readonly ScopeLocator $scopes,
    ) {
    }
}
