<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use App\Crawl\CrawlStateFactory;
use App\Crawl\RedisCrawlState;
use App\Message\CrawlUrl;
use PHPUnit\Framework\TestCase;

/**
 * The crawl's shared state in Redis (its Lua scripts), against a redis-server started here on a
 * free loopback port, and restarted by one test.
 *
 * Group redis: it needs redis-server and PHP's redis module, which only the system PHP has;
 * phpunit.xml.dist leaves the group out, and scripts/test runs it once (`--group redis`) beside
 * scripts/crawl-scale --check. Group subprocess too: it starts a process, which a PHP under
 * qemu-user cannot.
 *
 * @group redis
 * @group subprocess
 */
final class RedisCrawlStateTest extends TestCase
{
    /** @var resource|null */
    private static $server = null;
    private static int $port;
    private static string $dir;

    public static function setUpBeforeClass(): void
    {
        self::$dir = sys_get_temp_dir() . '/redis-crawl-state-' . getmypid();
        @mkdir(self::$dir);
        $socket = stream_socket_server('tcp://127.0.0.1:0');
        self::assertNotFalse($socket);
        self::$port = (int) substr((string) strrchr((string) stream_socket_get_name($socket, false), ':'), 1);
        fclose($socket);
        self::startServer();
    }

    public static function tearDownAfterClass(): void
    {
        self::stopServer();
        exec('rm -rf ' . escapeshellarg(self::$dir));
    }

    protected function setUp(): void
    {
        $redis = new \Redis();
        $redis->connect('127.0.0.1', self::$port);
        $redis->flushAll();
    }

    public function testTheDsnPicksTheState(): void
    {
        $dsn = 'redis://127.0.0.1:' . self::$port . '/crawl/crawlers/worker-1?delete_after_ack=true';
        $state = CrawlStateFactory::create($dsn);
        $this->assertInstanceOf(RedisCrawlState::class, $state);
        $state->reset(['a.com' => 'https://a.com/']);
        $this->assertSame(['a.com' => 'https://a.com/'], $state->scope());
        $this->expectException(\InvalidArgumentException::class);
        CrawlStateFactory::create('redis://');
    }

    public function testTheFirstWriterWinsAndARedeliveredOwnerSendsWhatItHadNotSent(): void
    {
        $state = $this->state();
        $other = $this->state();
        $state->reset(['a.com' => 'https://a.com/']);
        $this->assertSame(['k1', 'k2', 'k3'], $state->claim('page-1', ['k1', 'k2', 'k3']));
        // Another worker (its own connection) finds the same links: nothing for it to send.
        $this->assertSame(['k4'], $other->claim('page-2', ['k2', 'k4', 'k1']));
        // page-1 died after sending k1: its redelivery sends k2 and k3, not k1 again.
        $state->markDispatched('k1');
        $this->assertSame(['k2', 'k3'], $state->claim('page-1', ['k1', 'k2', 'k3']));
        $state->markDispatched('k2');
        $state->markDispatched('k3');
        $this->assertSame([], $state->claim('page-1', ['k1', 'k2', 'k3']));
        $state->markDone('k1');
        $state->markDone('k1');
        $this->assertSame(['seen' => 4, 'done' => 1], $other->progress());
        // The crawl's keys are under the stream's prefix; reset() clears them.
        $state->reset([]);
        $this->assertSame(['seen' => 0, 'done' => 0], $state->progress());
        $this->assertSame([], $state->scope());
    }

    public function testASiteIsHeldUntilItsResponseIsInAndFreeTheDelayAfter(): void
    {
        $state = $this->state();
        $other = $this->state();
        $this->assertSame([true, 0], $state->acquire('a.com', 'w1', 200, 10_000, 50));
        // Held by w1 however long its response takes: the site is free the delay after it at
        // the earliest, so that is the wait.
        $this->assertSame([false, 200], $other->acquire('a.com', 'w2', 200, 10_000, 1000));
        $this->assertSame([true, 0], $other->acquire('b.com', 'w2', 200, 10_000, 50), 'another site');
        usleep(300_000);
        $this->assertSame([false, 200], $other->acquire('a.com', 'w2', 200, 10_000, 1000), 'still held');

        $state->release('a.com', 'w1', 200);
        // Free 200 ms after the response, on Redis's clock: too far for a 50 ms wait...
        [$taken, $wait] = $other->acquire('a.com', 'w2', 200, 10_000, 50);
        $this->assertFalse($taken);
        $this->assertGreaterThan(150, $wait);
        $this->assertLessThanOrEqual(200, $wait);
        // ...taken by a caller that waits, and held by it meanwhile.
        [$taken, $wait] = $other->acquire('a.com', 'w2', 200, 10_000, 1000);
        $this->assertTrue($taken);
        $this->assertGreaterThan(100, $wait);
        $this->assertLessThanOrEqual(200, $wait);
        $this->assertFalse($state->acquire('a.com', 'w1', 200, 10_000, 1000)[0]);
    }

