<?php

declare(strict_types=1);

// The locator of the configured crawl scopes; UrlNormalizeExtension fills in its arguments
// (a service locator of the scopes by name, and the list of names).

use Symfony\Component\DependencyInjection\Loader\Configurator\ContainerConfigurator;
use UrlNormalize\Bundle\ScopeLocator;

return static function (ContainerConfigurator $container): void {
    $container->services()
        ->set('url_normalize.scope_locator', ScopeLocator::class)
            ->private()
        ->alias(ScopeLocator::class, 'url_normalize.scope_locator')
            ->private();
};
