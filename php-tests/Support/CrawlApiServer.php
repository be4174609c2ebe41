<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Support;

/**
 * Runs php-tests/app/api/router.php under `php -S` on a free loopback port, and stops it
 * again: on stop(), when the object is destroyed, and at shutdown (also after a fatal error).
 */
final class CrawlApiServer
{
    /** @var resource|null */
    private $process;
    private string $recordFile;
    private string $logFile;

    /**
     * @param array<string, string> $environment added to the server's (site mode: CRAWL_SITE_*)
     */
    private function __construct(public readonly int $port, private readonly array $environment = [])
    {
        $this->recordFile = (string) tempnam(sys_get_temp_dir(), 'crawl-api-record-');
        $this->logFile = (string) tempnam(sys_get_temp_dir(), 'crawl-api-log-');
    }

    /**
     * Launches the server on a free port, trying up to three ports: another process can take
     * the port between freePort() and `php -S` binding it. Rethrows the last failure.
     *
     * @param array<string, string> $environment added to the server's: CRAWL_SITE_SEED and the
     *                                           other settings of router.php's site mode
     */
    public static function start(array $environment = []): self
    {
        $lastFailure = null;
        for ($attempt = 1; $attempt <= 3; $attempt++) {
            $server = new self(self::freePort(), $environment);
            try {
                $server->launch();
                return $server;
            } catch (\RuntimeException $e) {
                $server->stop();
                $lastFailure = $e;
            }
        }
        throw $lastFailure;
    }

    public function url(): string
    {
        return "http://127.0.0.1:{$this->port}";
    }

    /**
     * Every request the server received, in order.
     *
     * @return list<array{method: string, target: string, host: string, authorization: ?string, cookie: ?string,
     *     body: string}>
     */
    public function records(): array
    {
        $lines = file($this->recordFile, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) ?: [];
        return array_map(static fn (string $line): array => json_decode($line, true, 512, JSON_THROW_ON_ERROR), $lines);
    }

    public function stop(): void
    {
        if (is_resource($this->process)) {
            proc_terminate($this->process);
            proc_close($this->process);
        }
        $this->process = null;
        foreach ([$this->recordFile, $this->logFile] as $file) {
            if (is_file($file)) {
                unlink($file);
            }
        }
    }

    public function __destruct()
    {
        $this->stop();
    }

    /**
     * A loopback TCP port nobody listens on (the system picks it), for a server about to start.
     */
    public static function freePort(): int
    {
        $socket = stream_socket_server('tcp://127.0.0.1:0', $errno, $error);
        if ($socket === false) {
            throw new \RuntimeException("No free loopback port: $error");
        }
        $port = (int) substr((string) strrchr((string) stream_socket_get_name($socket, false), ':'), 1);
        fclose($socket);
        return $port;
    }

    private function launch(): void
    {
        $router = dirname(__DIR__) . '/app/api/router.php';
        $this->process = proc_open(
            [PHP_BINARY, '-n', '-S', "127.0.0.1:{$this->port}", $router],
            [0 => ['file', '/dev/null', 'r'], 1 => ['file', $this->logFile, 'w'], 2 => ['file', $this->logFile, 'w']],
            $pipes,
            null,
            ['CRAWL_API_RECORD' => $this->recordFile] + $this->environment + getenv()
        ) ?: null;
        register_shutdown_function([$this, 'stop']);
        $deadline = microtime(true) + 10;
        while (microtime(true) < $deadline) {
            $status = is_resource($this->process) ? proc_get_status($this->process) : ['running' => false];
            if (!$status['running']) {
                break;
            }
            $connection = @fsockopen('127.0.0.1', $this->port, $errno, $error, 0.2);
            if ($connection !== false) {
                fclose($connection);
                return;
            }
            usleep(20_000);
        }
        throw new \RuntimeException('The crawl API did not start: ' . file_get_contents($this->logFile));
    }
}
