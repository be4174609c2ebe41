<?php

declare(strict_types=1);

namespace App\Crawl;

use App\Message\CrawlUrl;

/**
 * The crawl's shared state for one process (the embedded default: Messenger's sync transport,
 * no Redis). Every site is taken, however long the wait: a single process sends one request at a
 * time and has nothing else to do meanwhile.
 */
final class InMemoryCrawlState implements CrawlState
{
    /** @var array<string, string> */
    private array $scope = [];
    /** @var array<string, string> key => owner */
    private array $seen = [];
    /** @var array<string, true> */
    private array $dispatched = [];
    /** @var array<string, true> */
    private array $done = [];
    /** @var array<string, float> site => when its next request may start (microtime) */
    private array $free = [];
    /** @var \SplQueue<CrawlUrl> */
    private \SplQueue $deferred;
    /** @var array<string, string> origin => "status\nbody" */
    private array $robots = [];

    public function __construct()
    {
        $this->deferred = new \SplQueue();
    }

    public function reset(array $scope): void
    {
        $this->scope = $scope;
        $this->seen = $this->dispatched = $this->done = $this->free = [];
        $this->deferred = new \SplQueue();
        $this->robots = [];
    }

    public function scope(): array
    {
        return $this->scope;
    }

    public function claim(string $owner, array $keys): array
    {
        $claimed = [];
        foreach ($keys as $key) {
            if (!isset($this->seen[$key])) {
                $this->seen[$key] = $owner;
                $claimed[] = $key;
            } elseif ($this->seen[$key] === $owner && !isset($this->dispatched[$key])) {
                $claimed[] = $key;
            }
        }
        return $claimed;
    }

    public function markDispatched(string $key): void
    {
        $this->dispatched[$key] = true;
    }

    public function markDone(string $key): void
    {
        $this->done[$key] = true;
    }

    public function progress(): array
    {
        return ['seen' => count($this->seen), 'done' => count($this->done)];
    }

    public function defer(CrawlUrl $message): bool
    {
        $this->deferred->enqueue($message);
        return true;
    }

    public function nextDeferred(): ?CrawlUrl
    {
        return $this->deferred->isEmpty() ? null : $this->deferred->dequeue();
    }

    public function acquire(string $site, string $owner, int $delayMs, int $leaseMs, int $maxWaitMs): array
    {
        $wait = ($this->free[$site] ?? 0.0) - microtime(true);
        return [true, $wait > 0 ? (int) ceil($wait * 1000) : 0];
    }

    public function release(string $site, string $owner, int $delayMs): void
    {
        $this->free[$site] = microtime(true) + $delayMs / 1000;
    }

    public function robots(string $origin): ?string
    {
        return $this->robots[$origin] ?? null;
    }

    /**
     * Always: one process, one message at a time.
     */
    public function claimRobots(string $origin, string $owner, int $ttlMs): bool
    {
        return true;
    }

    public function storeRobots(string $origin, string $record): void
    {
        $this->robots[$origin] = $record;
    }
}
