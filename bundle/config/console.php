<?php

declare(strict_types=1);

// The url:normalize command. Its name in the tag makes it lazy: listing the commands does not
// construct it, nor any normalizer.

use Symfony\Component\DependencyInjection\Loader\Configurator\ContainerConfigurator;
use UrlNormalize\Bundle\Command\NormalizeUrlCommand;

use function Symfony\Component\DependencyInjection\Loader\Configurator\service;

return static function (ContainerConfigurator $container): void {
    $container->services()
        ->set('url_normalize.command.normalize', NormalizeUrlCommand::class)
            ->private()
            ->args([service('url_normalize.normalizer_locator')])
            ->tag('console.command', [
                'command' => NormalizeUrlCommand::NAME,
                'description' => NormalizeUrlCommand::DESCRIPTION,
            ]);
};
