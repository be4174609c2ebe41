<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use App\Command\CrawlerDispatchCommand;
use App\Crawl\CrawlState;
use App\Crawl\InMemoryCrawlState;
use App\Database\CrawlDatabase;
use App\Kernel;
use Monolog\Handler\TestHandler;
use PHPUnit\Framework\TestCase;
use Symfony\Bundle\FrameworkBundle\Console\Application;
use Symfony\Component\Console\Command\LazyCommand;
use Symfony\Component\Console\Tester\CommandTester;
use UrlNormalize\RobotsTxt;
use UrlNormalize\Tests\Support\CrawlApiServer;
use UrlNormalize\Tests\Support\GeneratedSite;
use UrlNormalize\UrlNormalizer;

/**
 * The crawl on Messenger with the embedded default, Messenger's sync transport and no Redis:
 * app:crawler:dispatch crawls the whole generated web in one process, through the crawl API
 * (router.php's site mode) on loopback. The crawl at scale on Redis, with its faults, is
 * scripts/crawl-scale's (scripts/test runs it once, in the system PHP, which has the redis
 * module).
 *
 * Group subprocess: it starts PHP through PHP_BINARY (the crawl API's server), which a PHP run
 * under qemu-user cannot (scripts/platform/aarch64-glibc.sh).
 *
 * @group subprocess
 */
final class CrawlSyncTest extends TestCase
{
    private const SEED = 11;
    private const PAGES = 100;
    private const DEPTH = 3;

    /** The settings the crawl reads from the environment, and their values here (DEPTH's). */
    private const ENVIRONMENT = [
        'CRAWLER_MAX_DEPTH' => '3',
        // One process fetches one page at a time: no need to space them.
        'CRAWLER_SITE_INTERVAL_MS' => '0',
    ];

    private CrawlApiServer $api;
    private string $fetchesPath;
    private string $databasePath;
    private string $logPath;
    private Kernel $kernel;
    private CrawlDatabase $database;
    private GeneratedSite $site;

    protected function setUp(): void
    {
        foreach (self::ENVIRONMENT as $name => $value) {
            putenv("$name=$value");
        }
        $this->fetchesPath = (string) tempnam(sys_get_temp_dir(), 'crawl-fetches-');
        $this->databasePath = (string) tempnam(sys_get_temp_dir(), 'crawler-db-');
        $this->logPath = (string) tempnam(sys_get_temp_dir(), 'crawler-log-');
        $this->api = CrawlApiServer::start([
            'CRAWL_SITE_SEED' => (string) self::SEED,
            'CRAWL_SITE_PAGES' => (string) self::PAGES,
            'CRAWL_SITE_DELAY_MS' => '1',
            'CRAWL_SITE_FETCHES' => $this->fetchesPath,
        ]);
        $this->kernel = new Kernel(Kernel::settings($this->databasePath, $this->api->url(), $this->logPath));
        $this->kernel->boot();
        $this->database = new CrawlDatabase($this->databasePath);
        $this->database->createSchema();
        $this->site = new GeneratedSite(self::SEED, self::PAGES);
        foreach ($this->site->seeds() as $seed) {
            $this->database->addUrl($seed, 'seed');
        }
    }

    protected function tearDown(): void
    {
        $this->api->stop();
        $this->kernel->removeCache();
        foreach ([$this->fetchesPath, $this->databasePath, $this->logPath] as $file) {
            @unlink($file);
        }
        foreach (array_keys(self::ENVIRONMENT) as $name) {
            putenv($name);
        }
    }

