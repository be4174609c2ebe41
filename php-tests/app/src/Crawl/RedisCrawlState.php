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
 * - politeness: the next free request slot of each site, taken on Redis's clock (TIME), so
 *   that workers on machines whose clocks differ still space their requests.
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

    /** KEYS: the site's slot; ARGV: interval, max wait (µs) → {reserved, wait in µs}. */
    private const RESERVE = <<<'LUA'
        local time = redis.call('TIME')
        local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
        local slot = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
        local wait = slot - now
        if wait > tonumber(ARGV[2]) then
            return {0, wait}
        end
        redis.call('SET', KEYS[1], tostring(slot + tonumber(ARGV[1])), 'PX', 60000)
        return {1, wait}
        LUA;

    /** KEYS: the site's last request; ARGV: the limit (µs) → 0, or µs left. */
    private const PASS = <<<'LUA'
        local time = redis.call('TIME')
        local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
        local left = tonumber(redis.call('GET', KEYS[1]) or '0') + tonumber(ARGV[1]) - now
        if left > 0 then
            return left
        end
        redis.call('SET', KEYS[1], tostring(now), 'PX', 60000)
        return 0
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

    public function pass(string $site, int $limitMs): int
    {
        $left = $this->call(fn (\Redis $redis): mixed => $redis->eval(
            self::PASS,
            [$this->prefix . 'last:' . $site, (string) ($limitMs * 1000)],
            1
        ));
        return (int) ceil((int) $left / 1000);
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

    public function reserve(string $site, int $intervalMs, int $maxWaitMs): array
    {
        $answer = $this->call(fn (\Redis $redis): mixed => $redis->eval(
            self::RESERVE,
            [$this->prefix . 'slot:' . $site, (string) ($intervalMs * 1000), (string) ($maxWaitMs * 1000)],
            1
        ));
        if (!is_array($answer) || count($answer) !== 2) {
            throw new \RuntimeException('Redis answered the politeness script with ' . var_export($answer, true));
        }
        return [(int) $answer[0] === 1, (int) ceil((int) $answer[1] / 1000)];
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
