<?php

declare(strict_types=1);

// The seed's crawler, end to end: starts the loopback crawl API, creates the SQLite
// database with the seed's URLs, runs `app:crawler:run` (the real console, one process per
// row) and prints what was stored, what was sent and what the API answered, then the
// url_normalize bundle's `url:normalize` in the same console. The server, the temporary files
// and the app's compiled container are removed at the end, also when something fails.

use App\Database\CrawlDatabase;
use App\Database\ExampleUrls;
use App\Kernel;
use UrlNormalize\Tests\Support\CrawlApiServer;

require __DIR__ . '/../php-tests/app/autoload.php';

$extension = getenv('URL_NORMALIZE_EXTENSION') ?: dirname(__DIR__) . '/target/release/liburl_normalize.so';
$crawler = $argv[1] ?? 'spider';
$databasePath = (string) tempnam(sys_get_temp_dir(), 'crawler-demo-db-');
$logPath = (string) tempnam(sys_get_temp_dir(), 'crawler-demo-log-');
$api = CrawlApiServer::start();

try {
    $database = new CrawlDatabase($databasePath);
    $database->createSchema();
    $ids = ExampleUrls::seed($database);

    $environment = [
        'CRAWLER_DATABASE' => $databasePath,
        'CRAWL_API_URL' => $api->url(),
        'CRAWLER_LOG' => $logPath,
    ] + getenv();
    $console = [PHP_BINARY, '-d', "extension=$extension", __DIR__ . '/../php-tests/app/bin/console'];
    foreach ($ids as $id) {
        $command = [...$console, 'app:crawler:run', '--url', (string) $id, '--crawler', $crawler];
        $process = proc_open($command, [1 => ['file', '/dev/null', 'w'], 2 => STDERR], $pipes, null, $environment);
        if ($process === false) {
            throw new RuntimeException('Cannot start bin/console');
        }
        proc_close($process); // exit status 1 for the malformed row is expected; the table shows why
    }

    printf("app:crawler:run --crawler %s against the crawl API at %s\n\n", $crawler, $api->url());
    $show = static fn (string $text): string => mb_check_encoding($text, 'UTF-8')
        ? $text
        : addcslashes($text, "\x80..\xFF");
    $rows = [];
    $results = array_column($database->results(), null, 'crawl_url_id');
    foreach ($database->urls() as $row) {
        $result = $results[$row['id']] ?? null;
        $status = $result === null ? 'not run' : sprintf('%s %s', $result['http_status'] ?? '-', $result['status']);
        $sent = $result === null ? '' : $show($result['url_sent']);
        $rows[] = [(string) $row['id'], $show($row['url']), $sent, $status];
    }
    $widths = [2, 0, 0, 0];
    foreach ($rows as $cells) {
        foreach ($cells as $i => $cell) {
            $widths[$i] = max($widths[$i], mb_strwidth($cell));
        }
    }
    $line = static function (array $cells) use ($widths): string {
        $padded = array_map(
            static fn (string $c, int $w): string => $c . str_repeat(' ', $w - mb_strwidth($c)),
            $cells,
            $widths
        );
        return rtrim(implode('  ', $padded)) . "\n";
    };
    echo $line(['id', 'original URL (crawl_url, unchanged)', 'URL sent', 'API status']);
    foreach ($rows as $cells) {
        echo $line($cells);
    }
    $failed = array_filter($database->results(), static fn (array $r): bool => $r['status'] === 'failed');
    foreach ($failed as $result) {
        printf("\nrow %d failed: %s\n", $result['crawl_url_id'], $result['detail']);
    }

    echo "\nlog (Monolog, via the native normalizer's PSR-3 calls)\n";
    foreach (file($logPath, FILE_IGNORE_NEW_LINES) ?: [] as $entry) {
        echo '  ', $show($entry), "\n";
    }

    // The app's normalizer comes from the url_normalize bundle (config/packages/url_normalize.yaml);
    // its console has the bundle's url:normalize command.
    $url = 'https://나나커피로스터스.com/products/café?utm_source=newsletter';
    echo "\nbin/console url:normalize '$url' (the url_normalize bundle's command)\n";
    $process = proc_open([...$console, 'url:normalize', $url], [], $pipes, null, $environment);
    if ($process === false) {
        throw new RuntimeException('Cannot start bin/console');
    }
    proc_close($process);
} finally {
    $api->stop();
    (new Kernel(Kernel::settings($databasePath, $api->url(), $logPath)))->removeCache();
    unlink($databasePath);
    unlink($logPath);
}