    public function testTheEmbeddedCrawlFetchesEveryPageOnceAndStoresItAsFound(): void
    {
        $container = $this->kernel->getContainer();
        $state = $container->get(CrawlState::class);
        $this->assertInstanceOf(InMemoryCrawlState::class, $state, 'sync:// needs no Redis');
        $command = (new Application($this->kernel))->find('app:crawler:dispatch');
        $this->assertInstanceOf(LazyCommand::class, $command);
        $this->assertInstanceOf(CrawlerDispatchCommand::class, $command->getCommand());
        $tester = new CommandTester($command);

        $this->assertSame(0, $tester->execute([]));
        $expected = $this->site->expected(self::DEPTH);
        $disallowed = $this->site->disallowedFound(self::DEPTH);
        $this->assertNotEmpty($disallowed, 'robots.txt disallows pages the crawl finds');
        $this->assertStringContainsString('Dispatched 24 seed URLs on 24 sites', $tester->getDisplay());
        // Seen: every page found; done: fetched, or left out by robots.txt.
        $progress = sprintf('pages seen %1$d, done %1$d', count($expected) + count($disallowed));
        $this->assertStringContainsString($progress, $tester->getDisplay());

        // What the crawl API received: every page of the expected set, each once, under a key
        // of a page (a URL the crawler got wrong would have none), only ASCII URLs.
        $fetches = array_map(
            static fn (string $line): array => json_decode($line, true, 512, JSON_THROW_ON_ERROR),
            file($this->fetchesPath, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) ?: []
        );
        // robots.txt: one request per origin the crawl visited, plus the file one redirects to.
        $isRobots = static fn (array $f): bool => $f['robots'] ?? false;
        $robots = array_column(array_filter($fetches, $isRobots), 'url');
        $fetches = array_values(array_filter($fetches, static fn (array $f): bool => !($f['robots'] ?? false)));
        $this->assertSame(array_unique($robots), $robots, 'each robots.txt once');
        $this->assertContains('http://www.roastery-alpha.com/robots-blog.txt', $robots);
        $this->assertCount(count($this->site->hosts()) + 1, $robots);
        $keys = array_column($fetches, 'key');
        $fetchedDisallowed = array_values(array_intersect($keys, array_keys($disallowed)));
        $this->assertSame([], $fetchedDisallowed, 'disallowed pages fetched');
        $this->assertNotContains(null, $keys, 'no URL of no page');
        $this->assertSame([], array_keys(array_filter(array_count_values($keys), static fn (int $n): bool => $n > 1)));
        $this->assertEqualsCanonicalizing(array_keys($expected), $keys);
        // The depth limit bounds the trap: the calendar's months 1..3 ahead and 2..3 back.
        $trap = array_filter($keys, [$this->site, 'isTrap']);
        $this->assertCount(2 * self::DEPTH - 1, $trap);
        foreach (array_column($fetches, 'url') as $url) {
            $this->assertMatchesRegularExpression('/^https?:\/\/[\x21-\x7e]+$/', $url);
        }

        // The seeds' rows are untouched (Unicode hosts as stored); each page has a row with the
        // URL as resolved from the page that linked it, and a successful result.
        $urls = array_column($this->database->urls(), 'url');
        $this->assertSame($this->site->seeds(), array_slice($urls, 0, 24));
        $this->assertCount(count($expected), $urls);
        // Each found page's row also says how the page that found it wrote the link.
        $labels = array_slice(array_column($this->database->urls(), 'label'), 24);
        $this->assertSame([], preg_grep('/^depth [1-3], linked as ./', $labels, PREG_GREP_INVERT));
        $this->assertNotEmpty(preg_grep('/linked as \.\.\//', $labels), 'a ../ link among them');
        $this->assertNotEmpty(preg_grep('/linked as HTTPS?:\/\/[^\/]+:(80|443)\//', $labels), 'a shouted one');
        $results = $this->database->results();
        $this->assertCount(count($expected), $results);
        $this->assertSame(['success'], array_values(array_unique(array_column($results, 'status'))));
        $normalizer = new UrlNormalizer();
        foreach ($results as $result) {
            $this->assertSame(
                $normalizer->normalize($urls[$result['crawl_url_id'] - 1]),
                $result['url_sent'],
                'the URL sent is the stored one, normalized just in time'
            );
        }

        // The bad pages cost a warning each and nothing else.
        $handler = $container->get(TestHandler::class);
        $this->assertInstanceOf(TestHandler::class, $handler);
        $warnings = array_values(array_filter(
            $handler->getRecords(),
            static fn (array $r): bool => $r['level_name'] === 'WARNING'
        ));
        $notUtf8 = 'Page is not UTF-8; its links are read as ISO-8859-1';
        $this->assertSame(
            ['Link left out: it cannot be resolved' => 3, $notUtf8 => 1],
            array_count_values(array_column($warnings, 'message'))
        );
        $contexts = array_column($warnings, 'context', 'message');
        $this->assertStringEndsWith('/bad/latin1.html', $contexts[$notUtf8]['url']);
    }

