<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Support;

use App\Database\CrawlDatabase;
use App\Kernel;

/**
 * scripts/crawl-scale's runs: the crawl of a GeneratedSite on Messenger's Redis transport with
 * 1, 2, 4... workers, then with a worker killed (SIGKILL) and restarted, then with Redis
 * restarted, each measured from what the crawl API received (its fetch log), not from what the
 * workers say. Every process started here is stopped by stop(), which runs at the end of run(),
 * on failure too, and at shutdown.
 */
final class CrawlScale
{
    /** A run that is not over by then has failed. */
    private const RUN_TIMEOUT_S = 900;

    private GeneratedSite $site;
    /** @var array<string, int> canonical key => depth */
    private array $expected;
    /** @var array<string, int> the pages robots.txt disallows that the crawl finds => depth */
    private array $disallowed;
    private string $dir;
    private int $redisPort;
    private int $apiPort;
    /** @var resource|null */
    private $redis = null;
    /** @var resource|null */
    private $api = null;
    /** @var array<string, resource> consumer name => worker process */
    private array $workers = [];
    /** @var list<resource> the CPU hogs of a busy run */
    private array $hogs = [];
    private ?\Redis $client = null;
    /** @var list<string> */
    private array $failures = [];

    /**
     * @param int $pages the web's size
     * @param int $seed the web's seed
     * @param int $delayMs the crawl API's delay per page
     * @param int $intervalMs the politeness limit: from the end of a site's response to the start
     *                        of its next request
     * @param int $maxDepth the crawl's depth limit
     * @param string $extension the extension's library, loaded by every PHP started here
     */
    public function __construct(
        private readonly int $pages,
        private readonly int $seed,
        private readonly int $delayMs,
        private readonly int $intervalMs,
        private readonly int $maxDepth,
        private readonly string $extension,
    ) {
        $this->site = new GeneratedSite($seed, $pages);
        $this->expected = $this->site->expected($maxDepth);
        $this->disallowed = $this->site->disallowedFound($maxDepth);
    }