    public function testTheLeaseOfAHolderThatDiedExpires(): void
    {
        $state = $this->state();
        $other = $this->state();
        $this->assertTrue($state->acquire('a.com', 'dead', 100, 200, 50)[0]);
        $this->assertFalse($other->acquire('a.com', 'w2', 100, 10_000, 50)[0]);
        usleep(250_000);
        // Never released: no delay is owed, the site is free at once.
        $this->assertSame([true, 0], $other->acquire('a.com', 'w2', 100, 10_000, 50));
        // A late release of the expired lease does not free the new holder's, but its response
        // did end now: the delay counts from it.
        $state->release('a.com', 'dead', 100);
        $this->assertSame([false, 100], $state->acquire('a.com', 'w3', 100, 10_000, 1000));
        $other->release('a.com', 'w2', 100);
        [$taken, $wait] = $state->acquire('a.com', 'w3', 100, 10_000, 1000);
        $this->assertTrue($taken);
        $this->assertGreaterThan(50, $wait);
    }

    public function testNothingIsDeferredOnRedis(): void
    {
        $state = $this->state();
        $this->assertFalse($state->defer(new CrawlUrl('https://a.com/', 0, 'k', 'id')));
        $this->assertNull($state->nextDeferred());
    }

    public function testEachOriginsRobotsTxtIsClaimedOnceAndKeptBesideTheSeenSet(): void
    {
        $state = $this->state();
        $state->reset(['example.com' => 'https://example.com/']);
        $origin = 'https://example.com';
        $this->assertNull($state->robots($origin));
        $this->assertTrue($state->claimRobots($origin, 'page-1', 10_000));
        $this->assertTrue($state->claimRobots($origin, 'page-1', 10_000), 'the holder again (redelivered)');
        $this->assertFalse($state->claimRobots($origin, 'page-2', 10_000));
        $this->assertTrue($state->claimRobots('https://other.example', 'page-2', 10_000));
        $state->storeRobots($origin, "200\nUser-agent: *\nDisallow: /");
        $this->assertSame("200\nUser-agent: *\nDisallow: /", $this->state()->robots($origin));
        $state->reset([]);
        $this->assertNull($state->robots($origin), 'a new crawl fetches them again');
        $this->assertTrue($state->claimRobots($origin, 'page-2', 10_000));
    }

    public function testAfterARestartTheStateIsKeptAndTheConnectionComesBack(): void
    {
        $state = $this->state();
        $state->reset(['a.com' => 'https://a.com/']);
        $state->claim('dispatch', ['k1']);
        self::stopServer();
        try {
            $state->progress();
            $this->fail('Redis is down: the call must fail');
        } catch (\RuntimeException $e) {
            $this->assertStringContainsString('Redis at 127.0.0.1:' . self::$port, $e->getMessage());
        }
        self::startServer();
        // The append-only file kept the seen-set; the state connects again by itself.
        $this->assertSame(['seen' => 1, 'done' => 0], $state->progress());
        $this->assertSame([], $state->claim('page-9', ['k1']));
    }

    private function state(): RedisCrawlState
    {
        return new RedisCrawlState('127.0.0.1', self::$port, 'crawl:');
    }

    private static function startServer(): void
    {
        $command = ['redis-server', '--port', (string) self::$port, '--bind', '127.0.0.1', '--dir', self::$dir,
            '--appendonly', 'yes', '--save', '', '--logfile', self::$dir . '/redis.log'];
        $process = proc_open($command, [0 => ['file', '/dev/null', 'r']], $pipes);
        self::assertIsResource($process, 'redis-server starts');
        self::$server = $process;
        // Ready when it answers PING: it takes connections while it still loads its append-only
        // file, and answers LOADING to anything else until it is done.
        $deadline = microtime(true) + 10;
        while (microtime(true) < $deadline) {
            try {
                $redis = new \Redis();
                if (@$redis->connect('127.0.0.1', self::$port, 0.2) && $redis->ping() !== false) {
                    return;
                }
            } catch (\RedisException) {
                // Not listening yet, or still loading.
            }
            usleep(20_000);
        }
        self::fail('redis-server did not start: ' . @file_get_contents(self::$dir . '/redis.log'));
    }

    private static function stopServer(): void
    {
        if (!is_resource(self::$server)) {
            return;
        }
        // SIGTERM: Redis writes its append-only file and exits.
        proc_terminate(self::$server, SIGTERM);
        $deadline = microtime(true) + 10;
        while (proc_get_status(self::$server)['running'] && microtime(true) < $deadline) {
            usleep(10_000);
        }
        proc_close(self::$server);
        self::$server = null;
    }
}
