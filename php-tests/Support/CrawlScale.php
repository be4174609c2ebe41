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
    private ?\Redis $client = null;
    /** @var list<string> */
    private array $failures = [];

    /**
     * @param int $pages the web's size
     * @param int $seed the web's seed
     * @param int $delayMs the crawl API's delay per page
     * @param int $intervalMs the politeness limit: one request per site per interval at most
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
     * Runs the crawl with each worker count, then the faults, and prints the table.
     *
     * @param list<int> $workerCounts
     * @param bool $faults also the SIGKILL and Redis-restart runs (with the largest worker count)
     * @param bool $check exit status 1 when a check fails, and the 2.5× scaling is not checked
     * @return int the exit status
     */
    public function run(array $workerCounts, bool $faults, bool $check): int
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
                . "politeness: 1 request per site per %d ms (%.0f/s per registrable domain); depth limit %d\n\n",
            $this->seed,
            count($this->expected),
            $trap,
            count($this->site->hosts()),
            count($this->disallowed),
            $this->delayMs,
            $this->intervalMs,
            1000 / $this->intervalMs,
            $this->maxDepth
        );
        try {
            $this->startRedis(true);
            $this->startApi();
            $results = [];
            foreach ($workerCounts as $count) {
                $results[$count] = $this->crawl("w$count", $count);
                $this->checkRun("workers $count", $results[$count]);
            }
            $this->printTable($results);
            $lines = [];
            foreach ($results as $count => $r) {
                $lines[] = sprintf(
                    'workers %d: fetched %d, duplicates %d, missed %d, trap %d, pages/s %.1f, min site gap %.1f ms,'
                        . ' robots: disallowed %d, fetched %d of them, out of scope %d',
                    $count,
                    $r['fetched'],
                    $r['duplicates'],
                    $r['missed'],
                    $r['trap'],
                    $r['rate'],
                    $r['gap'],
                    count($this->disallowed),
                    $r['disallowedFetched'],
                    $r['extra']
                );
            }
            if ($faults) {
                $count = max($workerCounts);
                $kill = $this->crawl('kill', $count, 'kill');
                $this->checkRun('fault (SIGKILL)', $kill);
                if ($kill['inFlight'] < 1) {
                    $this->failures[] = 'fault: the killed worker held no message; nothing was tested';
                }
                if ($kill['redeliveries'] > $kill['inFlight']) {
                    $this->failures[] = "fault: {$kill['redeliveries']} pages fetched again, "
                        . "more than the {$kill['inFlight']} in flight";
                }
                $lines[] = sprintf(
                    'fault: killed 1 worker, in flight %d, lost %d, duplicates %d',
                    $kill['inFlight'],
                    $kill['missed'],
                    $kill['duplicates'] + $kill['redeliveries']
                );
                $restart = $this->crawl('redis', $count, 'redis');
                $this->checkRun('fault (Redis restart)', $restart);
                $lines[] = sprintf(
                    'redis: restarted mid-crawl with persistence on, crawl resumed: fetched %d, lost %d, '
                        . 'duplicates %d (redelivered %d), workers restarted %d',
                    $restart['fetched'],
                    $restart['missed'],
                    $restart['duplicates'],
                    $restart['redeliveries'],
                    $restart['restarts']
                );
            }
            if (!$check && isset($results[1], $results[4]) && $results[4]['rate'] < 2.5 * $results[1]['rate']) {
                $this->failures[] = sprintf(
                    '4 workers reached %.2f× the pages per second of 1, not 2.5×',
                    $results[4]['rate'] / $results[1]['rate']
                );
            }
            echo "\n", implode("\n", $lines), "\n";
        } catch (\Throwable $e) {
            $this->failures[] = $e->getMessage();
            $this->showLogs();
        } finally {
            $this->stop();
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
     *     seconds: float, disallowedFetched: int, robotsFiles: int, robotsAgain: int}
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
        $faultDone = $fault === null;
        while (true) {
            if (microtime(true) - $start > self::RUN_TIMEOUT_S) {
                throw new \RuntimeException("run $name: not over after " . self::RUN_TIMEOUT_S . ' s: '
                    . json_encode($this->progress()));
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
                if (!proc_get_status($worker)['running']) {
                    proc_close($worker);
                    if ($fault !== 'redis') {
                        // Only a Redis restart may stop a worker: say why this one stopped.
                        $tail = array_slice(file("{$this->dir}/$consumer.log", FILE_IGNORE_NEW_LINES) ?: [], -12);
                        fwrite(STDERR, "crawl-scale: $consumer stopped (run $name):\n" . implode("\n", $tail) . "\n");
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
        $result = $this->measure($fetches, $seconds) + ['inFlight' => $inFlight, 'restarts' => $restarts];
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
        $times = [];
        $notFound = 0;
        $total = 0;
        $robots = [];
        foreach (file($fetches, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) ?: [] as $line) {
            $fetch = json_decode($line, true, 512, JSON_THROW_ON_ERROR);
            if ($fetch['robots'] ?? false) {
                // A robots.txt request is a request to the site: politeness counts it.
                $robots[$fetch['url']][(string) $fetch['message']] = true;
                $times[$fetch['site']][] = (float) $fetch['t'];
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
            $times[$fetch['site']][] = (float) $fetch['t'];
        }
        $duplicates = 0;
        $redeliveries = 0;
        foreach ($messages as $byMessage) {
            $duplicates += count($byMessage) - 1;
            foreach ($byMessage as $fetchesOfMessage) {
                $redeliveries += count($fetchesOfMessage) - 1;
            }
        }
        $gap = INF;
        foreach ($times as $siteTimes) {
            sort($siteTimes);
            for ($i = 1, $n = count($siteTimes); $i < $n; $i++) {
                $gap = min($gap, $siteTimes[$i] - $siteTimes[$i - 1]);
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
     * @param array<int, array{fetched: int, fetches: int, duplicates: int, redeliveries: int, missed: int,
     *     trap: int, rate: float, gap: float, seconds: float}> $results
     */
    private function printTable(array $results): void
    {
        $rows = [
            ['workers', 'pages fetched', 'seconds', 'pages/s', 'duplicates', 'missed', 'trap pages', 'min site gap'],
        ];
        foreach ($results as $count => $r) {
            $rows[] = [
                (string) $count,
                (string) $r['fetched'],
                sprintf('%.1f', $r['seconds']),
                sprintf('%.1f', $r['rate']),
                (string) $r['duplicates'],
                (string) $r['missed'],
                (string) $r['trap'],
                sprintf('%.1f ms', $r['gap']),
            ];
        }
        $widths = [];
        foreach ($rows[0] as $i => $heading) {
            $widths[$i] = max(array_map(static fn (array $row): int => strlen($row[$i]), $rows));
        }
        foreach ($rows as $n => $row) {
            $cells = array_map(static fn (string $c, int $w): string => str_pad($c, $w), $row, $widths);
            echo '| ', implode(' | ', $cells), " |\n";
            if ($n === 0) {
                $rules = array_map(static fn (int $w): string => str_repeat('-', $w + 2), $widths);
                echo '|', implode('|', $rules), "|\n";
            }
        }
    }

    /**
     * Kills a worker with SIGKILL while it holds a message, and starts it again under the same
     * consumer name. Returns the messages it had received and not acknowledged (in flight).
     */
    private function killWorker(string $database, string $consumer): int
    {
        $deadline = microtime(true) + 10;
        while ($this->pending($consumer) === 0 && microtime(true) < $deadline) {
            usleep(1_000);
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
     * seen and done (the crawl state), and the messages still in the stream or delayed; null
     * while Redis does not answer.
     *
     * @return array{seen: int, done: int, queued: int}|null
     */
    private function progress(): ?array
    {
        try {
            $redis = $this->redis();
            return [
                'seen' => (int) $redis->sCard('crawl:seen'),
                'done' => (int) $redis->sCard('crawl:done'),
                'queued' => (int) $redis->xLen('crawl') + (int) $redis->zCard('crawl__queue'),
            ];
        } catch (\RedisException) {
            $this->client = null;
            return null;
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
            // A stream, its consumer group, this process's consumer; a message a dead consumer
            // held is claimed by another after 2 s (checked every 0.5 s).
            'MESSENGER_TRANSPORT_DSN' => "redis://127.0.0.1:{$this->redisPort}/crawl/crawlers/$consumer"
                . '?delete_after_ack=true&redeliver_timeout=2&claim_interval=500',
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
            $tail = array_slice(file($log, FILE_IGNORE_NEW_LINES) ?: [], -15);
            fwrite(STDERR, "--- $log (end)\n" . implode("\n", $tail) . "\n");
        }
    }

    /**
     * @return array{database_path: string, spider_api_url: string, crawl4ai_api_url: string, log_file: string}
     */
    private function settings(string $database): array
    {
        return Kernel::settings($database, "http://127.0.0.1:{$this->apiPort}", "{$this->dir}/crawler.log");
    }
}
