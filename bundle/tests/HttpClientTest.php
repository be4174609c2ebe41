<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Tests;

use Symfony\Component\DependencyInjection\Loader\Configurator\ContainerConfigurator;
use Symfony\Component\HttpClient\HttpClient;
use Symfony\Contracts\HttpClient\Exception\TransportExceptionInterface;
use UrlNormalize\Bundle\HttpClient\NormalizingHttpClient;
use UrlNormalize\Bundle\HttpClient\RefusedUrlException;
use UrlNormalize\Bundle\Tests\Support\AutowiredHttpClients;
use UrlNormalize\Bundle\Tests\Support\KernelTestCase;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\Tests\Support\CrawlApiServer;
use UrlNormalize\UrlNormalizer;

/**
 * NormalizingHttpClient in a kernel with HttpClient, against the crawl API's loopback server
 * (php-tests/app/api/router.php), which records the Host header and request target it
 * received: what reaches the wire is the normalized URL.
 *
 * Group subprocess: the server is a PHP subprocess (PHP_BINARY -S).
 *
 * @group subprocess
 */
final class HttpClientTest extends KernelTestCase
{
    private static CrawlApiServer $api;

    /**
     * Starts the loopback server, once for the class.
     */
    public static function setUpBeforeClass(): void
    {
        self::$api = CrawlApiServer::start();
    }

    /**
     * Stops the server.
     */
    public static function tearDownAfterClass(): void
    {
        self::$api->stop();
    }

    public function testHttpClientAndTheListedScopedClientAreDecorated(): void
    {
        $clients = $this->clients();

        $this->assertInstanceOf(NormalizingHttpClient::class, $clients->httpClient);
        $this->assertInstanceOf(NormalizingHttpClient::class, $clients->crawlerClient);
    }

    public function testTheRequestCarriesTheNormalizedHostAndTarget(): void
    {
        $port = self::$api->port;
        $response = $this->clients()->httpClient->request('GET', "http://コーヒー.jp:$port/café colombia?q=a b", [
            'resolve' => ['xn--tck2c4fb.jp' => '127.0.0.1'],
        ]);

        $this->assertSame(200, $response->getStatusCode());
        $this->assertSame(
            ['host' => "xn--tck2c4fb.jp:$port", 'target' => '/caf%C3%A9%20colombia?q=a%20b'],
            $this->lastRequest()
        );
    }

    public function testBackslashesTabsAndDotSegmentsAsABrowserReadsThem(): void
    {
        $api = self::$api->url();
        $this->clients()->httpClient->request('GET', " $api\\a\\./b/../c\td ")->getStatusCode();

        $this->assertSame('/a/cd', $this->lastRequest()['target']);
    }

    public function testARelativeUrlIsResolvedAgainstTheScopedClientsBaseUri(): void
    {
        $this->clients()->crawlerClient->request('GET', '../docker-deployment')->getStatusCode();

        $this->assertSame('/docker-deployment', $this->lastRequest()['target']);
    }

    public function testARelativeUrlIsResolvedAgainstTheRequestsBaseUri(): void
    {
        $api = self::$api->url();
        $this->clients()->httpClient->request('GET', 'page two', ['base_uri' => "$api/dir/"])->getStatusCode();

        $this->assertSame('/dir/page%20two', $this->lastRequest()['target']);
    }

    public function testARefusedUrlIsNeverSent(): void
    {
        $client = $this->clients()->httpClient;
        $before = count(self::$api->records());
        try {
            $client->request('GET', 'https://exa mple.com/');
            $this->fail('an invalid URL must not be sent');
        } catch (TransportExceptionInterface $e) {
            // What a caller of any Symfony client catches; the normalizer's reason is kept.
            $this->assertInstanceOf(RefusedUrlException::class, $e);
            $this->assertSame('Cannot normalize `https://exa mple.com/`: the host contains a character that is not'
                . ' allowed in a host (host `exa mple.com`)', $e->getMessage());
            $this->assertInstanceOf(InvalidUrlException::class, $e->getPrevious());
            $this->assertSame($e->getMessage(), $e->getPrevious()->getMessage());
        }
        $this->assertCount($before, self::$api->records());
    }

