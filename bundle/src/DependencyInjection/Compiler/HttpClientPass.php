<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\DependencyInjection\Compiler;

use Symfony\Component\DependencyInjection\Compiler\CompilerPassInterface;
use Symfony\Component\DependencyInjection\ContainerBuilder;
use Symfony\Component\DependencyInjection\Definition;
use Symfony\Component\DependencyInjection\Exception\InvalidArgumentException;
use Symfony\Component\DependencyInjection\Reference;
use Symfony\Component\HttpClient\HttpClient;
use Symfony\Component\HttpClient\ScopingHttpClient;
use UrlNormalize\Bundle\DependencyInjection\UrlNormalizeExtension;

/**
 * Completes the NormalizingHttpClient decorators that url_normalize.http_client asks for,
 * once every bundle has declared its services: the decorated client must exist (a clear
 * message instead of the decorator's "non-existent service"), a scoped client's base URI
 * goes to its decorator, which resolves relative URLs against it before the scoped client
 * sees them, and so does the client's max_redirects (framework.http_client.default_options or
 * the scoped client's), since the decorator follows the redirects itself.
 */
final class HttpClientPass implements CompilerPassInterface
{
    /**
     * @throws InvalidArgumentException when a decorated client is not a service
     */
    public function process(ContainerBuilder $container): void
    {
        foreach ($container->findTaggedServiceIds(UrlNormalizeExtension::HTTP_CLIENT_TAG) as $id => $tags) {
            $client = (string) $tags[0]['client'];
            if (!$container->has($client)) {
                throw new InvalidArgumentException($client === 'http_client'
                    ? 'url_normalize.http_client is enabled, but there is no "http_client" service: enable'
                        . ' framework.http_client (or define the service yourself)'
                    : sprintf('url_normalize.http_client.scoped_clients names "%s", which is not a service:'
                        . ' declare it under framework.http_client.scoped_clients', $client));
            }
            $decorator = $container->getDefinition($id);
            if ($client !== 'http_client') {
                $decorator->replaceArgument(2, self::scopedBaseUri($container, $client));
            }
            $decorator->replaceArgument(3, self::maxRedirects($container, $client));
            $decorator->clearTag(UrlNormalizeExtension::HTTP_CLIENT_TAG);
        }
    }

    /**
     * The base URI of the scoped client $client: its own definition's (FrameworkBundle 5.4 to
     * 7.3), or that of the ScopingHttpClient that decorates it (7.4 and later declare the client
     * as a transport, `$client.scoping` decorating it).
     */
    private static function scopedBaseUri(ContainerBuilder $container, string $client): mixed
    {
        $baseUri = self::baseUri($container->findDefinition($client));
        if ($baseUri !== null) {
            return $baseUri;
        }
        foreach ($container->getDefinitions() as $definition) {
            if (($definition->getDecoratedService()[0] ?? null) === $client) {
                $baseUri = self::baseUri($definition);
                if ($baseUri !== null) {
                    return $baseUri;
                }
            }
        }
        return null;
    }

    /**
     * The max_redirects that FrameworkBundle gives the client: the scoped client's own (on its
     * definition up to FrameworkBundle 7.3, on the ScopingHttpClient decorating it from 7.4),
     * else framework.http_client.default_options'; null when none sets it (Symfony's 20). An
     * integer, or a parameter or env placeholder that the container resolves when it builds
     * the decorator.
     */
    private static function maxRedirects(ContainerBuilder $container, string $client): int|string|null
    {
        $definitions = array_filter(
            $container->getDefinitions(),
            static fn (Definition $definition): bool => ($definition->getDecoratedService()[0] ?? null) === $client
        );
        $definitions[] = $container->findDefinition($client);
        if ($client !== 'http_client' && $container->has('http_client')) {
            $definitions[] = $container->findDefinition('http_client');
        }
        foreach ($definitions as $definition) {
            $options = self::options($container, $definition);
            $maxRedirects = $options['max_redirects'] ?? null;
            if (is_int($maxRedirects) || is_string($maxRedirects)) {
                return $maxRedirects;
            }
        }
        return null;
    }

    /**
     * The options FrameworkBundle declares a client with: HttpClient::create()'s first
     * argument for http_client (Symfony 5.4; on 6.4 http_client is `current()` of
     * http_client.transport, which has them), ScopingHttpClient::forBaseUri()'s third, or the
     * default scope's options of a client with a `scope`.
     *
     * @return array<mixed>
     */
    private static function options(ContainerBuilder $container, Definition $definition): array
    {
        $arguments = $definition->getArguments();
        $factory = $definition->getFactory();
        $first = is_array($arguments[0] ?? null) ? ($arguments[0][0] ?? null) : null;
        if ($factory === 'current' && $first instanceof Reference && $container->has((string) $first)) {
            return self::options($container, $container->findDefinition((string) $first));
        }
        $factoryClass = is_array($factory) && is_string($factory[0] ?? null) ? $factory[0] : '';
        $options = match (true) {
            is_array($factory) && $factory[1] === 'create' && is_a($factoryClass, HttpClient::class, true)
                => $arguments[0] ?? null,
            is_array($factory) && $factory[1] === 'forBaseUri' && is_a($factoryClass, ScopingHttpClient::class, true)
                => $arguments[2] ?? null,
            is_a((string) $definition->getClass(), ScopingHttpClient::class, true) && is_string($arguments[2] ?? null)
                => $arguments[1][$arguments[2]] ?? null,
            default => null,
        };
        return is_array($options) ? $options : [];
    }

    /**
     * The base URI of a scoped client as FrameworkBundle declares it: the second argument of
     * ScopingHttpClient::forBaseUri(), or the base_uri of the default scope of a client with
     * a `scope`. Null for a client of another kind, whose relative URLs then fail.
     */
    private static function baseUri(Definition $definition): mixed
    {
        $arguments = $definition->getArguments();
        $factory = $definition->getFactory();
        $factoryClass = is_array($factory) && is_string($factory[0] ?? null) ? $factory[0] : '';
        if (is_array($factory) && $factory[1] === 'forBaseUri' && is_a($factoryClass, ScopingHttpClient::class, true)) {
            return $arguments[1] ?? null;
        }
        if (is_a((string) $definition->getClass(), ScopingHttpClient::class, true)) {
            $defaultScope = $arguments[2] ?? null;
            return is_string($defaultScope) ? ($arguments[1][$defaultScope]['base_uri'] ?? null) : null;
        }
        return null;
    }
}
