<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\DependencyInjection;

use Symfony\Component\Config\Definition\Builder\ArrayNodeDefinition;
use Symfony\Component\Config\Definition\Builder\NodeBuilder;
use Symfony\Component\Config\Definition\Builder\NodeDefinition;
use Symfony\Component\Config\Definition\Builder\TreeBuilder;
use Symfony\Component\Config\Definition\ConfigurationInterface;

/**
 * The `url_normalize` config tree (config/packages/url_normalize.yaml).
 *
 * Each normalizer's node has exactly the options UrlNormalizer::__construct() accepts, typed as
 * it types them; an option left out is left out of the options array too, so the extension's
 * own default applies (several defaults, such as "any scheme", have no value to write down).
 * What the types cannot say (a regular expression that does not compile, a default_scheme
 * outside allowed_schemes) the extension checks when it loads the config, by constructing
 * each normalizer once.
 */
final class Configuration implements ConfigurationInterface
{
    /** The option keys and kinds of UrlNormalizer::__construct(), in the stub's order. */
    public const OPTIONS = [
        'strict' => 'bool',
        'default_scheme' => 'scheme',
        'directory_indexes' => 'list',
        'extra_directory_indexes' => 'list',
        'tracking_parameters' => 'list',
        'extra_tracking_parameters' => 'list',
        'remove_query_parameters' => 'list',
        'allowed_schemes' => 'non_empty_list',
        'allowed_hosts' => 'non_empty_list',
        'block_private_hosts' => 'bool',
        'max_length' => 'int',
        'public_suffixes' => 'public_suffixes',
        'log_credentials' => 'bool',
    ];

    /** The name of the instance configured under `default`; the other names are free. */
    public const DEFAULT_NAME = 'default';

    private const OPTION_INFO = [
        'strict' => 'Throw InvalidUrlException instead of returning an invalid URL unchanged with a logged'
            . ' warning. Default: false',
        'default_scheme' => 'The scheme given to an input that has none. Default: https',
        'directory_indexes' => 'Regular expressions replacing REMOVE_DIRECTORY_INDEX\'s list (whole last'
            . ' path segment, case-insensitive). Default: URL::Normalize\'s twelve',
        'extra_directory_indexes' => 'Regular expressions added to that list',
        'tracking_parameters' => 'Names or * globs replacing REMOVE_TRACKING_PARAMETERS\'s list. Default:'
            . ' utm_*, fbclid, gclid and the others docs/api.md lists',
        'extra_tracking_parameters' => 'Names or * globs added to that list',
        'remove_query_parameters' => 'Names or * globs removed by every canonicalize(), fingerprint()'
            . ' and surt(), whatever the flags',
        'allowed_schemes' => 'A URL with another scheme is invalid in every method. Default: any scheme',
        'allowed_hosts' => 'Hosts (example.com, *.example.com); a URL with another host, or none, is'
            . ' invalid. Default: any host',
        'block_private_hosts' => 'A URL whose host is localhost or a loopback, private, link-local or'
            . ' reserved address, in any form, is invalid. Default: false',
        'max_length' => 'A longer input, in bytes, is invalid. Default: 2097152 (2 MiB)',
        'public_suffixes' => 'The Public Suffix List sections registrableDomain(), publicSuffix() and'
            . ' sameSite() use: all (with private domains such as github.io) or icann. Default: all',
        'log_credentials' => 'Show a URL\'s password in log records and exception messages instead of'
            . ' ***. Default: false',
    ];

    private const LIST_EXAMPLES = [
        'directory_indexes' => ['index\.html?', 'default\.aspx'],
        'extra_directory_indexes' => ['start\.html?'],
        'tracking_parameters' => ['utm_*', 'fbclid'],
        'extra_tracking_parameters' => ['ref', 'spm*'],
        'remove_query_parameters' => ['page*', 'sort'],
        'allowed_schemes' => ['http', 'https'],
        'allowed_hosts' => ['example.com', '*.example.com'],
    ];

