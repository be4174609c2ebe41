<?php

declare(strict_types=1);

namespace App\Crawl;

use App\Message\CrawlUrl;

/**
 * The crawl's shared state for one process (the embedded default: Messenger's sync transport,
 * no Redis). Every slot is reserved, however far: a single process has nothing else to do.
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
    /** @var array<string, float> site => next free slot (microtime) */
    private array $slots = [];
    /** @var array<string, float> site => its last request (microtime) */
    private array $lastRequests = [];
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
        $this->seen = $this->dispatched = $this->done = $this->slots = $this->lastRequests = [];
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

    public function pass(string $site, int $limitMs): int
    {
        $now = microtime(true);
        $left = ($this->lastRequests[$site] ?? 0.0) + $limitMs / 1000 - $now;
        if ($left > 0) {
            return (int) ceil($left * 1000);
        }
        $this->lastRequests[$site] = $now;
        return 0;
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

    public function reserve(string $site, int $intervalMs, int $maxWaitMs): array
    {
        $now = microtime(true);
        $slot = max($now, $this->slots[$site] ?? 0.0);
        $this->slots[$site] = $slot + $intervalMs / 1000;
        return [true, (int) ceil(($slot - $now) * 1000)];
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
