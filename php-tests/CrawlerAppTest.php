<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use App\Command\CrawlerRunCommand;
use App\Database\CrawlDatabase;
use App\Database\ExampleUrls;
use App\Kernel;
use App\Service\Crawler\Implementations\Crawl4Ai\Http\Crawl4AiRequestBuilder;
use App\Service\Crawler\Implementations\Spider\Http\CrawlRequestBuilder;
use Monolog\Handler\TestHandler;
use PHPUnit\Framework\TestCase;
use Symfony\Bundle\FrameworkBundle\Console\Application;
use Symfony\Component\Console\Tester\CommandTester;
use Symfony\Component\DependencyInjection\ContainerInterface;
use Symfony\Component\DependencyInjection\ParameterBag\ParameterBag;
use Symfony\Component\HttpClient\HttpClient;
use UrlNormalize\Tests\Support\CrawlApiServer;
use UrlNormalize\UrlNormalizer;

/**
 * The seed's crawler end to end: a Symfony kernel with FrameworkBundle and the url_normalize
 * bundle (config/packages/url_normalize.yaml), a YAML services file, Monolog, SQLite, the
 * app:crawler:run console command, and real HTTP to a crawl API on loopback.
 *
 * Group subprocess: it starts PHP through PHP_BINARY (the console command, the crawl API's
 * server), which a PHP run under qemu-user cannot (scripts/platform/aarch64-glibc.sh).
 *
 * @group subprocess
 */
final class CrawlerAppTest extends TestCase
{
    /** What each of ExampleUrls::ALL must become; null: invalid, sent unchanged and refused. */
    private const NORMALIZED = [
        'korean' => 'https://xn--910ba870d2ola729pxvdzqk.com/products/ethiopia',
        'japanese' => 'https://xn--tck2c4fb.jp/products/natural-process',
        'accented path' => 'https://example.com/products/caf%C3%A9%20colombia',
        'already encoded' => 'https://example.com/caf%C3%A9',
        'malformed' => null,
        'scheme-less' => 'https://example.com/products',
        'latin-1 bytes' => 'https://example.com/caf%E9',
        'credentials' => 'https://crawler:s3cret@example.com/members/caf%C3%A9',
    ];

    /** How the log shows a row whose URL holds a password: `***` in its place. */
    private const LOGGED = [
        'credentials' => [
            'original' => 'https://crawler:***@example.com/members/café',
            'normalized' => 'https://crawler:***@example.com/members/caf%C3%A9',
        ],
    ];

    private static CrawlApiServer $api;
    private string $databasePath;
    private string $logPath;
    private Kernel $kernel;
    private ContainerInterface $container;
    private CrawlDatabase $database;
    /** @var array<string, int> label => crawl_url id */
    private array $ids = [];

    public static function setUpBeforeClass(): void
    {
        self::$api = CrawlApiServer::start();
    }

    public static function tearDownAfterClass(): void
    {
        self::$api->stop();
    }

    protected function setUp(): void
    {
        $this->databasePath = (string) tempnam(sys_get_temp_dir(), 'crawler-db-');
        $this->logPath = (string) tempnam(sys_get_temp_dir(), 'crawler-log-');
        $this->kernel = new Kernel($this->settings());
        $this->kernel->boot();
        $this->container = $this->kernel->getContainer();
        $this->database = new CrawlDatabase($this->databasePath);
        $this->database->createSchema();
        $this->ids = ExampleUrls::seed($this->database);
    }

    protected function tearDown(): void
    {
        $this->kernel->removeCache();
        unlink($this->databasePath);
        unlink($this->logPath);
    }

    // --- the seed's integration tests (AbstractRequestBuilderTest) ------------------------

    public function testNormalizesUrlBeforeCreatingPayload(): void
    {
        // The seed mocks its normalizer; the native class is final, so the real one runs.
        $builder = new CrawlRequestBuilder(new UrlNormalizer(), $this->params());
        $builder->build('https://コーヒー.jp/products/ethiopia');

        $payload = $builder->getPayload();
        $this->assertEquals('https://xn--tck2c4fb.jp/products/ethiopia', $payload['url']);
    }

