<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Tests\Support;

use PHPUnit\Framework\TestCase;
use Symfony\Component\DependencyInjection\ContainerInterface;
use Symfony\Component\DependencyInjection\Loader\Configurator\ContainerConfigurator;
use Symfony\Component\HttpKernel\Bundle\BundleInterface;

/**
 * Boots TestKernels and deletes them after each test. Named KernelTestCase after Symfony's,
 * which it replaces here: that one boots a single kernel class from the environment.
 */
abstract class KernelTestCase extends TestCase
{
    /** @var list<TestKernel> */
    private array $kernels = [];

    /**
     * Deletes the kernels the test booted.
     */
    protected function tearDown(): void
    {
        foreach ($this->kernels as $kernel) {
            $kernel->removeCache();
        }
        $this->kernels = [];
    }

    /**
     * A booted kernel with that config.
     *
     * @param array<string, array<string, mixed>> $extensions config by extension alias
     * @param list<BundleInterface> $bundles the bundles beside FrameworkBundle and this one
     * @param (\Closure(ContainerConfigurator): void)|null $services more services
     */
    protected function bootKernel(array $extensions = [], array $bundles = [], ?\Closure $services = null): TestKernel
    {
        $kernel = new TestKernel($extensions, $bundles, $services);
        $this->kernels[] = $kernel;
        $kernel->boot();
        return $kernel;
    }

    /**
     * The test container of a booted kernel (framework.test), which holds the private services
     * that are used somewhere.
     */
    protected static function testContainer(TestKernel $kernel): ContainerInterface
    {
        $container = $kernel->getContainer()->get('test.service_container');
        \assert($container instanceof ContainerInterface);
        return $container;
    }
}
