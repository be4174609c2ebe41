<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Tests;

use Symfony\Component\Config\Definition\ArrayNode;
use Symfony\Component\Config\Definition\Exception\InvalidConfigurationException;
use Symfony\Component\Config\Definition\PrototypedArrayNode;
use Symfony\Component\DependencyInjection\Exception\InvalidArgumentException;
use UrlNormalize\Bundle\DependencyInjection\Configuration;
use UrlNormalize\Bundle\Tests\Support\KernelTestCase;
use UrlNormalize\Bundle\Tests\Support\RecordingLogger;
use UrlNormalize\UrlNormalizer;

/**
 * The `url_normalize` config tree: every option reaches the normalizer; a wrong key, type or
 * value stops the kernel's container from compiling, with a message naming the path; and the
 * tree's options are exactly the extension's, so that neither can drift from the other.
 */
final class ConfigurationTest extends KernelTestCase
{
    /**
     * Each option, set on a named normalizer in a booted kernel, changes what that normalizer
     * does, and the same call on a normalizer without the option gives something else.
     *
     * @dataProvider options
     * @param array<string, mixed> $options
     * @param \Closure(UrlNormalizer, RecordingLogger): mixed $probe
     */
    public function testEachOptionReachesTheNormalizer(array $options, \Closure $probe, mixed $expected): void
    {
        $kernel = $this->bootKernel(['url_normalize' => ['normalizers' => ['probe' => $options]]]);
        $container = self::testContainer($kernel);
        $logger = $container->get('logger');
        \assert($logger instanceof RecordingLogger);
        $configured = $container->get('url_normalize.normalizer.probe');
        \assert($configured instanceof UrlNormalizer);

        $this->assertSame($expected, $probe($configured, $logger));
        $this->assertNotSame($expected, $probe(new UrlNormalizer(new RecordingLogger()), new RecordingLogger()));
    }

    /**
     * One case per option of the extension.
     *
     * @return iterable<string, array{array<string, mixed>, \Closure(UrlNormalizer, RecordingLogger): mixed, mixed}>
     */
    public static function options(): iterable
    {
        $valid = static fn (string $url): \Closure => static fn (UrlNormalizer $n): bool => $n->explain($url)['valid'];
        $canonical = static fn (string $url, int $flags): \Closure
            => static fn (UrlNormalizer $n): string => $n->canonicalize($url, $flags);
        yield 'strict' => [['strict' => true], static function (UrlNormalizer $n): string {
            try {
                return $n->normalize('https://exa mple.com/');
            } catch (\InvalidArgumentException $e) {
                return $e::class;
            }
        }, \UrlNormalize\InvalidUrlException::class];
        yield 'default_scheme' => [['default_scheme' => 'http'],
            static fn (UrlNormalizer $n): string => $n->normalize('example.com/x'), 'http://example.com/x'];
        yield 'directory_indexes' => [['directory_indexes' => ['start\.html?']],
            $canonical('https://a.com/a/start.htm', UrlNormalizer::REMOVE_DIRECTORY_INDEX), 'https://a.com/a/'];
        yield 'extra_directory_indexes' => [['extra_directory_indexes' => ['MyDirIndex\.html']],
            $canonical('https://a.com/MyDirIndex.html', UrlNormalizer::REMOVE_DIRECTORY_INDEX), 'https://a.com/'];
        yield 'tracking_parameters' => [['tracking_parameters' => ['ref']],
            $canonical('https://a.com/?ref=x&utm_source=y', UrlNormalizer::REMOVE_TRACKING_PARAMETERS),
            'https://a.com/?utm_source=y'];
        yield 'tracking_parameters: [] removes none' => [['tracking_parameters' => []],
            $canonical('https://a.com/?utm_source=y', UrlNormalizer::REMOVE_TRACKING_PARAMETERS),
            'https://a.com/?utm_source=y'];
        yield 'extra_tracking_parameters' => [['extra_tracking_parameters' => ['ref', 'spm*']],
            $canonical('https://a.com/?ref=x&spm_id=2&id=1', UrlNormalizer::REMOVE_TRACKING_PARAMETERS),
            'https://a.com/?id=1'];
        yield 'remove_query_parameters' => [['remove_query_parameters' => ['page*']],
            $canonical('https://a.com/?pageSize=5&q=x', 0), 'https://a.com/?q=x'];
        yield 'allowed_schemes' => [['allowed_schemes' => ['https']], $valid('http://example.com/'), false];
        yield 'allowed_hosts' => [['allowed_hosts' => ['example.com']], $valid('https://evil.example/'), false];
        yield 'block_private_hosts' => [['block_private_hosts' => true], $valid('http://0x7f.1/'), false];
        yield 'max_length' => [['max_length' => 20], $valid('https://example.com/abcdef'), false];
        yield 'public_suffixes' => [['public_suffixes' => 'icann'],
            static fn (UrlNormalizer $n): ?string => $n->registrableDomain('https://a.github.io/'), 'github.io'];
        yield 'log_credentials' => [['log_credentials' => true],
            static function (UrlNormalizer $n, RecordingLogger $logger): string {
                $n->normalize('HTTPS://joe:s3cret@a.com/');
                return (string) ($logger->records[0]['context']['original'] ?? '');
            }, 'HTTPS://joe:s3cret@a.com/'];
    }