    /**
     * Runs the crawl with each worker count, then the faults, printing each row of the table as
     * its run ends; a run that fails is named with the reason.
     *
     * @param list<int> $workerCounts
     * @param bool $faults also the SIGKILL and Redis-restart runs (with the largest worker count)
     * @param bool $check exit status 1 when a check fails, and the 2.5× scaling is not checked
     * @param bool $busy every core kept busy meanwhile by CPU hogs (one spinning PHP per core);
     *                   the scaling is then reported, not checked: the hogs take the CPU that more
     *                   workers need, while politeness must hold whatever the load
     * @return int the exit status
     */
    public function run(array $workerCounts, bool $faults, bool $check, bool $busy = false): int
    {
        $this->dir = sys_get_temp_dir() . '/crawl-scale-' . getmypid();
        @mkdir($this->dir, 0700, true);
        register_shutdown_function([$this, 'stop']);
        if (function_exists('pcntl_async_signals')) {
            pcntl_async_signals(true);
            foreach ([SIGINT, SIGTERM] as $signal) {
                pcntl_signal($signal, function (): void {
                    $this->stop();
                    exit(130);
                });
            }
        }
        $trap = count(array_filter(array_keys($this->expected), [$this->site, 'isTrap']));
        printf(
            "web: seed %d, %d pages to fetch (%d of them in the calendar trap) on %d hosts, %d more that"
                . " robots.txt disallows; crawl API delay %d ms;\n"
                . "politeness: a request to a site starts %d ms after its previous response ended at the earliest;"
                . " depth limit %d\n",
            $this->seed,
            count($this->expected),
            $trap,
            count($this->site->hosts()),
            count($this->disallowed),
            $this->delayMs,
            $this->intervalMs,
            $this->maxDepth
        );
        $lines = [];
        $phase = 'start';
        try {
            if ($busy) {
                printf("load: %d CPU hogs, one per core, running through every run\n", $this->startHogs());
            }
            echo "\n";
            $this->startRedis(true);
            $this->startApi();
            $results = [];
            foreach ($workerCounts as $index => $count) {
                $phase = "workers $count";
                $results[$count] = $this->crawl("w$count", $count);
                $this->checkRun($phase, $results[$count]);
                $this->printRow($count, $results[$count], $index === 0);
                $lines[] = sprintf(
                    'workers %d: fetched %d, duplicates %d, missed %d, trap %d, pages/s %.1f, min site gap %.1f ms,'
                        . ' robots: disallowed %d, fetched %d of them, out of scope %d',
                    $count,
                    $results[$count]['fetched'],
                    $results[$count]['duplicates'],
                    $results[$count]['missed'],
                    $results[$count]['trap'],
                    $results[$count]['rate'],
                    $results[$count]['gap'],
                    count($this->disallowed),
                    $results[$count]['disallowedFetched'],
                    $results[$count]['extra']
                );
            }
            if ($faults) {
                $count = max($workerCounts);
                $phase = 'fault (SIGKILL)';
                $kill = $this->crawl('kill', $count, 'kill');
                $this->checkRun($phase, $kill);
                if ($kill['inFlight'] < 1) {
                    $this->failures[] = 'fault: the killed worker held no message; nothing was tested';
                }
                if ($kill['redeliveries'] > $kill['inFlight']) {
                    $this->failures[] = "fault: {$kill['redeliveries']} pages fetched again, "
                        . "more than the {$kill['inFlight']} in flight";
                }
                $lines[] = sprintf(
                    'fault: killed 1 worker, in flight %d, lost %d, duplicates %d, min site gap %.1f ms',
                    $kill['inFlight'],
                    $kill['missed'],
                    $kill['duplicates'] + $kill['redeliveries'],
                    $kill['gap']
                );
                $phase = 'fault (Redis restart)';
                $restart = $this->crawl('redis', $count, 'redis');
                $this->checkRun($phase, $restart);
                $lines[] = sprintf(
                    'redis: restarted mid-crawl with persistence on, crawl resumed: fetched %d, lost %d, '
                        . 'duplicates %d (redelivered %d), workers restarted %d, min site gap %.1f ms',
                    $restart['fetched'],
                    $restart['missed'],
                    $restart['duplicates'],
                    $restart['redeliveries'],
                    $restart['restarts'],
                    $restart['gap']
                );
            }
            if (!$check && isset($results[1], $results[4])) {
                $scaling = $results[4]['rate'] / $results[1]['rate'];
                if ($busy) {
                    $lines[] = sprintf(
                        'scaling: 4 workers reached %.2f× the pages per second of 1'
                            . ' (not checked with every core busy)',
                        $scaling
                    );
                } elseif ($scaling < 2.5) {
                    $this->failures[] = sprintf(
                        '4 workers reached %.2f× the pages per second of 1, not 2.5×',
                        $scaling
                    );
                }
            }
        } catch (\Throwable $e) {
            $this->failures[] = "$phase: {$e->getMessage()}";
            $this->showLogs();
        } finally {
            $this->stop();
        }
        if ($lines !== []) {
            echo "\n", implode("\n", $lines), "\n";
        }
        foreach ($this->failures as $failure) {
            fwrite(STDERR, "crawl-scale: FAILED: $failure\n");
        }
        return $this->failures === [] ? 0 : 1;
    }

    /**
     * Stops every worker, the crawl API and Redis, and removes the run's files.
     */
    public function stop(): void
    {
        foreach ($this->workers as $name => $worker) {
            $this->stopProcess($worker, SIGKILL);
            unset($this->workers[$name]);
        }
        foreach ($this->hogs as $hog) {
            $this->stopProcess($hog, SIGKILL);
        }
        $this->hogs = [];
        foreach (['api', 'redis'] as $process) {
            if (is_resource($this->$process)) {
                $this->stopProcess($this->$process, SIGTERM);
            }
            $this->$process = null;
        }
        if (isset($this->dir) && is_dir($this->dir)) {
            foreach (glob("{$this->dir}/*") ?: [] as $file) {
                if (str_contains(basename($file), 'crawler-db')) {
                    (new Kernel($this->settings($file)))->removeCache();
                }
            }
            exec('rm -rf ' . escapeshellarg($this->dir));
        }
    }

