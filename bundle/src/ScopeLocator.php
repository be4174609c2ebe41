<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle;

use Psr\Container\ContainerInterface;
use UrlNormalize\CrawlScope;

/**
 * The configured crawl scopes (url_normalize.scopes) by name, for the integrations that choose
 * one at run time: the Twig test url_in_scope. Autowirable by type.
 *
 * Behind it is a service locator: a scope is constructed the first time it is asked for.
 */
final class ScopeLocator
{
    /**
     * @param ContainerInterface $scopes the scopes, each under its name
     * @param list<string> $names the names $scopes holds, for error messages
     */
    public function __construct(
        private readonly ContainerInterface $scopes,
        private readonly array $names,
    ) {
    }

    /**
     * The scope named $name; null is the only scope, when exactly one is configured.
     *
     * @throws \InvalidArgumentException when no scope has that name, or null names none
     */
    public function get(?string $name = null): CrawlScope
    {
        if ($name === null && count($this->names) === 1) {
            $name = $this->names[0];
        }
        if ($name === null || !$this->scopes->has($name)) {
            $configured = $this->names === [] ? 'none (url_normalize.scopes)' : implode(', ', $this->names);
            throw new \InvalidArgumentException($name === null
                ? "Name the url_normalize scope; the configured ones are: $configured"
                : "There is no url_normalize scope named \"$name\"; the configured ones are: $configured");
        }
        $scope = $this->scopes->get($name);
        \assert($scope instanceof CrawlScope);
        return $scope;
    }

    /**
     * The names of the configured scopes, in the config's order.
     *
     * @return list<string>
     */
    public function names(): array
    {
        return $this->names;
    }
}
