<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Tests\Support;

use Symfony\Bundle\FrameworkBundle\FrameworkBundle;
use Symfony\Bundle\FrameworkBundle\Kernel\MicroKernelTrait;
use Symfony\Component\DependencyInjection\Loader\Configurator\ContainerConfigurator;
use Symfony\Component\HttpFoundation\Request;
use Symfony\Component\HttpFoundation\Response;
use Symfony\Component\HttpKernel\Bundle\BundleInterface;
use Symfony\Component\HttpKernel\Kernel;
use Symfony\Component\Routing\Loader\Configurator\RoutingConfigurator;
use UrlNormalize\Bundle\UrlNormalizeBundle;
use UrlNormalize\UrlNormalizer;

/**
 * A real Symfony kernel (MicroKernelTrait) with FrameworkBundle, this bundle, the bundles a
 * test adds (TwigBundle) and the config it gives, in a cache folder of its own that
 * removeCache() deletes. FrameworkBundle's optional components are off unless the config
 * turns them on, so that "the bundle alone" is the bundle alone.
 *
 * Its `logger` service is a RecordingLogger; `test.counting_logger` a CountingLogger.
 *
 * Two routes exercise autowiring in controllers and laziness: /untouched uses no normalizer,
 * /strict?url=… takes `UrlNormalizer $strictApiNormalizer` as a controller argument.
 */
final class TestKernel extends Kernel
{
    use MicroKernelTrait;

    private string $cacheRoot;

    /**
     * @param array<string, array<string, mixed>> $extensions config by extension alias
     *                                                         (url_normalize, framework, twig)
     * @param list<BundleInterface> $extraBundles the bundles beside FrameworkBundle and this one
     * @param (\Closure(ContainerConfigurator): void)|null $services more services
     * @param string|null $cacheRoot the folder of its cache and logs; null: a new one
     */
    public function __construct(
        private readonly array $extensions = [],
        private readonly array $extraBundles = [],
        private readonly ?\Closure $services = null,
        ?string $cacheRoot = null,
    ) {
        parent::__construct('test', false);
        $this->cacheRoot = $cacheRoot ?? sys_get_temp_dir() . '/url-normalize-bundle-test-' . bin2hex(random_bytes(8));
    }

    /**
     * FrameworkBundle, this bundle, and the test's bundles.
     *
     * @return iterable<BundleInterface>
     */
    public function registerBundles(): iterable
    {
        yield new FrameworkBundle();
        yield new UrlNormalizeBundle();
        yield from $this->extraBundles;
    }

    /**
     * This folder: the kernel reads no file of its own.
     */
    public function getProjectDir(): string
    {
        return __DIR__;
    }

    /**
     * In the kernel's own temporary folder.
     */
    public function getCacheDir(): string
    {
        return $this->cacheRoot . '/cache';
    }

    /**
     * In the kernel's own temporary folder.
     */
    public function getLogDir(): string
    {
        return $this->cacheRoot . '/log';
    }

    /**
     * Shuts the kernel down and deletes its cache folder.
     */
    public function removeCache(): void
    {
        $this->shutdown();
        if (!is_dir($this->cacheRoot)) {
            return;
        }
        $entries = new \RecursiveIteratorIterator(
            new \RecursiveDirectoryIterator($this->cacheRoot, \FilesystemIterator::SKIP_DOTS),
            \RecursiveIteratorIterator::CHILD_FIRST
        );
        foreach ($entries as $entry) {
            \assert($entry instanceof \SplFileInfo);
            $entry->isDir() && !$entry->isLink() ? rmdir($entry->getPathname()) : unlink($entry->getPathname());
        }
        rmdir($this->cacheRoot);
    }

    /**
     * The response of a GET request to $uri, from the kernel itself.
     */
    public function get(string $uri): Response
    {
        return $this->handle(Request::create($uri));
    }

    /**
     * Controller of /untouched: no normalizer.
     */
    public function untouched(): Response
    {
        return new Response('untouched');
    }

    /**
     * Controller of /strict: the url_normalize.normalizers.strict_api normalizer, autowired by
     * argument name as a controller argument.
     */
    public function strict(Request $request, UrlNormalizer $strictApiNormalizer): Response
    {
        return new Response($strictApiNormalizer->normalize((string) $request->query->get('url')));
    }

    /**
     * FrameworkBundle with only what a test turns on, then the test's config and services.
     */
    protected function configureContainer(ContainerConfigurator $container): void
    {
        $framework = [
            'secret' => 'url-normalize-test',
            'test' => true,
            'http_method_override' => false,
            'router' => ['utf8' => true],
            'http_client' => ['enabled' => false],
            'validation' => ['enabled' => false],
            'translator' => ['enabled' => false],
        ];
        if (self::MAJOR_VERSION >= 6) {
            // Symfony 6.4 deprecates leaving it unset; 5.4 does not know it.
            $framework['handle_all_throwables'] = true;
        }
        $container->extension('framework', array_replace_recursive($framework, $this->extensions['framework'] ?? []));
        foreach ($this->extensions as $alias => $config) {
            if ($alias !== 'framework') {
                $container->extension($alias, $config);
            }
        }
        // The `logger` the normalizers take by default, and a counting one for laziness tests.
        $container->services()
            ->set('logger', RecordingLogger::class)->public()
            ->set('test.counting_logger', CountingLogger::class)->share(false);
        if ($this->services !== null) {
            ($this->services)($container);
        }
    }

    /**
     * The two routes, served by the kernel's own methods (MicroKernelTrait makes it a service).
     */
    protected function configureRoutes(RoutingConfigurator $routes): void
    {
        $routes->add('untouched', '/untouched')->controller('kernel::untouched');
        $routes->add('strict', '/strict')->controller('kernel::strict');
    }
}