    /**
     * One crawl of the web with $count workers, with a fault or not.
     *
     * @param 'kill'|'redis'|null $fault
     * @return array{fetched: int, fetches: int, duplicates: int, redeliveries: int, missed: int, extra: int,
     *     notFound: int, trap: int, rate: float, gap: float, inFlight: int, restarts: int, warnings: int,
     *     seconds: float, stopped: list<string>, disallowedFetched: int, robotsFiles: int, robotsAgain: int}
     */
    private function crawl(string $name, int $count, ?string $fault = null): array
    {
        $database = "{$this->dir}/$name-crawler-db.sqlite";
        $fetches = "{$this->dir}/fetches.jsonl";
        @unlink($fetches);
        $this->redis()->flushAll();
        $db = new CrawlDatabase($database);
        $db->createSchema();
        foreach ($this->site->seeds() as $seed) {
            $db->addUrl($seed, 'seed');
        }
        $start = microtime(true);
        $this->console($database, 'dispatch', ['app:crawler:dispatch'], true);
        for ($i = 1; $i <= $count; $i++) {
            $this->startWorker($database, "worker-$i");
        }
        $inFlight = 0;
        $restarts = 0;
        $stopped = [];
        $faultDone = $fault === null;
        while (true) {
            if (microtime(true) - $start > self::RUN_TIMEOUT_S) {
                throw new \RuntimeException("run $name: not over after " . self::RUN_TIMEOUT_S . ' s; '
                    . $this->describeState());
            }
            usleep(20_000);
            $progress = $this->progress();
            $over = $progress !== null && $progress['seen'] > 0 && $progress['seen'] === $progress['done'];
            if ($over && $progress['queued'] === 0) {
                break;
            }
            if (!$faultDone && $progress !== null && $progress['done'] * 3 >= count($this->expected)) {
                if ($fault === 'kill') {
                    $inFlight = $this->killWorker($database, 'worker-1');
                } else {
                    $this->restartRedis();
                }
                $faultDone = true;
            }
            // A worker that stopped (Redis went away under it) is started again, as a process
            // supervisor would.
            foreach ($this->workers as $consumer => $worker) {
                $status = proc_get_status($worker);
                if (!$status['running']) {
                    proc_close($worker);
                    if ($fault !== 'redis') {
                        // Only a Redis restart may stop a worker: say why this one stopped.
                        $stopped[] = sprintf(
                            '%s (exit status %d): %s',
                            $consumer,
                            $status['exitcode'],
                            $this->logTail("{$this->dir}/$consumer.log", 6)
                        );
                    }
                    $this->startWorker($database, $consumer);
                    $restarts++;
                }
            }
        }
        $seconds = microtime(true) - $start;
        foreach ($this->workers as $consumer => $worker) {
            $this->stopProcess($worker, SIGTERM);
            unset($this->workers[$consumer]);
        }
        $result = $this->measure($fetches, $seconds)
            + ['inFlight' => $inFlight, 'restarts' => $restarts, 'stopped' => $stopped];
        $result['warnings'] = substr_count((string) @file_get_contents("{$this->dir}/crawler.log"), 'crawler.WARNING');
        @unlink("{$this->dir}/crawler.log");
        return $result;
    }