    /**
     * A wrong key, type or value: the container does not compile, and the message names the
     * path (and, for the checks the extension makes, gives its reason).
     *
     * @dataProvider invalidConfigs
     * @param array<string, array<string, mixed>> $config
     * @param class-string<\Throwable> $exception
     */
    public function testAnInvalidConfigStopsTheCompilationNamingThePath(
        array $config,
        string $exception,
        string $message
    ): void {
        $this->expectException($exception);
        $this->expectExceptionMessage($message);
        $this->bootKernel($config);
    }

    /**
     * Each kind of mistake, with the message it gives.
     *
     * @return iterable<string, array{array<string, array<string, mixed>>, class-string<\Throwable>, string}>
     */
    public static function invalidConfigs(): iterable
    {
        $invalid = InvalidConfigurationException::class;
        $default = static fn (array $options): array => ['url_normalize' => ['default' => $options]];
        $named = static fn (array $options): array
            => ['url_normalize' => ['normalizers' => ['strict_api' => $options]]];
        yield 'unknown key' => [$default(['stict' => true]), $invalid,
            'Unrecognized option "stict" under "url_normalize.default"'];
        yield 'unknown key of a named normalizer' => [$named(['allowed_scheme' => ['https']]), $invalid,
            'Unrecognized option "allowed_scheme" under "url_normalize.normalizers.strict_api"'];
        yield 'bool' => [$default(['strict' => 'yes']), $invalid,
            'Invalid type for path "url_normalize.default.strict". Expected "bool", but got "string".'];
        yield 'list' => [$default(['allowed_schemes' => 'https']), $invalid,
            'Invalid configuration for path "url_normalize.default.allowed_schemes": Expected a list of strings,'
                . ' got "https"'];
        yield 'list of strings' => [$named(['allowed_hosts' => ['example.com', 7]]), $invalid,
            'Invalid configuration for path "url_normalize.normalizers.strict_api.allowed_hosts": Expected a list of'
                . ' strings'];
        yield 'int' => [$default(['max_length' => 'long']), $invalid,
            'Invalid type for path "url_normalize.default.max_length". Expected "int", but got "string".'];
        yield 'int at least 1' => [$default(['max_length' => 0]), $invalid,
            'The value 0 is too small for path "url_normalize.default.max_length". Should be greater than or equal'
                . ' to 1'];
        yield 'scheme' => [$default(['default_scheme' => 'gopher']), $invalid,
            'The value "gopher" is not allowed for path "url_normalize.default.default_scheme". Permissible values:'
                . ' "http", "https", "ws", "wss", "ftp"'];
        yield 'public_suffixes' => [$default(['public_suffixes' => 'private']), $invalid,
            'The value "private" is not allowed for path "url_normalize.default.public_suffixes"'];
        yield 'regular expression (the extension checks it)' => [$named(['directory_indexes' => ['index(']]), $invalid,
            'Invalid configuration for path "url_normalize.normalizers.strict_api.directory_indexes": Option'
                . ' `directory_indexes` has an invalid regular expression'];
        yield 'host pattern (the extension checks it)' => [$default(['allowed_hosts' => ['https://example.com']]),
            $invalid, 'Invalid configuration for path "url_normalize.default.allowed_hosts": Option `allowed_hosts`'
                . ' lists `https://example.com`'];
        yield 'default_scheme outside allowed_schemes (the extension checks it)' => [
            $default(['allowed_schemes' => ['ftp']]), $invalid,
            'Invalid configuration for path "url_normalize.default.allowed_schemes": Option `allowed_schemes` (ftp)'
                . ' does not list `https`, the default scheme given to URLs that have none'];
        yield 'empty allowed_schemes (the extension checks it)' => [$default(['allowed_schemes' => []]), $invalid,
            'Invalid configuration for path "url_normalize.default.allowed_schemes": Option `allowed_schemes` must'
                . ' list at least one scheme'];
        yield 'a normalizer named default' => [['url_normalize' => ['normalizers' => ['default' => []]]], $invalid,
            'Invalid configuration for path "url_normalize.normalizers": "default" names'
                . ' url_normalize.default'];
        yield 'a name that is no argument name' => [['url_normalize' => ['normalizers' => ['2nd' => []]]], $invalid,
            'Invalid configuration for path "url_normalize.normalizers": A normalizer name is a letter followed by'];
        yield 'logger' => [['url_normalize' => ['logger' => '']], $invalid,
            'Invalid configuration for path "url_normalize.logger": Expected a service id'];
        yield 'http_client.normalizer' => [
            [
                'url_normalize' => ['http_client' => ['normalizer' => 'strict_api']],
                'framework' => ['http_client' => true],
            ],
            $invalid, 'Invalid configuration for path "url_normalize.http_client.normalizer": there is no normalizer'
                . ' named "strict_api"; the configured ones are: default'];
        yield 'scoped client normalizer' => [['url_normalize' => [
            'http_client' => ['scoped_clients' => ['crawler.client' => ['normalizer' => 'nope']]],
        ], 'framework' => ['http_client' => true]], $invalid,
            'Invalid configuration for path "url_normalize.http_client.scoped_clients.crawler.client.normalizer":'
                . ' there is no normalizer named "nope"'];
        yield 'http_client without framework.http_client' => [['url_normalize' => ['http_client' => true]],
            InvalidArgumentException::class, 'url_normalize.http_client is enabled, but there is no "http_client"'
                . ' service: enable framework.http_client'];
        yield 'a scoped client that does not exist' => [
            ['url_normalize' => ['http_client' => ['scoped_clients' => ['crawler.client']]],
                'framework' => ['http_client' => true]],
            InvalidArgumentException::class, 'url_normalize.http_client.scoped_clients names "crawler.client", which'
                . ' is not a service: declare it under framework.http_client.scoped_clients'];
    }

