<?php

declare(strict_types=1);

namespace App\Message;

/**
 * One page to crawl (app:crawler:dispatch sends the seeds, workers the links they find).
 *
 * The message is sent once per page: its key (the URL's 128-bit fingerprint) won the crawl's
 * seen-set. Its id is derived from the sender's id and the key, so a message sent again by a
 * redelivered sender carries the same id, and the crawl API's record tells a redelivery from
 * a second page fetch.
 */
final class CrawlUrl
{
    /**
     * @param string $url the URL as stored (a seed) or as resolved from the page that links it
     * @param int $depth links followed from a seed (0 for a seed)
     * @param string $key UrlNormalizer::fingerprint($url, null, 128), the page's key
     * @param string $id this message's id, sent to the crawl API as X-Crawl-Message
     * @param int|null $crawlUrlId the crawl_url row of a seed (links get a row when fetched)
     * @param string $href a link's href as the page wrote it (its crawl_url row's label)
     */
    public function __construct(
        public readonly string $url,
        public readonly int $depth,
        public readonly string $key,
        public readonly string $id,
        public readonly ?int $crawlUrlId = null,
        public readonly string $href = '',
    ) {
    }
}