    public function testTheChosenNormalizersOptionsApply(): void
    {
        // http_client.normalizer: only_loopback allows 127.0.0.1 and nothing else.
        $clients = $this->clients(['normalizer' => 'only_loopback']);
        $port = self::$api->port;
        $before = count(self::$api->records());

        $this->assertSame(200, $clients->httpClient->request('GET', "http://127.0.0.1:$port/ok")->getStatusCode());
        $this->expectException(RefusedUrlException::class);
        $this->expectExceptionMessage('`localhost`');
        try {
            $clients->httpClient->request('GET', "http://localhost:$port/refused");
        } finally {
            $this->assertCount($before + 1, self::$api->records());
        }
    }

    public function testFrameworksMaxRedirectsReachTheDecorators(): void
    {
        $api = self::$api->url();
        // Two redirects, the last to a Location Symfony would not resolve as a browser does.
        $chain = "$api/redirect/302?to=" . rawurlencode('/redirect/301?to=' . rawurlencode('\\landing\\page'));
        $clients = $this->clients([], [
            'default_options' => ['max_redirects' => 0],
            'scoped_clients' => ['crawler.client' => ['base_uri' => "$api/core/quickstart", 'max_redirects' => 1]],
        ]);

        $response = $clients->httpClient->request('GET', $chain);
        $this->assertSame([302, 0], [$response->getStatusCode(), $response->getInfo('redirect_count')]);
        $response = $clients->crawlerClient->request('GET', $chain);
        $this->assertSame([301, 1], [$response->getStatusCode(), $response->getInfo('redirect_count')]);
        $this->assertSame("$api/landing/page", $response->getInfo('redirect_url'));
        $response = $clients->crawlerClient->request('GET', $chain, ['max_redirects' => 2]);
        $this->assertSame([200, '/landing/page'], [$response->getStatusCode(), $this->lastRequest()['target']]);
    }

    public function testConstructedByHandWithOptionsOfItsOwn(): void
    {
        $api = self::$api->url();
        $client = (new NormalizingHttpClient(HttpClient::create(), new UrlNormalizer()))
            ->withOptions(['base_uri' => "$api/core/quickstart"]);

        $client->request('GET', './install guide')->getStatusCode();
        $this->assertSame('/core/install%20guide', $this->lastRequest()['target']);
    }

    /**
     * The clients of a kernel with framework.http_client (the scoped client crawler.client,
     * based at the API's /core/quickstart) and url_normalize.http_client with $httpClient.
     *
     * @param array<string, mixed> $httpClient more of url_normalize.http_client
     * @param array<string, mixed> $framework framework.http_client in place of the defaults
     */
    private function clients(array $httpClient = [], array $framework = []): AutowiredHttpClients
    {
        $kernel = $this->bootKernel([
            'framework' => ['http_client' => $framework + [
                'enabled' => true,
                'scoped_clients' => ['crawler.client' => ['base_uri' => self::$api->url() . '/core/quickstart']],
            ]],
            'url_normalize' => [
                'normalizers' => ['only_loopback' => ['allowed_hosts' => ['127.0.0.1']]],
                'http_client' => $httpClient + ['enabled' => true, 'scoped_clients' => ['crawler.client']],
            ],
        ], [], static function (ContainerConfigurator $container): void {
            $container->services()->set(AutowiredHttpClients::class)->autowire()->public();
        });
        $clients = self::testContainer($kernel)->get(AutowiredHttpClients::class);
        \assert($clients instanceof AutowiredHttpClients);
        return $clients;
    }

    /**
     * The Host header and request target of the last request the server received.
     *
     * @return array{host: string, target: string}
     */
    private function lastRequest(): array
    {
        $records = self::$api->records();
        $last = end($records);
        $this->assertIsArray($last, 'the server received a request');
        return ['host' => $last['host'], 'target' => $last['target']];
    }
}
