<?php

declare(strict_types=1);

// The Twig filters url_normalize, url_display and url_registrable_domain, and the test
// url_in_scope. The extension only declares them; the runtime, which holds the normalizers
// and the scopes, is constructed when a template first calls one.

use Symfony\Component\DependencyInjection\Loader\Configurator\ContainerConfigurator;
use UrlNormalize\Bundle\Twig\UrlNormalizeTwigExtension;
use UrlNormalize\Bundle\Twig\UrlNormalizeTwigRuntime;

use function Symfony\Component\DependencyInjection\Loader\Configurator\service;

return static function (ContainerConfigurator $container): void {
    $container->services()
        ->set('url_normalize.twig.extension', UrlNormalizeTwigExtension::class)
            ->private()
            ->tag('twig.extension')
        ->set('url_normalize.twig.runtime', UrlNormalizeTwigRuntime::class)
            ->private()
            ->args([service('url_normalize.normalizer_locator'), service('url_normalize.scope_locator')])
            ->tag('twig.runtime');
};