    /**
     * The run's figures, from the crawl API's fetch log.
     *
     * @return array{fetched: int, fetches: int, duplicates: int, redeliveries: int, missed: int, extra: int,
     *     notFound: int, trap: int, rate: float, gap: float, seconds: float, disallowedFetched: int,
     *     robotsFiles: int, robotsAgain: int}
     */
    private function measure(string $fetches, float $seconds): array
    {
        $messages = [];
        $fetchesBySite = [];
        $notFound = 0;
        $total = 0;
        $robots = [];
        foreach (file($fetches, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) ?: [] as $line) {
            $fetch = json_decode($line, true, 512, JSON_THROW_ON_ERROR);
            if ($fetch['robots'] ?? false) {
                // A robots.txt request is a request to the site: politeness counts it.
                $robots[$fetch['url']][(string) $fetch['message']] = true;
                $fetchesBySite[$fetch['site']][] = [(float) $fetch['t'], (float) $fetch['end']];
                continue;
            }
            $total++;
            if ($fetch['key'] === null) {
                $notFound++;
                continue;
            }
            // A key fetched again under the same message id is a redelivery of that message;
            // under another id, a second page fetch (a duplicate).
            $messages[$fetch['key']][(string) $fetch['message']][] = true;
            $fetchesBySite[$fetch['site']][] = [(float) $fetch['t'], (float) $fetch['end']];
        }
        $duplicates = 0;
        $redeliveries = 0;
        foreach ($messages as $byMessage) {
            $duplicates += count($byMessage) - 1;
            foreach ($byMessage as $fetchesOfMessage) {
                $redeliveries += count($fetchesOfMessage) - 1;
            }
        }
        // Politeness as Heritrix and Scrapy measure it: from the end of the site's previous
        // response (of every earlier request, should two overlap) to the start of the next.
        $gap = INF;
        foreach ($fetchesBySite as $siteFetches) {
            sort($siteFetches);
            $ended = $siteFetches[0][1];
            for ($i = 1, $n = count($siteFetches); $i < $n; $i++) {
                [$start, $end] = $siteFetches[$i];
                $gap = min($gap, $start - $ended);
                $ended = max($ended, $end);
            }
        }
        $fetched = array_keys($messages);
        return [
            'fetched' => count($fetched),
            'fetches' => $total,
            'duplicates' => $duplicates,
            'redeliveries' => $redeliveries,
            'missed' => count(array_diff_key($this->expected, $messages)),
            'disallowedFetched' => count(array_intersect_key($messages, $this->disallowed)),
            'robotsFiles' => count($robots),
            'robotsAgain' => array_sum(array_map(static fn (array $byMessage): int => count($byMessage) - 1, $robots)),
            'extra' => count(array_diff_key($messages, $this->expected)),
            'notFound' => $notFound,
            'trap' => count(array_filter($fetched, [$this->site, 'isTrap'])),
            'rate' => count($fetched) / $seconds,
            'gap' => $gap === INF ? 0.0 : $gap * 1000,
            'seconds' => $seconds,
        ];
    }

    /**
     * @param array{fetched: int, duplicates: int, missed: int, extra: int, notFound: int, trap: int, gap: float,
     *     warnings: int, restarts: int, disallowedFetched: int, robotsAgain: int} $result
     */
    private function checkRun(string $name, array $result): void
    {
        $trapBound = 2 * $this->maxDepth - 1;
        $checks = [
            'duplicates (a page fetched by two messages)' => $result['duplicates'] === 0,
            'missed pages' => $result['missed'] === 0,
            'pages outside the scope or the depth limit' => $result['extra'] === 0,
            'pages robots.txt disallows' => $result['disallowedFetched'] === 0,
            // Once per origin; a message redelivered while it fetched one may fetch it again.
            'robots.txt fetched again by another message' => $result['robotsAgain'] === 0,
            'URLs of no page sent to the crawl API' => $result['notFound'] === 0,
            "trap pages above the depth limit's $trapBound" => $result['trap'] <= $trapBound,
            "a site gap below the politeness limit of {$this->intervalMs} ms" => $result['gap'] >= $this->intervalMs,
            'warnings for the bad pages (3 links left out, 1 page not UTF-8)' => $result['warnings'] >= 4,
            // Only the Redis restart may stop a worker; a bad page must not.
            'workers that stopped by themselves' => $name === 'fault (Redis restart)' || $result['restarts'] === 0,
        ];
        foreach ($checks as $what => $passed) {
            if (!$passed) {
                $this->failures[] = "$name: $what: " . json_encode($result);
            }
        }
    }

