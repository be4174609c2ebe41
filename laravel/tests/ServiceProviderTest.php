<?php

declare(strict_types=1);

namespace UrlNormalize\Laravel\Tests;

use Monolog\Handler\TestHandler;
use UrlNormalize\InvalidOptionException;
use UrlNormalize\Laravel\Facades\UrlNormalizers;
use UrlNormalize\Laravel\InvalidConfigurationException;
use UrlNormalize\Laravel\NormalizerManager;
use UrlNormalize\Laravel\Tests\Support\LaravelTestCase;
use UrlNormalize\Laravel\UrlNormalizeServiceProvider;
use UrlNormalize\UrlNormalizer;
use UrlNormalize\UrlNormalizerInterface;

/**
 * The provider, found by package discovery, and what it binds: the default normalizer, the
 * named ones, the logger.
 */
final class ServiceProviderTest extends LaravelTestCase
{
    public function testThePackageIsDiscoveredFromComposerJson(): void
    {
        $app = $this->bootApp();

        self::assertNotNull($app->getProvider(UrlNormalizeServiceProvider::class), 'registered by package discovery');
        self::assertTrue($app->providerIsLoaded(UrlNormalizeServiceProvider::class));
        $manifest = require $app->getCachedPackagesPath();
        self::assertSame(
            [
                'providers' => [UrlNormalizeServiceProvider::class],
                'aliases' => ['UrlNormalizers' => UrlNormalizers::class],
            ],
            $manifest['url-normalize/url-normalize-laravel']
        );
        // The facade's alias, from extra.laravel.aliases.
        self::assertTrue(class_exists('UrlNormalizers'));
        self::assertSame(['default'], \UrlNormalizers::names());
    }

    public function testTheDefaultNormalizerIsASingletonUnderBothNames(): void
    {
        $app = $this->bootApp(['url-normalize' => ['default' => [
            'strict' => true,
            'allowed_schemes' => ['https'],
            'max_length' => null,
        ]]]);

        $normalizer = $app->make(UrlNormalizer::class);
        self::assertInstanceOf(UrlNormalizer::class, $normalizer);
        self::assertSame($normalizer, $app->make(UrlNormalizer::class));
        self::assertSame($normalizer, $app->make(UrlNormalizerInterface::class));
        self::assertSame($normalizer, $app->make('url-normalize')->normalizer());
        self::assertSame($normalizer, UrlNormalizers::get('default'));

        $options = $normalizer->getOptions();
        self::assertTrue($options['strict']);
        self::assertSame(['https'], $options['allowed_schemes']);
        // null: the extension's default.
        self::assertSame(2097152, $options['max_length']);
        self::assertSame(
            'https://xn--bcher-kva.example/a%20b',
            $normalizer->normalize('HTTPS://Bücher.example:443/a b')
        );
    }

    public function testThePackageConfigAppliesWithoutAConfigFile(): void
    {
        $app = $this->bootApp();

        $options = $app->make(UrlNormalizerInterface::class)->getOptions();
        self::assertFalse($options['strict']);
        self::assertFalse($options['block_private_hosts']);
        self::assertArrayNotHasKey('allowed_schemes', $options);
        self::assertFalse($app->make('config')->get('url-normalize.http_client.middleware'));
    }

    public function testNamedNormalizersAreResolvedByName(): void
    {
        $app = $this->bootApp(['url-normalize' => [
            'default' => ['strict' => false],
            'normalizers' => [
                'crawler' => ['strict' => true, 'block_private_hosts' => true, 'extra_tracking_parameters' => ['ref']],
                'api' => ['allowed_hosts' => ['api.example.com']],
            ],
        ]]);

        $manager = $app->make(NormalizerManager::class);
        self::assertSame($manager, $app->make('url-normalize'));
        self::assertSame(['default', 'crawler', 'api'], $manager->names());
        self::assertTrue($manager->has('crawler'));
        self::assertFalse($manager->has('other'));

        $crawler = UrlNormalizers::get('crawler');
        self::assertSame($crawler, $app->make('url-normalize')->normalizer('crawler'));
        self::assertNotSame($crawler, $manager->get());
        self::assertTrue($crawler->getOptions()['strict']);
        self::assertSame('https://a.com/?id=1', $crawler->canonicalize('https://a.com/?ref=x&id=1'));
        // A named normalizer does not inherit `default`: the tracking parameter list is its own.
        self::assertSame('https://a.com/?id=1&ref=x', $manager->get()->canonicalize('https://a.com/?ref=x&id=1'));
        $this->expectExceptionMessage('Cannot normalize `http://127.0.0.1/`');
        $crawler->normalize('http://127.0.0.1/');
    }