    public function testSpiderCrawlerUsesNormalizedUrl(): void
    {
        $builder = new CrawlRequestBuilder(new UrlNormalizer(), $this->params());
        $builder->build('https://example.com/café');

        $payload = $builder->getPayload();
        $this->assertStringContainsString('%C3%A9', $payload['url']);
        $this->assertSame('https://example.com/caf%C3%A9', $payload['url']);
    }

    public function testCrawl4aiCrawlerUsesNormalizedUrl(): void
    {
        $builder = new Crawl4AiRequestBuilder(new UrlNormalizer(), $this->params());
        $builder->build('https://example.com/café');

        $payload = $builder->getPayload();
        $this->assertStringContainsString('%C3%A9', $payload['urls'][0]);
        $this->assertSame(['https://example.com/caf%C3%A9'], $payload['urls']);
    }

    // --- the app, for real ---------------------------------------------------------------

    public function testTheAppRunsOnTheBundle(): void
    {
        $bundles = array_keys($this->kernel->getBundles());
        $this->assertSame(['FrameworkBundle', 'UrlNormalizeBundle'], $bundles);
        // Its url:normalize command, in the app's console, with the app's normalizer
        // (config/packages/url_normalize.yaml: lenient, so the malformed row is only reported).
        $application = new Application($this->kernel);
        $tester = new CommandTester($application->find('url:normalize'));
        $this->assertSame(1, $tester->execute(['url' => ['https://コーヒー.jp/products/natural-process',
            'https://exa mple.com/broken'], '--format' => 'json']));
        $results = json_decode($tester->getDisplay(), true, 512, JSON_THROW_ON_ERROR);
        $this->assertSame(self::NORMALIZED['japanese'], $results[0]['normalize']);
        $this->assertSame('https://コーヒー.jp/products/natural-process', $results[0]['display']);
        $this->assertFalse($results[1]['valid']);
    }

    public function testTheContainerInjectsTheNativeNormalizerWithTheMonologLogger(): void
    {
        $command = $this->container->get(CrawlerRunCommand::class);
        $this->assertInstanceOf(CrawlerRunCommand::class, $command);
        $builders = (new \ReflectionProperty($command, 'builders'))->getValue($command);
        $normalizers = [];
        foreach ($builders as $name => $builder) {
            $normalizers[$name] = (new \ReflectionProperty($builder, 'urlNormalizer'))->getValue($builder);
            $this->assertInstanceOf(UrlNormalizer::class, $normalizers[$name]);
        }
        $this->assertSame($normalizers['spider'], $normalizers['crawl4ai'], 'one shared service');

        // Its logger is the container's Monolog logger: a normalization lands in the TestHandler.
        $normalizers['spider']->normalize('faß.de');
        $handler = $this->container->get(TestHandler::class);
        $this->assertInstanceOf(TestHandler::class, $handler);
        $this->assertTrue($handler->hasDebugThatContains('URL normalized for HTTP request'));
    }