    /**
     * One row of the table, as soon as its run is over; the heading before the first.
     *
     * @param array{fetched: int, duplicates: int, missed: int, trap: int, rate: float, gap: float,
     *     seconds: float} $r
     */
    private function printRow(int $count, array $r, bool $first): void
    {
        $widths = [7, 13, 7, 7, 10, 6, 10, 12];
        $cells = static fn (array $row): string => '| ' . implode(' | ', array_map(
            static fn (string $cell, int $width): string => str_pad($cell, $width),
            $row,
            $widths
        )) . " |\n";
        if ($first) {
            echo $cells(['workers', 'pages fetched', 'seconds', 'pages/s', 'duplicates', 'missed', 'trap pages',
                'min site gap']);
            echo '|', implode('|', array_map(static fn (int $w): string => str_repeat('-', $w + 2), $widths)), "|\n";
        }
        echo $cells([
            (string) $count,
            (string) $r['fetched'],
            sprintf('%.1f', $r['seconds']),
            sprintf('%.1f', $r['rate']),
            (string) $r['duplicates'],
            (string) $r['missed'],
            (string) $r['trap'],
            sprintf('%.1f ms', $r['gap']),
        ]);
        flush();
    }

    /**
     * Kills a worker with SIGKILL in mid-request (the crawl API marks the requests it serves
     * with the worker's process id), so that it dies holding a message and its site's lease,
     * and starts it again under the same consumer name. Returns the messages it had received
     * and not acknowledged (in flight).
     */
    private function killWorker(string $database, string $consumer): int
    {
        $inRequest = "{$this->dir}/request-of-" . proc_get_status($this->workers[$consumer])['pid'];
        $deadline = microtime(true) + 30;
        while (!is_file($inRequest) && microtime(true) < $deadline) {
            usleep(500);
        }
        $this->stopProcess($this->workers[$consumer], SIGKILL);
        unset($this->workers[$consumer]);
        $inFlight = $this->pending($consumer);
        $this->startWorker($database, $consumer);
        return $inFlight;
    }

    /**
     * The messages a consumer received and did not acknowledge.
     */
    private function pending(string $consumer): int
    {
        $pending = $this->redis()->rawCommand('XPENDING', 'crawl', 'crawlers', '-', '+', '100', $consumer);
        return is_array($pending) ? count($pending) : 0;
    }

    /**
     * Stops Redis (SIGTERM: it writes its append-only file) and starts it again on the same
     * port and folder; the workers reconnect.
     */
    private function restartRedis(): void
    {
        $this->client = null;
        $this->stopProcess($this->redis, SIGTERM);
        $this->startRedis(false);
    }

    /**
     * seen and done (the crawl state), and the messages still to handle: not yet delivered to
     * the group (at least one, if any), delivered and not acknowledged (pending), or delayed;
     * null while Redis does not answer.
     *
     * Not the stream's length: Messenger acknowledges a message (XACK), then deletes it (XDEL),
     * and a worker killed or a Redis stopped between the two leaves an entry that is handled,
     * which no worker will ever read again.
     *
     * @return array{seen: int, done: int, queued: int}|null
     */
    private function progress(): ?array
    {
        try {
            $redis = $this->redis();
            $queued = (int) $redis->zCard('crawl__queue');
            $groups = $redis->rawCommand('XINFO', 'GROUPS', 'crawl');
            if (!is_array($groups)) {
                // No stream yet, or Redis still loading: nothing can be said.
                return null;
            }
            foreach ($groups as $group) {
                $info = [];
                for ($i = 0; $i + 1 < count($group); $i += 2) {
                    $info[(string) $group[$i]] = $group[$i + 1];
                }
                if (($info['name'] ?? null) !== 'crawlers') {
                    continue;
                }
                $after = '(' . $info['last-delivered-id'];
                $undelivered = $redis->rawCommand('XRANGE', 'crawl', $after, '+', 'COUNT', '1');
                $queued += (int) ($info['pending'] ?? 0) + (is_array($undelivered) ? count($undelivered) : 0);
            }
            return [
                'seen' => (int) $redis->sCard('crawl:seen'),
                'done' => (int) $redis->sCard('crawl:done'),
                'queued' => $queued,
            ];
        } catch (\RedisException) {
            $this->client = null;
            return null;
        }
    }