    public function testTheSeenSetLetsTheFirstWriterWinAndItsRedeliveryFinishTheJob(): void
    {
        $state = new InMemoryCrawlState();
        $state->reset(['a.com' => 'https://a.com/']);
        $this->assertSame(['k1', 'k2'], $state->claim('page-1', ['k1', 'k2']));
        // Another page links the same pages: nothing to send.
        $this->assertSame([], $state->claim('page-2', ['k1', 'k2']));
        // page-1 died after sending k1 only; redelivered, it sends k2 and not k1 again.
        $state->markDispatched('k1');
        $this->assertSame(['k2'], $state->claim('page-1', ['k1', 'k2']));
        $state->markDone('k1');
        $this->assertSame(['seen' => 2, 'done' => 1], $state->progress());
    }

    public function testPolitenessCountsTheDelayFromTheEndOfTheSitesLastResponse(): void
    {
        $state = new InMemoryCrawlState();
        $this->assertSame([true, 0], $state->acquire('a.com', 'w', 200, 10_000, 50));
        usleep(100_000);
        // The response took 100 ms: the delay starts when it ended, not when the request left.
        $state->release('a.com', 'w', 200);
        [$taken, $wait] = $state->acquire('a.com', 'w', 200, 10_000, 50);
        $this->assertTrue($taken, 'one process takes the site however long the wait');
        $this->assertGreaterThan(150, $wait);
        $this->assertLessThanOrEqual(200, $wait);
        $this->assertSame([true, 0], $state->acquire('b.com', 'w', 200, 10_000, 50), 'another site');
    }

    /**
     * The generated web's robots.txt files say what GeneratedSite::disallowed() reads in them:
     * for every link of every page the crawl fetches, however it is spelled (relative,
     * `index.html`, tracking parameters, escaped letters, Unicode hosts), RobotsTxt answers
     * what the generator, which knows its own rules, expects.
     */
    public function testRobotsTxtAgreesWithTheGeneratorOnEveryLink(): void
    {
        $normalizer = new UrlNormalizer();
        $robots = [];
        $rulesOf = function (string $url) use (&$robots, $normalizer): RobotsTxt {
            $origin = (string) preg_replace('~^(https?://[^/]+).*$~', '$1', $normalizer->normalize($url));
            if (!isset($robots[$origin])) {
                $location = "$origin/robots.txt";
                for ($hops = 0; $hops <= 5; $hops++) {
                    $answer = $this->site->resource($location);
                    $this->assertNotNull($answer, $location);
                    if ($answer['location'] === null) {
                        break;
                    }
                    $location = $normalizer->resolve($answer['location'], $location);
                }
                $robots[$origin] = $answer['status'] === 200
                    ? RobotsTxt::parse($answer['body'], "$origin/robots.txt")
                    : RobotsTxt::forStatus($answer['status']);
            }
            return $robots[$origin];
        };
        $links = 0;
        $disallowed = 0;
        foreach (array_keys($this->site->expected(self::DEPTH)) as $page) {
            foreach ($this->site->links($page) as [$target, $href]) {
                if ($target === null) {
                    continue;
                }
                $url = $normalizer->resolve($href, $page);
                $allowed = $rulesOf($url)->isAllowed($url, GeneratedSite::ROBOTS_AGENT);
                $this->assertSame(!$this->site->disallowed($target), $allowed, "$href on $page ($url)");
                $links++;
                $disallowed += $allowed ? 0 : 1;
            }
        }
        $this->assertGreaterThan(1000, $links);
        $this->assertGreaterThan(100, $disallowed);
    }
}