    public function testAnUnknownNameListsTheConfiguredOnes(): void
    {
        $this->bootApp(['url-normalize' => ['normalizers' => ['crawler' => []]]]);

        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage(
            'There is no url-normalize normalizer named "crawlr"; the configured ones are: default, crawler'
        );
        UrlNormalizers::get('crawlr');
    }

    public function testAWrongOptionNamesItsConfigKey(): void
    {
        $app = $this->bootApp(['url-normalize' => ['normalizers' => ['crawler' => ['stict' => true]]]]);

        // Booting constructs no normalizer: the default one is fine.
        self::assertInstanceOf(UrlNormalizer::class, $app->make(UrlNormalizer::class));
        try {
            UrlNormalizers::get('crawler');
            self::fail('an unknown option must be refused');
        } catch (InvalidConfigurationException $e) {
            self::assertStringStartsWith('Invalid config url-normalize.normalizers.crawler.stict: ', $e->getMessage());
            self::assertStringContainsString('did you mean `strict`?', $e->getMessage());
            self::assertInstanceOf(InvalidOptionException::class, $e->getPrevious());
        }
    }

    public function testANamedNormalizerCannotBeCalledDefault(): void
    {
        $this->bootApp(['url-normalize' => ['normalizers' => ['default' => ['strict' => true]]]]);

        $this->expectException(InvalidConfigurationException::class);
        $this->expectExceptionMessage('The config url-normalize.normalizers.default is never read');
        UrlNormalizers::get();
    }

    public function testTheLoggerIsTheChannelTheConfigNames(): void
    {
        $app = $this->bootApp([
            'url-normalize' => ['logger' => 'urls'],
            'logging' => ['channels' => [
                'urls' => ['driver' => 'monolog', 'handler' => TestHandler::class, 'level' => 'debug'],
            ]],
        ]);

        $app->make(UrlNormalizer::class)->normalize('HTTPS://Example.com');

        $records = self::handler($app, 'urls')->getRecords();
        self::assertCount(1, $records);
        self::assertSame('URL normalized for HTTP request', $records[0]['message']);
        self::assertSame(
            ['original' => 'HTTPS://Example.com', 'normalized' => 'https://example.com/'],
            $records[0]['context']
        );
    }

    public function testTrueIsTheApplicationsLoggerAndFalseNone(): void
    {
        $logging = ['default' => 'urls', 'channels' => [
            'urls' => ['driver' => 'monolog', 'handler' => TestHandler::class, 'level' => 'debug'],
        ]];
        $app = $this->bootApp(['url-normalize' => ['logger' => true], 'logging' => $logging]);
        $app->make(UrlNormalizer::class)->normalize('HTTPS://Example.com');
        self::assertCount(1, self::handler($app, 'urls')->getRecords());
        $this->tearDown();

        $app = $this->bootApp(['url-normalize' => ['logger' => false], 'logging' => $logging]);
        $app->make(UrlNormalizer::class)->normalize('HTTPS://Example.com');
        self::assertCount(0, self::handler($app, 'urls')->getRecords());
    }

    public function testALoggerOfAnotherTypeIsRefused(): void
    {
        $app = $this->bootApp(['url-normalize' => ['logger' => 42]]);

        $this->expectException(InvalidConfigurationException::class);
        $this->expectExceptionMessage(
            'The config url-normalize.logger must be false, true or the name of a log channel, int given'
        );
        $app->make(UrlNormalizer::class);
    }

    /**
     * The TestHandler of a log channel.
     */
    private static function handler(\Illuminate\Foundation\Application $app, string $channel): TestHandler
    {
        $handler = $app->make('log')->channel($channel)->getLogger()->getHandlers()[0];
        self::assertInstanceOf(TestHandler::class, $handler);
        return $handler;
    }
}