    /**
     * What the crawl's state in Redis says, for a run that does not end: progress, the messages
     * in the stream, delayed and pending per consumer, and the sites held.
     */
    private function describeState(): string
    {
        try {
            $redis = $this->redis();
            $pending = $redis->rawCommand('XPENDING', 'crawl', 'crawlers');
            $leases = [];
            foreach ($redis->keys('crawl:lease:*') ?: [] as $key) {
                $leases[] = sprintf('%s (%d ms left)', substr((string) $key, 12), $redis->pTtl((string) $key));
            }
            return json_encode([
                'progress' => $this->progress(),
                'stream' => $redis->xLen('crawl'),
                'delayed' => $redis->zCard('crawl__queue'),
                'pending' => is_array($pending) ? ($pending[3] ?? $pending) : $pending,
                'held sites' => $leases,
                'fetches' => count(file("{$this->dir}/fetches.jsonl") ?: []),
            ], JSON_UNESCAPED_SLASHES) ?: '';
        } catch (\RedisException $e) {
            return 'Redis does not answer: ' . $e->getMessage();
        }
    }

    private function redis(): \Redis
    {
        if ($this->client === null) {
            $client = new \Redis();
            $client->connect('127.0.0.1', $this->redisPort, 2.0);
            $this->client = $client;
        }
        return $this->client;
    }

    /**
     * Starts one CPU hog per core (a PHP that spins, at the workers' own priority), so that the
     * workers, Redis and the crawl API are descheduled as on a machine with no core to spare;
     * stop() ends them. Returns how many.
     */
    private function startHogs(): int
    {
        $cores = max(1, (int) trim((string) shell_exec('nproc 2>/dev/null')));
        for ($i = 1; $i <= $cores; $i++) {
            $this->hogs[] = $this->spawn("hog-$i", [PHP_BINARY, '-n', '-r', 'for (;;) {}'], []);
        }
        return $cores;
    }

    private function startRedis(bool $fresh): void
    {
        if ($fresh) {
            $this->redisPort = CrawlApiServer::freePort();
        }
        $this->redis = $this->spawn('redis', [
            'redis-server', '--port', (string) $this->redisPort, '--bind', '127.0.0.1', '--dir', $this->dir,
            '--appendonly', 'yes', '--appendfsync', 'everysec', '--save', '', '--daemonize', 'no',
            '--logfile', "{$this->dir}/redis.log",
        ], []);
        $this->waitForPort($this->redisPort, 'redis-server', "{$this->dir}/redis.log");
    }

    private function startApi(): void
    {
        $this->apiPort = CrawlApiServer::freePort();
        $router = dirname(__DIR__) . '/app/api/router.php';
        $this->api = $this->spawn('api', [PHP_BINARY, '-n', '-S', "127.0.0.1:{$this->apiPort}", $router], [
            'CRAWL_SITE_SEED' => (string) $this->seed,
            'CRAWL_SITE_PAGES' => (string) $this->pages,
            'CRAWL_SITE_DELAY_MS' => (string) $this->delayMs,
            'CRAWL_SITE_FETCHES' => "{$this->dir}/fetches.jsonl",
            // PHP's built-in server answers one request at a time without it.
            'PHP_CLI_SERVER_WORKERS' => '8',
        ]);
        $this->waitForPort($this->apiPort, 'the crawl API', "{$this->dir}/api.log");
    }

    private function startWorker(string $database, string $consumer): void
    {
        $arguments = ['messenger:consume', 'crawl', '--sleep=0.02'];
        $this->workers[$consumer] = $this->console($database, $consumer, $arguments, false);
    }

