<?php

declare(strict_types=1);

namespace App;

use Symfony\Bundle\FrameworkBundle\Kernel\MicroKernelTrait;
use Symfony\Component\DependencyInjection\ContainerInterface;
use Symfony\Component\DependencyInjection\Loader\Configurator\ContainerConfigurator;
use Symfony\Component\HttpKernel\Bundle\BundleInterface;
use Symfony\Component\HttpKernel\Kernel as BaseKernel;
use Symfony\Component\Routing\Loader\Configurator\RoutingConfigurator;

/**
 * The crawler app's Symfony kernel (MicroKernelTrait): the bundles of config/bundles.php,
 * config/packages/*.yaml (FrameworkBundle, the url_normalize bundle) and config/services.yaml,
 * with the settings (database, crawl API URLs, log file) as container parameters.
 *
 * Its compiled container lives in the system's temporary folder, one per set of settings and
 * version of the app's and the bundle's files (the kernel runs without debug, which would
 * otherwise notice changes): removeCache() deletes it.
 */
final class Kernel extends BaseKernel
{
    use MicroKernelTrait;

    /**
     * @param array{database_path: string, spider_api_url: string, crawl4ai_api_url: string,
     *     log_file: string} $settings
     */
    public function __construct(private readonly array $settings)
    {
        parent::__construct('crawler', false);
    }

    /**
     * The container of a booted kernel with these settings.
     *
     * @param array{database_path: string, spider_api_url: string, crawl4ai_api_url: string,
     *     log_file: string} $settings
     */
    public static function container(array $settings): ContainerInterface
    {
        $kernel = new self($settings);
        $kernel->boot();
        return $kernel->getContainer();
    }

    /**
     * The settings from the environment, for bin/console.
     *
     * @return array{database_path: string, spider_api_url: string, crawl4ai_api_url: string, log_file: string}
     */
    public static function settingsFromEnvironment(): array
    {
        return self::settings(
            (string) getenv('CRAWLER_DATABASE'),
            (string) getenv('CRAWL_API_URL'),
            getenv('CRAWLER_LOG') ?: 'php://stderr'
        );
    }

    /**
     * The settings of an app with that database, crawl API (base URL) and log file.
     *
     * @return array{database_path: string, spider_api_url: string, crawl4ai_api_url: string, log_file: string}
     */
    public static function settings(string $databasePath, string $crawlApiUrl, string $logFile): array
    {
        $api = rtrim($crawlApiUrl, '/');
        return [
            'database_path' => $databasePath,
            'spider_api_url' => "$api/spider/crawl",
            'crawl4ai_api_url' => "$api/crawl4ai/crawl",
            'log_file' => $logFile,
        ];
    }

    /**
     * The bundles of config/bundles.php.
     *
     * @return iterable<BundleInterface>
     */
    public function registerBundles(): iterable
    {
        /** @var array<class-string<BundleInterface>, array<string, bool>> $bundles */
        $bundles = require $this->getProjectDir() . '/config/bundles.php';
        foreach ($bundles as $class => $environments) {
            if ($environments['all'] ?? $environments[$this->environment] ?? false) {
                yield new $class();
            }
        }
    }

    /**
     * php-tests/app.
     */
    public function getProjectDir(): string
    {
        return \dirname(__DIR__);
    }

    /**
     * The compiled container's folder: see the class comment.
     */
    public function getCacheDir(): string
    {
        return $this->varDir() . '/cache';
    }

    /**
     * Beside the cache (the app logs to its own log file, not here).
     */
    public function getLogDir(): string
    {
        return $this->varDir() . '/log';
    }

    /**
     * Shuts the kernel down and deletes its folder in the temporary folder.
     */
    public function removeCache(): void
    {
        $this->shutdown();
        $dir = $this->varDir();
        if (!is_dir($dir)) {
            return;
        }
        $entries = new \RecursiveIteratorIterator(
            new \RecursiveDirectoryIterator($dir, \FilesystemIterator::SKIP_DOTS),
            \RecursiveIteratorIterator::CHILD_FIRST
        );
        foreach ($entries as $entry) {
            \assert($entry instanceof \SplFileInfo);
            $entry->isDir() && !$entry->isLink() ? rmdir($entry->getPathname()) : unlink($entry->getPathname());
        }
        rmdir($dir);
    }

    /**
     * The settings as parameters, then the config files.
     */
    protected function configureContainer(ContainerConfigurator $container): void
    {
        $container->parameters()
            ->set('app.database_path', $this->settings['database_path'])
            ->set('app.log_file', $this->settings['log_file'])
            ->set('crawler.spider.api_url', $this->settings['spider_api_url'])
            ->set('crawler.spider.api_token', 'spider-test-token')
            ->set('crawler.crawl4ai.api_url', $this->settings['crawl4ai_api_url'])
            ->set('crawler.crawl4ai.api_token', 'crawl4ai-test-token');
        $container->import('../config/packages/*.yaml');
        $container->import('../config/services.yaml');
    }

    /**
     * None: the app is a console app.
     */
    protected function configureRoutes(RoutingConfigurator $routes): void
    {
    }

    /**
     * The kernel's folder under the temporary folder, named after the settings and the files
     * the container is built from.
     */
    private function varDir(): string
    {
        $files = [];
        $app = $this->getProjectDir();
        $roots = ["$app/config", "$app/src", \dirname($app, 2) . '/bundle'];
        foreach ($roots as $root) {
            $tree = new \RecursiveDirectoryIterator($root, \FilesystemIterator::SKIP_DOTS);
            foreach (new \RecursiveIteratorIterator($tree) as $file) {
                \assert($file instanceof \SplFileInfo);
                $files[$file->getPathname()] = $file->getMTime();
            }
        }
        ksort($files);
        $key = md5(serialize([$this->settings, $files]));
        return sys_get_temp_dir() . '/url-normalize-crawler-app-' . $key;
    }
}
