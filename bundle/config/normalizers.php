<?php

declare(strict_types=1);

// The locator of the configured normalizers; UrlNormalizeExtension fills in its arguments
// (a service locator of the normalizers by name, and the list of names).

use Symfony\Component\DependencyInjection\Loader\Configurator\ContainerConfigurator;
use UrlNormalize\Bundle\NormalizerLocator;

return static function (ContainerConfigurator $container): void {
    $container->services()
        ->set('url_normalize.normalizer_locator', NormalizerLocator::class)
            ->private()
        ->alias(NormalizerLocator::class, 'url_normalize.normalizer_locator')
            ->private();
};