    /**
     * bin/console with the crawl's settings; $consumer names the worker's Redis consumer.
     *
     * @param list<string> $arguments
     * @return resource|null the process, or null when $wait (it ran to its end)
     */
    private function console(string $database, string $consumer, array $arguments, bool $wait): mixed
    {
        $console = [PHP_BINARY, '-d', "extension={$this->extension}", dirname(__DIR__) . '/app/bin/console'];
        $process = $this->spawn($consumer, [...$console, ...$arguments], [
            'CRAWLER_DATABASE' => $database,
            'CRAWL_API_URL' => "http://127.0.0.1:{$this->apiPort}",
            'CRAWLER_LOG' => "{$this->dir}/crawler.log",
            'CRAWLER_MAX_DEPTH' => (string) $this->maxDepth,
            'CRAWLER_SITE_INTERVAL_MS' => (string) $this->intervalMs,
            // A stream, its consumer group, this process's consumer. A consumer started again
            // under its name reads the messages it held first; one that never comes back has
            // them claimed by another after 30 s (checked every 0.5 s). Not sooner: a page can
            // take seconds on a busy machine, and a message claimed from a consumer still at
            // work is fetched twice, and that consumer then fails to acknowledge it and stops.
            'MESSENGER_TRANSPORT_DSN' => "redis://127.0.0.1:{$this->redisPort}/crawl/crawlers/$consumer"
                . '?delete_after_ack=true&redeliver_timeout=30&claim_interval=500',
        ]);
        if (!$wait) {
            return $process;
        }
        $status = proc_close($process);
        if ($status !== 0) {
            $log = (string) @file_get_contents("{$this->dir}/$consumer.log");
            throw new \RuntimeException("bin/console {$arguments[0]} exited with $status: $log");
        }
        return null;
    }

    /**
     * @param list<string> $command
     * @param array<string, string> $environment added to this process's
     * @return resource
     */
    private function spawn(string $name, array $command, array $environment): mixed
    {
        $log = "{$this->dir}/$name.log";
        $descriptors = [0 => ['file', '/dev/null', 'r'], 1 => ['file', $log, 'a'], 2 => ['file', $log, 'a']];
        $process = proc_open($command, $descriptors, $pipes, null, $environment + getenv());
        if ($process === false) {
            throw new \RuntimeException("Cannot start {$command[0]}");
        }
        return $process;
    }

    /**
     * Ends a process, and the processes it forked (`php -S`'s workers), by their ids.
     *
     * @param resource $process
     */
    private function stopProcess(mixed $process, int $signal): void
    {
        $status = proc_get_status($process);
        if ($status['running']) {
            $children = self::children($status['pid']);
            posix_kill($status['pid'], $signal);
            foreach ($children as $child) {
                posix_kill($child, $signal);
            }
            $deadline = microtime(true) + 10;
            while (proc_get_status($process)['running'] && microtime(true) < $deadline) {
                usleep(10_000);
            }
            if (proc_get_status($process)['running']) {
                posix_kill($status['pid'], SIGKILL);
            }
        }
        proc_close($process);
    }

    /**
     * The ids of a process's children, from /proc.
     *
     * @return list<int>
     */
    private static function children(int $pid): array
    {
        $children = [];
        foreach (glob('/proc/[0-9]*/stat') ?: [] as $stat) {
            $fields = explode(' ', (string) preg_replace('/^.*\) /s', '', (string) @file_get_contents($stat)));
            if ((int) ($fields[1] ?? 0) === $pid) {
                $children[] = (int) basename(dirname($stat));
            }
        }
        return $children;
    }

    private function waitForPort(int $port, string $what, string $log): void
    {
        $deadline = microtime(true) + 10;
        while (microtime(true) < $deadline) {
            $connection = @fsockopen('127.0.0.1', $port, $errno, $error, 0.2);
            if ($connection !== false) {
                fclose($connection);
                return;
            }
            usleep(20_000);
        }
        throw new \RuntimeException("$what did not start on port $port: " . @file_get_contents($log));
    }

    private function showLogs(): void
    {
        foreach (glob("{$this->dir}/*.log") ?: [] as $log) {
            fwrite(STDERR, "--- $log (end)\n" . $this->logTail($log, 15) . "\n");
        }
    }

    /**
     * The last lines of a log, joined by " | " when $lines is small enough for one message.
     */
    private function logTail(string $log, int $lines): string
    {
        $tail = array_slice(file($log, FILE_IGNORE_NEW_LINES) ?: [], -$lines);
        return implode($lines > 10 ? "\n" : ' | ', $tail);
    }

    /**
     * @return array{database_path: string, spider_api_url: string, crawl4ai_api_url: string, log_file: string}
     */
    private function settings(string $database): array
    {
        return Kernel::settings($database, "http://127.0.0.1:{$this->apiPort}", "{$this->dir}/crawler.log");
    }
}
