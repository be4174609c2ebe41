<?php

declare(strict_types=1);

namespace App\Crawl;

use App\Message\CrawlUrl;

/**
 * The crawl's shared state in Redis, for workers in any number of processes and machines.
 * Each operation is one Lua script or one command, so it is atomic across workers:
 *
 * - seen-set: SADD of the page's fingerprint; the first writer wins and dispatches the page.
 *   The owner of each key is kept beside it, and the keys whose message was sent, so that a
 *   finder killed between the two can send the rest when it is redelivered.
 * - politeness: each site's lease (the worker whose request to it is under way) and the moment
 *   its next request may start (its last response's end plus the delay), on Redis's clock
 *   (TIME), so that workers on machines whose clocks differ still space their requests.
 */
final class RedisCrawlState implements CrawlState
{
    /** KEYS: seen, owner, dispatched; ARGV: owner, key... → the keys to dispatch. */
    private const CLAIM = <<<'LUA'
        local claimed = {}
        for i = 2, #ARGV do
            local key = ARGV[i]
            if redis.call('SADD', KEYS[1], key) == 1 then
                redis.call('HSET', KEYS[2], key, ARGV[1])
                claimed[#claimed + 1] = key
            elseif redis.call('HGET', KEYS[2], key) == ARGV[1] and redis.call('SISMEMBER', KEYS[3], key) == 0 then
                claimed[#claimed + 1] = key
            end
        end
        return claimed
        LUA;

    /**
     * KEYS: the site's lease, its next free moment (µs); ARGV: owner, delay (µs), lease (ms), max
     * wait (µs) → {taken, wait in µs}. Held by another: the site is free the delay after its
     * holder's response at the earliest.
     */
    private const ACQUIRE = <<<'LUA'
        local time = redis.call('TIME')
        local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
        local holder = redis.call('GET', KEYS[1])
        if holder and holder ~= ARGV[1] then
            return {0, tonumber(ARGV[2])}
        end
        local wait = math.max(0, tonumber(redis.call('GET', KEYS[2]) or '0') - now)
        if wait > tonumber(ARGV[4]) then
            return {0, wait}
        end
        redis.call('SET', KEYS[1], ARGV[1], 'PX', tonumber(ARGV[3]) + math.ceil(wait / 1000))
        return {1, wait}
        LUA;

    /**
     * KEYS: the site's lease, its next free moment (µs); ARGV: owner, delay (µs). The next free
     * moment is set even when the lease had expired: the site's response ended now all the same.
     * (string.format: Lua's tostring() would round a time in µs to 14 digits.)
     */
    private const RELEASE = <<<'LUA'
        local time = redis.call('TIME')
        local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
        if redis.call('GET', KEYS[1]) == ARGV[1] then
            redis.call('DEL', KEYS[1])
        end
        local free = now + tonumber(ARGV[2])
        if free > tonumber(redis.call('GET', KEYS[2]) or '0') then
            redis.call('SET', KEYS[2], string.format('%.0f', free), 'PX', math.ceil(tonumber(ARGV[2]) / 1000) + 60000)
        end
        return 1
        LUA;

    /** KEYS: the claim; ARGV: owner, ttl (ms) → 1 when the owner holds the claim. */
    private const CLAIM_ROBOTS = <<<'LUA'
        if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
            return 1
        end
        return redis.call('GET', KEYS[1]) == ARGV[1] and 1 or 0
        LUA;

    private ?\Redis $redis = null;

    /**
     * @param string $host Redis's host
     * @param int $port Redis's port
     * @param string $prefix the prefix of every key of this crawl
     */
    public function __construct(
        private readonly string $host,
        private readonly int $port,
        private readonly string $prefix = 'crawl:',
    ) {
    }

    public function reset(array $scope): void
    {
        $keys = $this->call(fn (\Redis $redis): mixed => $redis->keys($this->prefix . '*'));
        if (is_array($keys) && $keys !== []) {
            $this->call(static fn (\Redis $redis): mixed => $redis->del($keys));
        }
        if ($scope !== []) {
            $this->call(fn (\Redis $redis): mixed => $redis->hMSet($this->prefix . 'scope', $scope));
        }
    }

    public function scope(): array
    {
        $scope = $this->call(fn (\Redis $redis): mixed => $redis->hGetAll($this->prefix . 'scope'));
        return is_array($scope) ? $scope : [];
    }

    public function claim(string $owner, array $keys): array
    {
        if ($keys === []) {
            return [];
        }
        $claimed = $this->call(fn (\Redis $redis): mixed => $redis->eval(
            self::CLAIM,
            [$this->prefix . 'seen', $this->prefix . 'owner', $this->prefix . 'dispatched', $owner, ...$keys],
            3
        ));
        return is_array($claimed) ? array_values(array_map('strval', $claimed)) : [];
    }

    public function markDispatched(string $key): void
    {
        $this->call(fn (\Redis $redis): mixed => $redis->sAdd($this->prefix . 'dispatched', $key));
    }

    public function markDone(string $key): void
    {
        $this->call(fn (\Redis $redis): mixed => $redis->sAdd($this->prefix . 'done', $key));
    }

    public function progress(): array
    {
        return [
            'seen' => (int) $this->call(fn (\Redis $redis): mixed => $redis->sCard($this->prefix . 'seen')),
            'done' => (int) $this->call(fn (\Redis $redis): mixed => $redis->sCard($this->prefix . 'done')),
        ];
    }

    /**
     * Never: on Redis, messages go to the transport at once, for any worker to take.
     */
    public function defer(CrawlUrl $message): bool
    {
        return false;
    }

    public function nextDeferred(): ?CrawlUrl
    {
        return null;
    }

    public function acquire(string $site, string $owner, int $delayMs, int $leaseMs, int $maxWaitMs): array
    {
        $answer = $this->call(fn (\Redis $redis): mixed => $redis->eval(self::ACQUIRE, [
            $this->prefix . 'lease:' . $site,
            $this->prefix . 'free:' . $site,
            $owner,
            (string) ($delayMs * 1000),
            (string) $leaseMs,
            (string) ($maxWaitMs * 1000),
        ], 2));
        if (!is_array($answer) || count($answer) !== 2) {
            throw new \RuntimeException('Redis answered the politeness script with ' . var_export($answer, true));
        }
        return [(int) $answer[0] === 1, (int) ceil((int) $answer[1] / 1000)];
    }

    public function release(string $site, string $owner, int $delayMs): void
    {
        $this->call(fn (\Redis $redis): mixed => $redis->eval(self::RELEASE, [
            $this->prefix . 'lease:' . $site,
            $this->prefix . 'free:' . $site,
            $owner,
            (string) ($delayMs * 1000),
        ], 2));
    }

    public function robots(string $origin): ?string
    {
        $record = $this->call(fn (\Redis $redis): mixed => $redis->hGet($this->prefix . 'robots', $origin));
        return is_string($record) ? $record : null;
    }

    public function claimRobots(string $origin, string $owner, int $ttlMs): bool
    {
        return (int) $this->call(fn (\Redis $redis): mixed => $redis->eval(
            self::CLAIM_ROBOTS,
            [$this->prefix . 'robots-claim:' . $origin, $owner, (string) $ttlMs],
            1
        )) === 1;
    }

    public function storeRobots(string $origin, string $record): void
    {
        $this->call(fn (\Redis $redis): mixed => $redis->hSet($this->prefix . 'robots', $origin, $record));
    }

    /**
     * Runs one call on the connection, connecting first if needed. After a failure the
     * connection is dropped, so that the next call connects again (Redis may have restarted).
     *
     * @param \Closure(\Redis): mixed $call
     */
    private function call(\Closure $call): mixed
    {
        try {
            if ($this->redis === null) {
                $redis = new \Redis();
                $redis->connect($this->host, $this->port, 5.0);
                $this->redis = $redis;
            }
            $result = $call($this->redis);
            if ($result === false && ($error = $this->redis->getLastError()) !== null) {
                $this->redis->clearLastError();
                throw new \RuntimeException("Redis: $error");
            }
            return $result;
        } catch (\RedisException $e) {
            $this->redis = null;
            throw new \RuntimeException("Redis at {$this->host}:{$this->port}: {$e->getMessage()}", 0, $e);
        }
    }
}
