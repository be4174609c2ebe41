<?php

declare(strict_types=1);

namespace App\Crawl;

/**
 * The crawl state that goes with Messenger's transport: the same Redis as a `redis://` DSN,
 * memory for anything else (the embedded default, `sync://`).
 */
final class CrawlStateFactory
{
    /**
     * @param string $transportDsn MESSENGER_TRANSPORT_DSN
     */
    public static function create(string $transportDsn): CrawlState
    {
        if (!str_starts_with($transportDsn, 'redis://')) {
            return new InMemoryCrawlState();
        }
        $parts = parse_url($transportDsn);
        if ($parts === false || !isset($parts['host'])) {
            throw new \InvalidArgumentException("Not a Redis DSN: $transportDsn");
        }
        $stream = explode('/', trim($parts['path'] ?? '', '/'))[0] ?: 'messages';
        return new RedisCrawlState($parts['host'], $parts['port'] ?? 6379, "$stream:");
    }
}
