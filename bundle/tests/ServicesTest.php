<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Tests;

use Symfony\Component\DependencyInjection\Loader\Configurator\ContainerConfigurator;
use UrlNormalize\Bundle\NormalizerLocator;
use UrlNormalize\Bundle\Tests\Support\AutowiredServices;
use UrlNormalize\Bundle\Tests\Support\CountingLogger;
use UrlNormalize\Bundle\Tests\Support\KernelTestCase;
use UrlNormalize\Bundle\Tests\Support\RecordingLogger;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlNormalizer;

/**
 * The bundle alone in a kernel (FrameworkBundle without Twig, Validator or HttpClient): the
 * configured normalizers as private services, autowired by type and by argument name, with
 * their options and logger, constructed only when something uses them.
 */
final class ServicesTest extends KernelTestCase
{
    private const CONFIG = [
        'url_normalize' => [
            'default' => ['allowed_schemes' => ['http', 'https']],
            'normalizers' => [
                'strict_api' => ['strict' => true, 'allowed_schemes' => ['https']],
                'icann' => ['public_suffixes' => 'icann'],
            ],
        ],
    ];

    public function testTheDefaultNormalizerIsAutowiredByTypeWithItsOptions(): void
    {
        $services = $this->autowired(self::CONFIG);

        $this->assertSame('https://xn--tck2c4fb.jp/caf%C3%A9', $services->urlNormalizer->normalize('コーヒー.jp/café'));
        // allowed_schemes reached it: ftp is refused (lenient: returned as given).
        $this->assertFalse($services->urlNormalizer->explain('ftp://example.com/')['valid']);
        $this->assertTrue((new UrlNormalizer())->explain('ftp://example.com/')['valid']);
        $this->assertSame($services->urlNormalizer, $services->defaultNormalizer, 'one default instance');
    }

    public function testTheInterfaceIsAutowiredAsTheClassIs(): void
    {
        $services = $this->autowired(self::CONFIG);

        $this->assertSame($services->urlNormalizer, $services->byInterface, 'the default normalizer');
        $this->assertSame($services->strictApiNormalizer, $services->strictApiByInterface, 'a named one');
    }

    public function testEachNamedNormalizerIsAutowiredByArgumentName(): void
    {
        $services = $this->autowired(self::CONFIG);

        $this->assertNotSame($services->urlNormalizer, $services->strictApiNormalizer);
        $this->expectException(InvalidUrlException::class);
        $this->expectExceptionMessage('http://example.com/');
        $services->strictApiNormalizer->normalize('http://example.com/');
    }

    public function testTheServiceIdsAndTheLocatorGiveTheSameInstances(): void
    {
        $kernel = $this->bootKernel(self::CONFIG, [], self::autowiring());
        $container = self::testContainer($kernel);
        $services = $container->get(AutowiredServices::class);
        \assert($services instanceof AutowiredServices);

        $this->assertSame($services->strictApiNormalizer, $container->get('url_normalize.normalizer.strict_api'));
        $this->assertSame($services->urlNormalizer, $container->get('url_normalize.normalizer.default'));
        $this->assertSame($services->urlNormalizer, $container->get(UrlNormalizer::class));
        $this->assertSame($services->strictApiNormalizer, $services->normalizers->get('strict_api'));
        $this->assertSame($services->urlNormalizer, $services->normalizers->get());
        $this->assertSame(['default', 'strict_api', 'icann'], $services->normalizers->names());
        $this->assertSame('github.io', $services->normalizers->get('icann')->registrableDomain('https://a.github.io/'));
        $this->assertSame('a.github.io', $services->normalizers->get()->registrableDomain('https://a.github.io/'));
    }

    public function testAnUnknownNameThroughTheLocatorNamesTheConfiguredOnes(): void
    {
        $services = $this->autowired(self::CONFIG);

        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('There is no url_normalize normalizer named "strictapi"; the configured ones are:'
            . ' default, strict_api, icann');
        $services->normalizers->get('strictapi');
    }

    public function testTheNormalizersArePrivate(): void
    {
        $kernel = $this->bootKernel(self::CONFIG);
        $container = $kernel->getContainer();

        $ids = [UrlNormalizer::class, 'url_normalize.normalizer.default', 'url_normalize.normalizer.strict_api'];
        foreach ($ids as $id) {
            $this->assertFalse($container->has($id), "$id is private");
        }
        $this->assertTrue(self::testContainer($kernel)->has('url_normalize.normalizer.strict_api'));
    }

