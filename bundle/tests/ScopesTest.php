<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Tests;

use Symfony\Bundle\TwigBundle\TwigBundle;
use Symfony\Component\Config\Definition\Exception\InvalidConfigurationException;
use Symfony\Component\DependencyInjection\Loader\Configurator\ContainerConfigurator;
use Twig\Environment;
use Twig\Error\RuntimeError;
use UrlNormalize\Bundle\ScopeLocator;
use UrlNormalize\Bundle\Tests\Support\AutowiredScopes;
use UrlNormalize\Bundle\Tests\Support\KernelTestCase;
use UrlNormalize\CrawlScope;

/**
 * url_normalize.scopes: one CrawlScope service per name, autowired by argument name, checked
 * when the container compiles, and the Twig test url_in_scope.
 */
final class ScopesTest extends KernelTestCase
{
    private const CONFIG = [
        'url_normalize' => [
            'scopes' => [
                'docs' => [
                    'include' => [
                        'site:example.com',
                        ['pattern' => '/docs/*', 'baseUrl' => 'https://docs.example.org', 'ignoreCase' => true],
                    ],
                    'exclude' => ['pattern:https://*.example.com/private/*'],
                ],
                'shop' => ['include' => ['host:shop.コーヒー.jp']],
            ],
        ],
    ];

    public function testEachScopeIsAutowiredByArgumentName(): void
    {
        $scopes = $this->autowired(self::CONFIG);
        $this->assertTrue($scopes->docsScope->contains('https://www.example.com/a'));
        $this->assertTrue($scopes->docsScope->contains('https://docs.example.org/DOCS/intro'));
        $this->assertFalse($scopes->docsScope->contains('https://www.example.com/private/x'));
        $this->assertTrue($scopes->shopScope->contains('https://shop.xn--tck2c4fb.jp/beans'));
        $this->assertFalse($scopes->shopScope->contains('https://www.example.com/a'));
        $this->assertSame($scopes->docsScope, $scopes->scopes->get('docs'));
        $this->assertSame(['docs', 'shop'], $scopes->scopes->names());
    }

    public function testTheServicesArePrivateCrawlScopes(): void
    {
        $kernel = $this->bootKernel(self::CONFIG, [], self::autowiring());
        $this->assertFalse($kernel->getContainer()->has('url_normalize.scope.docs'));
        $scopes = self::testContainer($kernel)->get(AutowiredScopes::class);
        \assert($scopes instanceof AutowiredScopes);
        $this->assertInstanceOf(CrawlScope::class, $scopes->shopScope);
    }

    public function testAnEntryTheExtensionRefusesIsAConfigurationError(): void
    {
        $this->expectException(InvalidConfigurationException::class);
        $this->expectExceptionMessage('Invalid configuration for path "url_normalize.scopes.docs": A scope entry'
            . ' starts with its kind');
        $this->bootKernel(['url_normalize' => ['scopes' => ['docs' => ['include' => ['example.com']]]]]);
    }

    public function testABadPatternIsAConfigurationError(): void
    {
        $this->expectException(InvalidConfigurationException::class);
        $this->expectExceptionMessage('"url_normalize.scopes.docs": Invalid URL pattern `https://a/(`');
        $this->bootKernel(['url_normalize' => ['scopes' => ['docs' => ['include' => ['pattern:https://a/(']]]]]);
    }

    public function testIncludeIsRequiredAndAListOfEntries(): void
    {
        $this->expectException(InvalidConfigurationException::class);
        $this->expectExceptionMessage('Expected a list of entries');
        $this->bootKernel(['url_normalize' => ['scopes' => ['docs' => ['include' => 'site:example.com']]]]);
    }

    public function testTheTwigTestUrlInScope(): void
    {
        $twig = $this->twig(self::CONFIG);
        $template = "{{ url is url_in_scope('docs') ? 'in' : 'out' }}";
        $this->assertSame('in', $twig->createTemplate($template)->render(['url' => 'https://example.com/']));
        $this->assertSame(
            'out',
            $twig->createTemplate($template)->render(['url' => 'https://www.example.com/private/x'])
        );
        $this->assertSame('out', $twig->createTemplate($template)->render(['url' => 'not a url']));
        $this->assertSame('out', $twig->createTemplate($template)->render(['url' => null]));
    }

    public function testTheOnlyScopeNeedsNoName(): void
    {
        $twig = $this->twig(['url_normalize' => ['scopes' => ['shop' => ['include' => ['host:shop.example.com']]]]]);
        $this->assertSame('yes', $twig->createTemplate("{{ 'https://shop.example.com/a' is url_in_scope ? 'yes' }}")
            ->render());
    }

    public function testAnUnknownOrMissingScopeNameIsATemplateError(): void
    {
        $twig = $this->twig(self::CONFIG);
        try {
            $twig->createTemplate("{{ 'https://a.com/' is url_in_scope ? 'x' }}")->render();
            $this->fail('two scopes and no name');
        } catch (RuntimeError $e) {
            $this->assertStringContainsString(
                'Name the url_normalize scope; the configured ones are: docs, shop',
                $e->getMessage()
            );
        }
        $this->expectException(RuntimeError::class);
        $this->expectExceptionMessage(
            'There is no url_normalize scope named "blog"; the configured ones are: docs, shop'
        );
        $twig->createTemplate("{{ 'https://a.com/' is url_in_scope('blog') ? 'x' }}")->render();
    }

    public function testWithoutScopesTheLocatorIsEmpty(): void
    {
        $kernel = $this->bootKernel([], [], static function (ContainerConfigurator $container): void {
            $container->services()->alias('test.scope_locator', ScopeLocator::class)->public();
        });
        $locator = $kernel->getContainer()->get('test.scope_locator');
        $this->assertInstanceOf(ScopeLocator::class, $locator);
        $this->assertSame([], $locator->names());
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('Name the url_normalize scope; the configured ones are: none');
        $locator->get();
    }

    /**
     * @param array<string, array<string, mixed>> $config
     */
    private function autowired(array $config): AutowiredScopes
    {
        $kernel = $this->bootKernel($config, [], self::autowiring());
        $scopes = self::testContainer($kernel)->get(AutowiredScopes::class);
        \assert($scopes instanceof AutowiredScopes);
        return $scopes;
    }

    /**
     * @param array<string, array<string, mixed>> $config
     */
    private function twig(array $config): Environment
    {
        $kernel = $this->bootKernel($config + ['twig' => ['strict_variables' => true]], [new TwigBundle()]);
        $twig = self::testContainer($kernel)->get('twig');
        \assert($twig instanceof Environment);
        return $twig;
    }

    private static function autowiring(): \Closure
    {
        return static function (ContainerConfigurator $container): void {
            $container->services()->set(AutowiredScopes::class)->autowire()->public();
        };
    }
}