    /**
     * @dataProvider crawlers
     */
    public function testEveryRowThroughTheCommand(string $crawler, string $payloadKey): void
    {
        $before = $this->database->urls();
        $tester = new CommandTester($this->container->get(CrawlerRunCommand::class));
        $recordsBefore = count(self::$api->records());

        $exitCodes = [];
        foreach ($this->ids as $label => $id) {
            $exitCodes[$label] = $tester->execute(['--url' => (string) $id, '--crawler' => $crawler]);
        }

        // The stored URLs are byte for byte what was found.
        $this->assertSame($before, $this->database->urls());
        $this->assertSame(array_values(ExampleUrls::ALL), array_column($this->database->urls(), 'url'));

        // One result per row: success with the normalized URL, or a clear failure.
        $results = $this->database->results();
        $this->assertCount(count(ExampleUrls::ALL), $results);
        foreach (array_keys(ExampleUrls::ALL) as $index => $label) {
            [$original, $normalized] = [ExampleUrls::ALL[$label], self::NORMALIZED[$label]];
            $result = $results[$index];
            $this->assertSame($this->ids[$label], $result['crawl_url_id']);
            $this->assertSame($crawler, $result['crawler']);
            if ($normalized === null) {
                $this->assertSame(1, $exitCodes[$label], $label);
                $this->assertSame('failed', $result['status'], $label);
                $this->assertContains($result['http_status'], [400, 422]);
                $this->assertStringContainsString('invalid url', $result['detail']);
                $this->assertSame($original, $result['url_sent'], 'lenient: the malformed URL is sent as it is');
            } else {
                $this->assertSame(0, $exitCodes[$label], $label);
                $this->assertSame('success', $result['status'], $label);
                $this->assertSame(200, $result['http_status']);
                $this->assertSame($normalized, $result['url_sent'], $label);
            }
        }

        // The crawl API really received the payloads, over HTTP, with the token.
        $received = array_slice(self::$api->records(), $recordsBefore);
        $this->assertCount(count(ExampleUrls::ALL), $received);
        foreach (array_values(ExampleUrls::ALL) as $index => $original) {
            $normalized = array_values(self::NORMALIZED)[$index];
            $payload = json_decode($received[$index]['body'], true);
            $sent = $payloadKey === 'url' ? $payload['url'] : $payload['urls'][0];
            $this->assertSame($normalized ?? $original, $sent);
            $this->assertSame('POST', $received[$index]['method']);
            $this->assertStringStartsWith('Bearer ', (string) $received[$index]['authorization']);
        }
    }

    /**
     * @return array<string, array{string, string}>
     */
    public static function crawlers(): array
    {
        return ['spider' => ['spider', 'url'], 'crawl4ai' => ['crawl4ai', 'urls']];
    }

    public function testTheLogHoldsEachNormalizationAndTheWarning(): void
    {
        $tester = new CommandTester($this->container->get(CrawlerRunCommand::class));
        foreach ($this->ids as $id) {
            $tester->execute(['--url' => (string) $id]);
        }

        $handler = $this->container->get(TestHandler::class);
        $this->assertInstanceOf(TestHandler::class, $handler);
        $debug = array_values(array_filter(
            $handler->getRecords(),
            static fn (array $record): bool => $record['message'] === 'URL normalized for HTTP request'
        ));
        $expected = [];
        foreach (ExampleUrls::ALL as $label => $original) {
            $normalized = self::NORMALIZED[$label];
            if ($normalized !== null && $normalized !== $original) {
                $expected[] = self::LOGGED[$label] ?? ['original' => $original, 'normalized' => $normalized];
            }
        }
        $this->assertSame($expected, array_column($debug, 'context'));
        $this->assertStringNotContainsString('s3cret', serialize($handler->getRecords()), 'no password in the log');
        $this->assertSame(array_fill(0, count($expected), 'DEBUG'), array_column($debug, 'level_name'));

        $warnings = array_values(array_filter(
            $handler->getRecords(),
            static fn (array $r): bool => $r['level_name'] === 'WARNING'
        ));
        $this->assertCount(1, $warnings);
        $this->assertSame('Failed to convert IDN to ASCII', $warnings[0]['message']);
        $this->assertSame('exa mple.com', $warnings[0]['context']['host']);
        $this->assertSame('https://exa mple.com/broken', $warnings[0]['context']['url']);

        // The same records reached the log file through Monolog's StreamHandler.
        $log = (string) file_get_contents($this->logPath);
        $this->assertStringContainsString('crawler.DEBUG: URL normalized for HTTP request', $log);
        $this->assertStringContainsString('https://crawler:***@example.com/members/caf%C3%A9', $log);
        $this->assertStringNotContainsString('s3cret', $log);
    }