    public function testAnOptionLeftOutIsLeftOutOfTheOptions(): void
    {
        // A list not given is not given as []: the extension's own defaults apply (any scheme;
        // the built-in tracking parameters), and `~` is "not set" too.
        $kernel = $this->bootKernel(['url_normalize' => ['default' => ['strict' => true, 'allowed_schemes' => null]]]);
        $normalizer = self::testContainer($kernel)->get(UrlNormalizer::class);
        \assert($normalizer instanceof UrlNormalizer);

        $this->assertSame('ftp://example.com/', $normalizer->normalize('FTP://example.com/'));
        $this->assertSame('https://example.com/?id=1', $normalizer->canonicalize(
            'https://example.com/?utm_source=x&id=1',
            UrlNormalizer::REMOVE_TRACKING_PARAMETERS
        ));
    }

    public function testTheTreeHasExactlyTheOptionsTheExtensionAccepts(): void
    {
        // The extension names every option it knows when it refuses an unknown one.
        try {
            new UrlNormalizer(null, ['no_such_option' => true]);
            $this->fail('an unknown option must be refused');
        } catch (\InvalidArgumentException $e) {
            $this->assertSame(1, preg_match('/known options: ([a-z_, ]+)$/', $e->getMessage(), $match));
            $extension = explode(', ', $match[1]);
        }
        sort($extension);

        $tree = (new Configuration())->getConfigTreeBuilder()->buildTree();
        \assert($tree instanceof ArrayNode);
        $default = $tree->getChildren()['default'];
        $normalizers = $tree->getChildren()['normalizers'];
        \assert($default instanceof ArrayNode && $normalizers instanceof PrototypedArrayNode);
        $prototype = $normalizers->getPrototype();
        \assert($prototype instanceof ArrayNode);
        foreach (['default' => $default, 'normalizers.*' => $prototype] as $path => $node) {
            $keys = array_keys($node->getChildren());
            sort($keys);
            $this->assertSame($extension, $keys, "url_normalize.$path");
        }
        $declared = array_keys(Configuration::OPTIONS);
        sort($declared);
        $this->assertSame($extension, $declared);
    }

    public function testTheStubDocumentsTheSameOptionsWithTheSameTypes(): void
    {
        $stub = (string) file_get_contents(dirname(__DIR__, 2) . '/stubs/url_normalize.stub.php');
        $this->assertSame(1, preg_match('/@param array\{(.*?)\} \$options/s', $stub, $match));
        $shape = (string) preg_replace('/\s*\*\s*/', ' ', $match[1]);
        $documented = [];
        foreach (preg_split('/,\s*(?=[a-z_]+\?:)/', $shape) ?: [] as $entry) {
            [$key, $type] = array_map('trim', explode('?:', $entry, 2));
            $documented[$key] = $type;
        }
        $kinds = ['bool' => 'bool', 'int' => 'positive-int', 'list' => 'list<string>',
            'non_empty_list' => 'non-empty-list<string>', 'scheme' => "'http'|'https'|'ws'|'wss'|'ftp'",
            'public_suffixes' => "'all'|'icann'"];
        $this->assertSame(
            $documented,
            array_map(static fn (string $kind): string => $kinds[$kind], Configuration::OPTIONS)
        );
    }
}
