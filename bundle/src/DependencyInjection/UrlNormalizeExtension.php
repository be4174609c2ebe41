<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\DependencyInjection;

use Composer\InstalledVersions;
use Symfony\Component\Config\Definition\Exception\InvalidConfigurationException;
use Symfony\Component\Config\FileLocator;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\DependencyInjection\Compiler\ServiceLocatorTagPass;
use Symfony\Component\DependencyInjection\ContainerBuilder;
use Symfony\Component\DependencyInjection\ContainerInterface;
use Symfony\Component\DependencyInjection\Exception\LogicException;
use Symfony\Component\DependencyInjection\Extension\Extension;
use Symfony\Component\DependencyInjection\Loader\PhpFileLoader;
use Symfony\Component\DependencyInjection\Reference;
use Symfony\Component\Validator\ConstraintValidator;
use Symfony\Component\HttpClient\Response\AsyncResponse;
use Twig\Extension\AbstractExtension;
use UrlNormalize\Bundle\HttpClient\NormalizingHttpClient;
use UrlNormalize\CrawlScope;
use UrlNormalize\InvalidOptionException;
use UrlNormalize\UrlNormalizer;
use UrlNormalize\UrlNormalizerInterface;

/**
 * Loads the `url_normalize` config: one private UrlNormalizer service per configured
 * normalizer, autowirable by type (the default one) and by argument name (all of them), and
 * each integration whose component is installed (Twig, Validator, Console; HttpClient when
 * url_normalize.http_client is enabled).
 */
final class UrlNormalizeExtension extends Extension
{
    /** The service id of the normalizer named NAME is this prefix followed by NAME. */
    public const SERVICE_PREFIX = 'url_normalize.normalizer.';

    /** The service id of the crawl scope named NAME is this prefix followed by NAME. */
    public const SCOPE_PREFIX = 'url_normalize.scope.';

    /** The tag of the HttpClient decorators, which HttpClientPass completes. */
    public const HTTP_CLIENT_TAG = 'url_normalize.http_client';

    /** The packages the integrations' classes come from, for ContainerBuilder::willBeAvailable(). */
    private const PARENT_PACKAGES = ['url-normalize/url-normalize-bundle'];

    /**
     * The container compiles without the url_normalize PHP extension loaded (the Composer stage
     * of a multi-stage Docker build, which runs cache:clear, often lacks it): the options are then
     * checked when a normalizer is first constructed, where the extension is loaded.
     *
     * @param array<array<string, mixed>> $configs the url_normalize configs, one per file
     * @throws InvalidConfigurationException for an option the extension refuses, naming its path
     *                                       (when the extension is loaded)
     * @throws LogicException when url_normalize.http_client is enabled without symfony/http-client
     */
    public function load(array $configs, ContainerBuilder $container): void
    {
        /** @var array{logger: string|false|null, default: array<string, mixed>,
         *     normalizers: array<string, array<string, mixed>>,
         *     scopes: array<string, array{include: list<mixed>, exclude: list<mixed>}>,
         *     http_client: array{enabled: bool, normalizer: string,
         *     scoped_clients: array<string, array{normalizer: ?string}>}} $config */
        $config = $this->processConfiguration(new Configuration(), $configs);
        $loader = new PhpFileLoader($container, new FileLocator(\dirname(__DIR__, 2) . '/config'));

        $this->registerNormalizers($config, $container, $loader);
        $this->registerScopes($config['scopes'], $container, $loader);
        if (self::willBeAvailable('twig/twig', AbstractExtension::class)) {
            $loader->load('twig.php');
        }
        if (self::willBeAvailable('symfony/validator', ConstraintValidator::class)) {
            $loader->load('validator.php');
        }
        if (self::willBeAvailable('symfony/console', Command::class)) {
            $loader->load('console.php');
        }
        if ($this->isConfigEnabled($container, $config['http_client'])) {
            $this->registerHttpClients($config['http_client'], array_keys($config['normalizers']), $container);
        }
    }

    /**
     * The service id of the normalizer named $name.
     */
    public static function serviceId(string $name): string
    {
        return self::SERVICE_PREFIX . $name;
    }

    /**
     * Whether $class exists and stays in a `composer install --no-dev` of the application.
     * Without Composer 2's runtime API (packages installed by other means, such as Debian's),
     * whether the class exists: ContainerBuilder::willBeAvailable() deprecates that case (5.4)
     * or throws (6.x).
     */
    private static function willBeAvailable(string $package, string $class): bool
    {
        if (!class_exists(InstalledVersions::class)) {
            return class_exists($class) || interface_exists($class);
        }
        return ContainerBuilder::willBeAvailable($package, $class, self::PARENT_PACKAGES);
    }

    /**
     * The normalizers, their aliases and the locator that the integrations read them from.
     *
     * @param array{logger: string|false|null, default: array<string, mixed>,
     *     normalizers: array<string, array<string, mixed>>} $config
     */
    private function registerNormalizers(array $config, ContainerBuilder $container, PhpFileLoader $loader): void
    {
        $logger = match (true) {
            $config['logger'] === false => null,
            $config['logger'] === null => new Reference('logger', ContainerInterface::NULL_ON_INVALID_REFERENCE),
            default => new Reference($config['logger']),
        };
        $instances = [Configuration::DEFAULT_NAME => $config['default']] + $config['normalizers'];
        $references = [];
        foreach ($instances as $name => $options) {
            $name = (string) $name;
            $path = $name === Configuration::DEFAULT_NAME
                ? 'url_normalize.default'
                : "url_normalize.normalizers.$name";
            $id = self::serviceId($name);
            $container->register($id, UrlNormalizer::class)
                ->setArguments([$logger, self::checkedOptions($options, $path)])
                ->setPublic(false);
            $container->registerAliasForArgument($id, UrlNormalizer::class, "$name normalizer");
            $container->registerAliasForArgument($id, UrlNormalizerInterface::class, "$name normalizer");
            $references[$name] = new Reference($id);
        }
        $default = self::serviceId(Configuration::DEFAULT_NAME);
        $container->setAlias(UrlNormalizer::class, $default)->setPublic(false);
        $container->setAlias(UrlNormalizerInterface::class, $default)->setPublic(false);

        $loader->load('normalizers.php');
        $container->getDefinition('url_normalize.normalizer_locator')
            ->setArguments([ServiceLocatorTagPass::register($container, $references), array_keys($references)]);
    }

