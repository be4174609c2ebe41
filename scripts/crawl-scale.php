<?php

declare(strict_types=1);

// The crawl at scale, run here on loopback (scripts/crawl-scale starts it with the extension
// loaded): redis-server on a free port, the crawl API serving the generated web
// (UrlNormalize\Tests\Support\GeneratedSite) with a fixed delay, then for each worker count a
// fresh SQLite database with the seeds, `app:crawler:dispatch`, and that many
// `messenger:consume crawl` workers on Redis until the crawl is over. Then the faults: a worker
// killed with SIGKILL mid-crawl and restarted, and Redis restarted mid-crawl. What the crawl
// API received is held against the web's expected set. Every process it started is stopped at
// the end, also on failure.
//
//   --pages N (5000)      size of the web          --seed S (1)          the web's seed
//   --workers 1,2,4       worker counts            --delay MS (20)       the API's delay per page
//   --interval MS (100)   politeness: a request to a site starts MS after its previous response
//                         ended at the earliest
//   --depth D (6)         depth limit              --no-faults           the worker counts only
//   --check               600 pages, 2 workers, both faults, and an exit status of 1 when a
//                         check fails
//   --busy                every core kept busy by CPU hogs (one spinning PHP per core) through
//                         every run; scripts/test runs --check --busy

use UrlNormalize\Tests\Support\CrawlScale;

require __DIR__ . '/../php-tests/app/autoload.php';

$options = getopt('', [
    'pages:', 'seed:', 'workers:', 'delay:', 'interval:', 'depth:', 'no-faults', 'check', 'busy', 'help',
]);
if (isset($options['help'])) {
    echo "usage: scripts/crawl-scale [--pages N] [--seed S] [--workers 1,2,4] [--delay MS] [--interval MS]\n"
        . "                          [--depth D] [--no-faults] [--check] [--busy]\n";
    exit(0);
}
$check = isset($options['check']);
$workers = array_map('intval', explode(',', (string) ($options['workers'] ?? ($check ? '2' : '1,2,4'))));
$scale = new CrawlScale(
    pages: (int) ($options['pages'] ?? ($check ? 600 : 5000)),
    seed: (int) ($options['seed'] ?? 1),
    delayMs: (int) ($options['delay'] ?? 20),
    intervalMs: (int) ($options['interval'] ?? 100),
    maxDepth: (int) ($options['depth'] ?? 6),
    extension: (string) (getenv('URL_NORMALIZE_EXTENSION') ?: dirname(__DIR__) . '/target/release/liburl_normalize.so'),
);
exit($scale->run($workers, !isset($options['no-faults']), $check, isset($options['busy'])));