    public function testTheConsoleRunsAsItsOwnProcess(): void
    {
        $extension = getenv('URL_NORMALIZE_EXTENSION') ?: dirname(__DIR__) . '/target/release/liburl_normalize.so';
        $process = proc_open(
            [PHP_BINARY, '-d', "extension=$extension", __DIR__ . '/app/bin/console', 'app:crawler:run',
                '--url', (string) $this->ids['korean'], '--crawler', 'crawl4ai'],
            [1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
            $pipes,
            null,
            [
                'CRAWLER_DATABASE' => $this->databasePath,
                'CRAWL_API_URL' => self::$api->url(),
                'CRAWLER_LOG' => $this->logPath,
            ] + getenv()
        );
        $this->assertIsResource($process);
        $stdout = (string) stream_get_contents($pipes[1]);
        $stderr = (string) stream_get_contents($pipes[2]);
        $this->assertSame(0, proc_close($process), $stdout . $stderr);

        $this->assertStringContainsString('crawled ' . $this->ids['korean'] . ' via crawl4ai', $stdout);
        $result = $this->database->results()[0];
        $this->assertSame(
            ['success', 'https://xn--910ba870d2ola729pxvdzqk.com/products/ethiopia'],
            [$result['status'], $result['url_sent']]
        );
        $this->assertStringContainsString(
            '"original":"https://나나커피로스터스.com/products/ethiopia"',
            (string) file_get_contents($this->logPath)
        );
    }

    public function testAnUnknownRowOrCrawlerIsReportedNotCrashed(): void
    {
        $tester = new CommandTester($this->container->get(CrawlerRunCommand::class));
        $this->assertSame(1, $tester->execute(['--url' => '999']));
        $this->assertStringContainsString('No crawl_url row with id 999', $tester->getDisplay());
        $this->assertSame(2, $tester->execute(['--url' => '1', '--crawler' => 'firecrawl']));
        $this->assertSame([], $this->database->results());
    }

    /**
     * @dataProvider normalizedTargets
     */
    public function testTheSiteReceivesTheAsciiHostAndRequestTarget(string $label, string $host, string $target): void
    {
        $normalized = (string) self::NORMALIZED[$label];
        $this->assertSame("https://$host$target", $normalized);
        // Fetch the normalized URL itself, over plain HTTP on the loopback port; `resolve`
        // sends the punycode host to 127.0.0.1 as DNS would send it to the real server.
        $url = 'http://' . $host . ':' . self::$api->port . $target;
        $response = HttpClient::create()->request('GET', $url, ['resolve' => [$host => '127.0.0.1']]);

        $this->assertSame(200, $response->getStatusCode());
        $this->assertSame(['host' => "$host:" . self::$api->port, 'target' => $target], $response->toArray());
        $last = self::$api->records()[count(self::$api->records()) - 1];
        $this->assertSame([$host . ':' . self::$api->port, $target], [$last['host'], $last['target']]);
    }

    /**
     * @return array<string, array{string, string, string}>
     */
    public static function normalizedTargets(): array
    {
        return [
            'korean host' => ['korean', 'xn--910ba870d2ola729pxvdzqk.com', '/products/ethiopia'],
            'japanese host' => ['japanese', 'xn--tck2c4fb.jp', '/products/natural-process'],
            'accented path' => ['accented path', 'example.com', '/products/caf%C3%A9%20colombia'],
        ];
    }

    private function params(): ParameterBag
    {
        return new ParameterBag([
            'crawler.spider.api_url' => self::$api->url() . '/spider/crawl',
            'crawler.spider.api_token' => 'spider-test-token',
            'crawler.crawl4ai.api_url' => self::$api->url() . '/crawl4ai/crawl',
            'crawler.crawl4ai.api_token' => 'crawl4ai-test-token',
        ]);
    }

    /**
     * @return array{database_path: string, spider_api_url: string, crawl4ai_api_url: string, log_file: string}
     */
    private function settings(): array
    {
        return Kernel::settings($this->databasePath, self::$api->url(), $this->logPath);
    }
}