    /**
     * The tree, with the options node twice: `default` and each of `normalizers`.
     */
    public function getConfigTreeBuilder(): TreeBuilder
    {
        $treeBuilder = new TreeBuilder('url_normalize');
        $root = $treeBuilder->getRootNode();
        $children = $root->children();

        $children->scalarNode('logger')
            ->info('The PSR-3 logger service every normalizer logs to; null: the "logger" service when'
                . ' there is one; false: none')
            ->example('monolog.logger.crawler')
            ->defaultNull()
            ->beforeNormalization()
                ->ifString()
                ->then(static fn (string $id): string => ltrim($id, '@'))
            ->end()
            ->validate()
                ->ifTrue(static fn (mixed $logger): bool => !($logger === null || $logger === false
                    || (is_string($logger) && $logger !== '')))
                ->thenInvalid('Expected a service id, null (the "logger" service when there is one) or false'
                    . ' (no logger), got %s')
            ->end();

        $default = $children->arrayNode(self::DEFAULT_NAME)
            ->info('The options of the default normalizer, UrlNormalize\UrlNormalizer (autowired by type)')
            ->addDefaultsIfNotSet();
        self::addOptions($default);

        $normalizers = $children->arrayNode('normalizers')
            ->info('Further normalizers by name, each the service url_normalize.normalizer.NAME, autowired'
                . ' as UrlNormalizer $nameNormalizer (strict_api: $strictApiNormalizer)')
            ->useAttributeAsKey('name')
            ->validate()
                ->ifTrue(static fn (array $normalizers): bool => isset($normalizers[self::DEFAULT_NAME]))
                ->thenInvalid('"default" names url_normalize.default; give this normalizer another name: %s')
            ->end()
            ->validate()
                ->ifTrue(static fn (array $normalizers): bool => array_filter(
                    array_keys($normalizers),
                    static fn (int|string $name): bool => preg_match('/^[a-z][a-z0-9_]*$/i', (string) $name) !== 1
                ) !== [])
                ->thenInvalid('A normalizer name is a letter followed by letters, digits and underscores: %s')
            ->end()
            ->arrayPrototype();
        self::addOptions($normalizers);

        $children->arrayNode('scopes')
            ->info('Crawl scopes by name, each the service url_normalize.scope.NAME (UrlNormalize\CrawlScope),'
                . ' autowired as CrawlScope $nameScope, and the Twig test url_in_scope(\'NAME\')')
            ->example([
                'docs' => ['include' => ['site:example.com'], 'exclude' => ['pattern:https://*.example.com/*.pdf']],
            ])
            ->useAttributeAsKey('name')
            ->validate()
                ->ifTrue(static fn (array $scopes): bool => array_filter(
                    array_keys($scopes),
                    static fn (int|string $name): bool => preg_match('/^[a-z][a-z0-9_]*$/i', (string) $name) !== 1
                ) !== [])
                ->thenInvalid('A scope name is a letter followed by letters, digits and underscores: %s')
            ->end()
            ->arrayPrototype()
                ->children()
                    ->variableNode('include')
                        ->info('The entries a URL must match one of: pattern:, site:, host: or prefix: strings, or'
                            . ' arrays such as { pattern: /docs/*, baseUrl: https://docs.example.org }')
                        ->isRequired()
                        ->validate()
                            ->ifTrue(static fn (mixed $entries): bool => !self::isListOfEntries($entries))
                            ->thenInvalid('Expected a list of entries (strings or arrays), got %s')
                        ->end()
                    ->end()
                    ->variableNode('exclude')
                        ->info('The entries no URL of the scope may match; exclude wins')
                        ->defaultValue([])
                        ->validate()
                            ->ifTrue(static fn (mixed $entries): bool => !self::isListOfEntries($entries))
                            ->thenInvalid('Expected a list of entries (strings or arrays), got %s')
                        ->end()
                    ->end()
                ->end()
            ->end()
        ->end();

        $children->arrayNode('http_client')
            ->info('Decorate the http_client service with NormalizingHttpClient, which resolves and normalizes'
                . ' every request\'s URL')
            ->canBeEnabled()
            ->children()
                ->scalarNode('normalizer')
                    ->info('The normalizer that normalizes each request\'s URL')
                    ->defaultValue(self::DEFAULT_NAME)
                    ->cannotBeEmpty()
                ->end()
                ->arrayNode('scoped_clients')
                    ->info('Scoped clients (framework.http_client.scoped_clients) decorated too, each resolving a'
                        . ' relative URL against its base_uri with UrlNormalizer::resolve(): a list of ids, or'
                        . ' id: { normalizer: NAME }')
                    ->example(['crawler.client', 'api.client'])
                    ->normalizeKeys(false)
                    ->useAttributeAsKey('client')
                    ->beforeNormalization()
                        ->always(static fn (mixed $clients): mixed => self::scopedClientsAsMap($clients))
                    ->end()
                    ->arrayPrototype()
                        ->children()
                            ->scalarNode('normalizer')
                                ->info('null: http_client.normalizer')
                                ->defaultNull()
                            ->end()
                        ->end()
                    ->end()
                ->end()
            ->end();

        return $treeBuilder;
    }

    /**
     * A list of client ids (the short form) as the map the tree holds: id => [].
     */
    private static function scopedClientsAsMap(mixed $clients): mixed
    {
        if (!is_array($clients)) {
            return $clients;
        }
        $map = [];
        foreach ($clients as $key => $value) {
            if (is_int($key) && is_string($value)) {
                $map[$value] = [];
            } else {
                $map[$key] = $value;
            }
        }
        return $map;
    }

    /**
     * The extension's options, as children of $node, none with a default value.
     */
    private static function addOptions(ArrayNodeDefinition $node): void
    {
        $options = $node->children();
        foreach (self::OPTIONS as $name => $kind) {
            self::addOption($options, $name, $kind)->info(self::OPTION_INFO[$name]);
        }
    }

    /**
     * One option's node: the type the extension requires, and nothing else.
     */
    private static function addOption(NodeBuilder $options, string $name, string $kind): NodeDefinition
    {
        return match ($kind) {
            'bool' => $options->booleanNode($name),
            'int' => $options->integerNode($name)->min(1),
            'scheme' => $options->enumNode($name)->values(['http', 'https', 'ws', 'wss', 'ftp']),
            'public_suffixes' => $options->enumNode($name)->values(['all', 'icann']),
            // A variable node, not a prototyped array: a prototyped array always has a value
            // ([] when not set), and [] is not "not set" here (tracking_parameters: [] removes
            // none). Null (`~`) is "not set".
            'list', 'non_empty_list' => $options->variableNode($name)
                ->example(self::LIST_EXAMPLES[$name])
                ->validate()
                    ->ifTrue(static fn (mixed $list): bool => $list !== null && !self::isListOfStrings($list))
                    ->thenInvalid('Expected a list of strings, got %s')
                ->end(),
        };
    }

    /**
     * Whether $value is a list of scope entries: strings, or arrays (whose keys CrawlScope
     * checks when the extension loads the config).
     */
    private static function isListOfEntries(mixed $value): bool
    {
        return is_array($value) && array_is_list($value)
            && array_filter($value, static fn (mixed $item): bool => !is_string($item) && !is_array($item)) === [];
    }

    /**
     * Whether $value is a list (keys 0..n-1) of strings.
     */
    private static function isListOfStrings(mixed $value): bool
    {
        return is_array($value) && array_is_list($value)
            && array_filter($value, static fn (mixed $item): bool => !is_string($item)) === [];
    }
}
