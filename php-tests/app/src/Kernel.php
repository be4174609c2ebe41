<?php

declare(strict_types=1);

namespace App;

use Symfony\Component\Config\FileLocator;
use Symfony\Component\DependencyInjection\ContainerBuilder;
use Symfony\Component\DependencyInjection\Loader\YamlFileLoader;

/**
 * Builds the app's service container from config/services.yaml, as a Symfony kernel does
 * (without the HTTP kernel and bundles, which this app does not use).
 */
final class Kernel
{
    /**
     * @param array{database_path: string, spider_api_url: string, crawl4ai_api_url: string, log_file: string} $settings
     */
    public static function container(array $settings): ContainerBuilder
    {
        $container = new ContainerBuilder();
        $container->setParameter('app.database_path', $settings['database_path']);
        $container->setParameter('app.log_file', $settings['log_file']);
        $container->setParameter('crawler.spider.api_url', $settings['spider_api_url']);
        $container->setParameter('crawler.spider.api_token', 'spider-test-token');
        $container->setParameter('crawler.crawl4ai.api_url', $settings['crawl4ai_api_url']);
        $container->setParameter('crawler.crawl4ai.api_token', 'crawl4ai-test-token');
        (new YamlFileLoader($container, new FileLocator(__DIR__ . '/../config')))->load('services.yaml');
        $container->compile();
        return $container;
    }

    /**
     * The settings from the environment, for bin/console.
     *
     * @return array{database_path: string, spider_api_url: string, crawl4ai_api_url: string, log_file: string}
     */
    public static function settingsFromEnvironment(): array
    {
        $api = rtrim((string) getenv('CRAWL_API_URL'), '/');
        return [
            'database_path' => (string) getenv('CRAWLER_DATABASE'),
            'spider_api_url' => "$api/spider/crawl",
            'crawl4ai_api_url' => "$api/crawl4ai/crawl",
            'log_file' => getenv('CRAWLER_LOG') ?: 'php://stderr',
        ];
    }
}
