<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle;

use Symfony\Component\DependencyInjection\ContainerBuilder;
use Symfony\Component\HttpKernel\Bundle\Bundle;
use UrlNormalize\Bundle\DependencyInjection\Compiler\HttpClientPass;

/**
 * The url_normalize extension in Symfony: configured normalizers as services (config root
 * `url_normalize`), Twig filters, the NormalizableUrl constraint, NormalizingHttpClient and
 * the url:normalize command.
 */
final class UrlNormalizeBundle extends Bundle
{
    /**
     * Adds the pass that completes the HttpClient decorators.
     */
    public function build(ContainerBuilder $container): void
    {
        parent::build($container);
        $container->addCompilerPass(new HttpClientPass());
    }

    /**
     * The bundle's root, which holds config/ beside src/ (Symfony's bundle layout since 5).
     */
    public function getPath(): string
    {
        return \dirname(__DIR__);
    }
}
