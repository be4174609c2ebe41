<?php

declare(strict_types=1);

// The validator of the NormalizableUrl constraint, found by the validator through its tag.

use Symfony\Component\DependencyInjection\Loader\Configurator\ContainerConfigurator;
use UrlNormalize\Bundle\Validator\NormalizableUrlValidator;

use function Symfony\Component\DependencyInjection\Loader\Configurator\service;

return static function (ContainerConfigurator $container): void {
    $container->services()
        ->set('url_normalize.validator.normalizable_url', NormalizableUrlValidator::class)
            ->private()
            ->args([service('url_normalize.normalizer_locator')])
            ->tag('validator.constraint_validator');
};
