<?php

declare(strict_types=1);

namespace App\Crawl;

use App\Message\CrawlUrl;

/**
 * What the crawl's workers share: the scope, the seen-set, progress and politeness. In Redis
 * for workers in several processes and machines (RedisCrawlState), in memory for the embedded
 * single process (InMemoryCrawlState, with Messenger's sync transport).
 */
interface CrawlState
{
    /**
     * Starts a crawl: forgets the previous one and records the scope.
     *
     * @param array<string, string> $scope site (registrable domain, or host without one) => its seed URL
     */
    public function reset(array $scope): void;

    /**
     * @return array<string, string> site => seed URL, as given to reset()
     */
    public function scope(): array;

    /**
     * The keys that $owner must dispatch: those it is the first to add to the seen-set (first
     * writer wins), and those it added before without marking them dispatched (the owner was
     * redelivered after it died between the two).
     *
     * @param string $owner the id of the message that found the links (or `dispatch`)
     * @param list<string> $keys fingerprints
     * @return list<string>
     */
    public function claim(string $owner, array $keys): array;

    /**
     * Records that the message for $key was sent.
     */
    public function markDispatched(string $key): void;

    /**
     * Records that the page of $key was handled (fetched, or given up).
     */
    public function markDone(string $key): void;

    /**
     * @return array{seen: int, done: int} the crawl is over when both are equal
     */
    public function progress(): array;

    /**
     * Keeps a message for app:crawler:dispatch to send after the current one, or says to send it
     * now (false). The embedded state keeps them: Messenger's sync transport handles a message
     * as it is sent, so sending a page's links at once would crawl depth first, and the depth
     * limit would cut pages that are near a seed by another path. Kept, they are sent in order,
     * breadth first, as workers on a queue take them.
     */
    public function defer(CrawlUrl $message): bool;

    /**
     * The next message defer() kept, first in first out; null when there is none.
     */
    public function nextDeferred(): ?CrawlUrl;

    /**
     * Takes a site for one request, across every worker. Politeness is measured as crawlers
     * such as Heritrix and Scrapy measure it: a request to a site may start only $delayMs after
     * the site's previous response ended (release()), and while a worker holds the site no
     * other sends to it. So the gap the site sees is the delay at least, whatever happens to
     * the workers between two requests.
     *
     * Returns [true, wait]: $owner holds the site; sleep wait milliseconds, send, and release()
     * it. A holder that never releases (a worker that died) loses the site after $leaseMs.
     * When another owner holds the site, or it is free only more than $maxWaitMs from now,
     * nothing is taken and it returns [false, wait]: come back in wait milliseconds.
     *
     * @return array{bool, int}
     */
    public function acquire(string $site, string $owner, int $delayMs, int $leaseMs, int $maxWaitMs): array;

    /**
     * Gives the site back once $owner's response is in, or its request failed: the site's next
     * request may start $delayMs from now, not earlier, whichever worker sends it.
     */
    public function release(string $site, string $owner, int $delayMs): void;

    /**
     * The robots.txt of an origin as a worker fetched it ("status\nbody"; status 0: no
     * answer), or null when no worker has yet. Kept beside the seen-set, so that each origin's
     * file is fetched once per crawl, whatever the number of workers.
     */
    public function robots(string $origin): ?string;

    /**
     * Takes the right to fetch an origin's robots.txt for $ttlMs: true for the first message
     * that asks (and for it again while it holds the right), false for the others, which wait.
     */
    public function claimRobots(string $origin, string $owner, int $ttlMs): bool;

    /**
     * Records an origin's robots.txt ("status\nbody").
     */
    public function storeRobots(string $origin, string $record): void;
}