    public function testARequestThatUsesNoNormalizerConstructsNone(): void
    {
        CountingLogger::$constructed = 0;
        $config = self::CONFIG;
        $config['url_normalize']['logger'] = 'test.counting_logger';
        $kernel = $this->bootKernel($config);

        $this->assertSame('untouched', $kernel->get('/untouched')->getContent());
        $this->assertSame(0, CountingLogger::$constructed, 'no normalizer constructed');

        // A controller that takes $strictApiNormalizer constructs that one, and only it.
        $response = $kernel->get('/strict?url=' . rawurlencode('https://コーヒー.jp/café'));
        $this->assertSame('https://xn--tck2c4fb.jp/caf%C3%A9', $response->getContent());
        $this->assertSame(1, CountingLogger::$constructed);
        $kernel->get('/strict?url=https://example.com/');
        $this->assertSame(1, CountingLogger::$constructed, 'shared: constructed once');
    }

    public function testTheNormalizersLogToTheLoggerServiceByDefault(): void
    {
        $kernel = $this->bootKernel(self::CONFIG, [], self::autowiring());
        $services = self::testContainer($kernel)->get(AutowiredServices::class);
        \assert($services instanceof AutowiredServices);

        $services->urlNormalizer->normalize('https://faß.de/');
        $this->assertSame([[
            'level' => 'debug',
            'message' => 'URL normalized for HTTP request',
            'context' => ['original' => 'https://faß.de/', 'normalized' => 'https://xn--fa-hia.de/'],
        ]], $this->logger($kernel)->records);
    }

    public function testTheLoggerOptionNamesAnotherServiceOrNone(): void
    {
        $config = self::CONFIG;
        $config['url_normalize']['logger'] = '@test.other_logger';
        $other = static function (ContainerConfigurator $container): void {
            $container->services()->set('test.other_logger', RecordingLogger::class)->public();
        };
        $kernel = $this->bootKernel($config, [], self::autowiring($other));
        self::testContainer($kernel)->get('url_normalize.normalizer.default')->normalize('https://faß.de/');
        $otherLogger = self::testContainer($kernel)->get('test.other_logger');
        \assert($otherLogger instanceof RecordingLogger);
        $this->assertCount(1, $otherLogger->records);
        $this->assertSame([], $this->logger($kernel)->records);

        $config['url_normalize']['logger'] = false;
        $kernel = $this->bootKernel($config, [], self::autowiring());
        self::testContainer($kernel)->get('url_normalize.normalizer.default')->normalize('https://faß.de/');
        $this->assertSame([], $this->logger($kernel)->records);
    }

    public function testTheBundleAloneRegistersNoIntegrationOfAMissingComponent(): void
    {
        // FrameworkBundle without TwigBundle, validation or http_client: the kernel boots, and
        // the integrations that need them are gone from the container.
        $kernel = $this->bootKernel(self::CONFIG);
        $container = self::testContainer($kernel);

        foreach (['url_normalize.twig.extension', 'url_normalize.twig.runtime', 'url_normalize.http_client'] as $id) {
            $this->assertFalse($container->has($id), "$id");
        }
        $this->assertFalse($container->has('validator'));
        $this->assertFalse($container->has('twig'));
        $this->assertInstanceOf(NormalizerLocator::class, $container->get(NormalizerLocator::class));
    }

    /**
     * AutowiredServices from a kernel with $config.
     *
     * @param array<string, array<string, mixed>> $config
     */
    private function autowired(array $config): AutowiredServices
    {
        $kernel = $this->bootKernel($config, [], self::autowiring());
        $services = self::testContainer($kernel)->get(AutowiredServices::class);
        \assert($services instanceof AutowiredServices);
        return $services;
    }

    /**
     * The services of a kernel that autowires AutowiredServices, then $more.
     *
     * @param (\Closure(ContainerConfigurator): void)|null $more
     * @return \Closure(ContainerConfigurator): void
     */
    private static function autowiring(?\Closure $more = null): \Closure
    {
        return static function (ContainerConfigurator $container) use ($more): void {
            $container->services()->set(AutowiredServices::class)->autowire()->public();
            if ($more !== null) {
                $more($container);
            }
        };
    }

    /**
     * The kernel's `logger` service.
     */
    private function logger(\UrlNormalize\Bundle\Tests\Support\TestKernel $kernel): RecordingLogger
    {
        $logger = self::testContainer($kernel)->get('logger');
        \assert($logger instanceof RecordingLogger);
        return $logger;
    }
}