    /**
     * One private CrawlScope service per configured scope, autowirable as `CrawlScope
     * $nameScope`, and the locator the Twig test reads them from. Each scope is constructed
     * once here, so that an entry the extension refuses is a compile-time error naming its
     * path, not an error at the first request. Without the extension loaded, the entries are
     * left to that first construction.
     *
     * @param array<string, array{include: list<mixed>, exclude: list<mixed>}> $scopes
     * @throws InvalidConfigurationException for an entry CrawlScope refuses
     */
    private function registerScopes(array $scopes, ContainerBuilder $container, PhpFileLoader $loader): void
    {
        $references = [];
        foreach ($scopes as $name => $scope) {
            $name = (string) $name;
            try {
                if (extension_loaded('url_normalize')) {
                    new CrawlScope($scope['include'], $scope['exclude']);
                }
            } catch (\InvalidArgumentException $e) {
                throw new InvalidConfigurationException(
                    sprintf('Invalid configuration for path "url_normalize.scopes.%s": %s', $name, $e->getMessage()),
                    0,
                    $e
                );
            }
            $id = self::SCOPE_PREFIX . $name;
            $container->register($id, CrawlScope::class)
                ->setArguments([$scope['include'], $scope['exclude']])
                ->setPublic(false);
            $container->registerAliasForArgument($id, CrawlScope::class, "$name scope");
            $references[$name] = new Reference($id);
        }
        $loader->load('scopes.php');
        $container->getDefinition('url_normalize.scope_locator')
            ->setArguments([ServiceLocatorTagPass::register($container, $references), array_keys($references)]);
    }

    /**
     * The options of one normalizer as the extension takes them: those set, and only if the
     * extension accepts them. Constructing the normalizer here is what turns the checks that no
     * type can express (a regular expression, default_scheme against allowed_schemes, a host
     * pattern) into a compile-time error instead of one at the first request. Without the
     * extension loaded, they are left to that first construction.
     *
     * @param array<string, mixed> $options the node's value
     * @param string $path the node's path, for the message
     * @return array<string, mixed>
     * @throws InvalidConfigurationException naming the path of the refused option
     */
    private static function checkedOptions(array $options, string $path): array
    {
        $options = array_filter($options, static fn (mixed $value): bool => $value !== null);
        if (!extension_loaded('url_normalize')) {
            // Checked by the constructor at first use, in a PHP that has the extension.
            return $options;
        }
        try {
            new UrlNormalizer(null, $options);
        } catch (InvalidOptionException $e) {
            $key = $e->getOptionKey();
            if ($key !== null && isset(Configuration::OPTIONS[$key])) {
                $path .= '.' . $key;
            }
            throw new InvalidConfigurationException(
                sprintf('Invalid configuration for path "%s": %s', $path, $e->getMessage()),
                0,
                $e
            );
        }
        return $options;
    }

    /**
     * One NormalizingHttpClient decorator for http_client and one for each listed scoped
     * client; HttpClientPass checks that the clients exist, gives scoped ones their base URI and
     * each its max_redirects.
     *
     * @param array{normalizer: string, scoped_clients: array<string, array{normalizer: ?string}>} $config
     * @param list<string|int> $names the names under url_normalize.normalizers
     * @throws InvalidConfigurationException for a normalizer name that is not configured
     * @throws LogicException without symfony/http-client
     */
    private function registerHttpClients(array $config, array $names, ContainerBuilder $container): void
    {
        if (!class_exists(AsyncResponse::class)) {
            throw new LogicException('url_normalize.http_client is enabled, but symfony/http-client is not'
                . ' installed: composer require symfony/http-client');
        }
        $known = array_merge([Configuration::DEFAULT_NAME], array_map('strval', $names));
        $clients = ['http_client' => [$config['normalizer'], 'url_normalize.http_client.normalizer']];
        foreach ($config['scoped_clients'] as $client => $scoped) {
            $clients[(string) $client] = $scoped['normalizer'] === null
                ? [$config['normalizer'], 'url_normalize.http_client.normalizer']
                : [$scoped['normalizer'], "url_normalize.http_client.scoped_clients.$client.normalizer"];
        }
        foreach ($clients as $client => [$normalizer, $path]) {
            if (!in_array($normalizer, $known, true)) {
                throw new InvalidConfigurationException(sprintf(
                    'Invalid configuration for path "%s": there is no normalizer named "%s"; the configured'
                        . ' ones are: %s',
                    $path,
                    $normalizer,
                    implode(', ', $known)
                ));
            }
            $id = $client === 'http_client' ? 'url_normalize.http_client' : "url_normalize.http_client.$client";
            $container->register($id, NormalizingHttpClient::class)
                ->setDecoratedService($client)
                ->setArguments([new Reference("$id.inner"), new Reference(self::serviceId($normalizer)), null, null])
                ->addTag(self::HTTP_CLIENT_TAG, ['client' => $client]);
        }
    }
}
