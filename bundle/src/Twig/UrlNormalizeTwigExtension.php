<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Twig;

use Twig\Extension\AbstractExtension;
use Twig\TwigFilter;
use Twig\TwigTest;

/**
 * The Twig filters, each with an optional normalizer name (the default normalizer without):
 *
 *     {{ link.url|url_normalize }}                  normalize()
 *     {{ link.url|url_display }}                    toDisplay(), for people: Unicode hosts
 *     {{ link.url|url_registrable_domain('api') }}  registrableDomain() with the "api" normalizer
 *
 * and the test, with an optional scope name (the only scope without):
 *
 *     {% if link.url is url_in_scope('docs') %}     CrawlScope::contains() with the "docs" scope
 *
 * They run in UrlNormalizeTwigRuntime, so that a template that never uses them constructs no
 * normalizer and no scope.
 */
final class UrlNormalizeTwigExtension extends AbstractExtension
{
    /**
     * @return list<TwigFilter>
     */
    public function getFilters(): array
    {
        return [
            new TwigFilter('url_normalize', [UrlNormalizeTwigRuntime::class, 'normalize']),
            new TwigFilter('url_display', [UrlNormalizeTwigRuntime::class, 'display']),
            new TwigFilter('url_registrable_domain', [UrlNormalizeTwigRuntime::class, 'registrableDomain']),
        ];
    }

    /**
     * @return list<TwigTest>
     */
    public function getTests(): array
    {
        return [
            new TwigTest('url_in_scope', [UrlNormalizeTwigRuntime::class, 'inScope']),
        ];
    }
}
