<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Tests;

use PHPUnit\Framework\TestCase;
use Symfony\Component\HttpClient\HttpClient;
use Symfony\Component\HttpClient\NativeHttpClient;
use Symfony\Contracts\HttpClient\Exception\TransportExceptionInterface;
use Symfony\Contracts\HttpClient\HttpClientInterface;
use Symfony\Contracts\HttpClient\ResponseInterface;
use UrlNormalize\Bundle\HttpClient\NormalizingHttpClient;
use UrlNormalize\Bundle\HttpClient\RefusedUrlException;
use UrlNormalize\Bundle\Tests\Support\SimulatedNetwork;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\Tests\Support\CrawlApiServer;
use UrlNormalize\UrlNormalizer;

/**
 * NormalizingHttpClient's redirects, address checks and relative URLs, against two loopback
 * servers (php-tests/app/api/router.php: /redirect/NNN?to=URL answers NNN with that Location,
 * and every request is recorded with its method, target, Host, Authorization, Cookie and body).
 *
 * The Locations are written as a browser reads them and Symfony does not (`\landing\.\page
 * one`): the hop that reaches the server shows which of the two judged and resolved it.
 *
 * Group subprocess: the servers are PHP subprocesses (PHP_BINARY -S).
 *
 * @group subprocess
 */
final class HttpClientRedirectTest extends TestCase
{
    private const LANDING = '\landing\.\page one';
    private const LANDING_TARGET = '/landing/page%20one';

    private static CrawlApiServer $api;
    private static CrawlApiServer $other;

    /**
     * Starts the two servers, once for the class: the same host, two ports, two origins.
     */
    public static function setUpBeforeClass(): void
    {
        self::$api = CrawlApiServer::start();
        self::$other = CrawlApiServer::start();
    }

    /**
     * Stops the servers.
     */
    public static function tearDownAfterClass(): void
    {
        self::$api->stop();
        self::$other->stop();
    }

    /**
     * @dataProvider methodRules
     */
    public function testEachRedirectStatusWithSymfonysMethodAndBodyRules(
        int $status,
        string $method,
        string $hopMethod,
        bool $bodyKept
    ): void {
        $api = self::$api->url();
        $before = count(self::$api->records());
        $body = $method === 'HEAD' ? [] : ['body' => 'a=1', 'headers' => ['Content-Type' => 'text/plain']];
        $response = $this->client()->request($method, self::redirect($api, $status, self::LANDING), $body);

        $this->assertSame(200, $response->getStatusCode());
        $records = array_slice(self::$api->records(), $before);
        $this->assertCount(2, $records);
        $this->assertSame([$method, $body === [] ? '' : 'a=1'], [$records[0]['method'], $records[0]['body']]);
        $this->assertSame(
            [$hopMethod, self::LANDING_TARGET, $bodyKept ? 'a=1' : ''],
            [$records[1]['method'], $records[1]['target'], $records[1]['body']]
        );
        $this->assertSame("$api" . self::LANDING_TARGET, $response->getInfo('url'));
        $this->assertSame(1, $response->getInfo('redirect_count'));
        $this->assertNull($response->getInfo('redirect_url'));
        $this->assertSame($hopMethod, $response->getInfo('http_method'));
    }

    /**
     * Symfony's (and curl's, and browsers') rules: 303 makes any method but HEAD a GET, 301 and
     * 302 make POST a GET; the body goes with the method. 307 and 308 keep both.
     *
     * @return iterable<string, array{int, string, string, bool}>
     */
    public static function methodRules(): iterable
    {
        yield '301 POST' => [301, 'POST', 'GET', false];
        yield '302 POST' => [302, 'POST', 'GET', false];
        yield '302 PUT' => [302, 'PUT', 'PUT', true];
        yield '303 POST' => [303, 'POST', 'GET', false];
        yield '303 PUT' => [303, 'PUT', 'GET', false];
        yield '303 HEAD' => [303, 'HEAD', 'HEAD', false];
        yield '307 POST' => [307, 'POST', 'POST', true];
        yield '308 PUT' => [308, 'PUT', 'PUT', true];
    }

    /**
     * @dataProvider privateLocations
     */
    public function testARedirectToAPrivateAddressIsRefusedUnderBlockPrivateHosts(int $status, string $location): void
    {
        $port = self::$api->port;
        $client = $this->client(['block_private_hosts' => true]);
        $before = count(self::$api->records());

        $response = $client->request('POST', self::redirect("http://public.example:$port", $status, $location), [
            'resolve' => ['public.example' => SimulatedNetwork::PUBLIC_ADDRESS],
            'body' => 'a=1',
        ]);
        $refused = $this->refusal($response);

        $this->assertInstanceOf(InvalidUrlException::class, $refused->getPrevious());
        $this->assertStringStartsWith("Refused to follow a $status redirect: Cannot resolve", $refused->getMessage());
        $this->assertStringContainsString('(block_private_hosts)', $refused->getMessage());
        $records = array_slice(self::$api->records(), $before);
        $this->assertSame([['public.example:' . $port, 'POST']], array_map(
            static fn (array $record): array => [$record['host'], $record['method']],
            $records
        ), 'only the public host was requested');
    }

    /**
     * Each redirect status to the loopback server, by address, by name and by an address in
     * another form.
     *
     * @return iterable<string, array{int, string}>
     */
    public static function privateLocations(): iterable
    {
        foreach ([301, 302, 303, 307, 308] as $status) {
            yield "$status 127.0.0.1" => [$status, 'http://127.0.0.1:PORT/secret'];
            yield "$status localhost" => [$status, 'http://localhost:PORT/secret'];
            yield "$status 0x7f.1" => [$status, 'http://0x7f.1:PORT/secret'];
        }
    }

    /**
     * @dataProvider privateLocations
     */
    public function testARedirectOutsideAllowedHostsIsRefused(int $status, string $location): void
    {
        $port = self::$api->port;
        $client = $this->client(['allowed_hosts' => ['public.example']]);
        $before = count(self::$api->records());

        $response = $client->request('GET', self::redirect("http://public.example:$port", $status, $location), [
            'resolve' => ['public.example' => '127.0.0.1'],
        ]);
        $refused = $this->refusal($response);

        $this->assertStringContainsString('allowed_hosts', $refused->getMessage());
        $records = array_slice(self::$api->records(), $before);
        $this->assertSame(['public.example:' . $port], array_column($records, 'host'), 'only the allowed host');
    }

    public function testMaxRedirectsFromTheRequestWithOptionsOrTheConstructor(): void
    {
        $api = self::$api->url();
        $chain = self::redirect($api, 302, self::redirect('', 301, self::LANDING));
        $hop = "$api/redirect/301?to=" . rawurlencode(self::LANDING);
        $landing = $api . self::LANDING_TARGET;
        $info = static fn (ResponseInterface $response): array => [
            $response->getStatusCode(),
            $response->getInfo('redirect_count'),
            $response->getInfo('redirect_url'),
            $response->getInfo('url'),
        ];
        $client = $this->client();

        $this->assertSame([200, 2, null, $landing], $info($client->request('GET', $chain)));
        $this->assertSame([301, 1, $landing, $hop], $info($client->request('GET', $chain, ['max_redirects' => 1])));
        $this->assertSame([302, 0, $hop, $chain], $info($client->request('GET', $chain, ['max_redirects' => 0])));
        $once = $client->withOptions(['max_redirects' => 1]);
        $this->assertSame([301, 1, $landing, $hop], $info($once->request('GET', $chain)));
        $byHand = new NormalizingHttpClient(HttpClient::create(), new UrlNormalizer(), null, 0);
        $this->assertSame([302, 0, $hop, $chain], $info($byHand->request('GET', $chain)));
        $this->assertSame([200, 2, null, $landing], $info($byHand->request('GET', $chain, ['max_redirects' => 5])));
    }

    public function testARedirectThatIsNotFollowedIsNotJudgedAFailure(): void
    {
        $api = self::$api->url();
        $client = $this->client(['allowed_hosts' => ['127.0.0.1']]);

        $response = $client->request('GET', self::redirect($api, 302, 'http://localhost/'), ['max_redirects' => 0]);

        $this->assertSame(302, $response->getStatusCode());
        $this->assertNull($response->getInfo('redirect_url'), 'a refused Location is not offered');
        $this->assertSame(0, $response->getInfo('redirect_count'));
    }

    public function testCredentialsGoToTheFirstOriginOnly(): void
    {
        $api = self::$api->url();
        $other = self::$other->url();
        $apiBefore = count(self::$api->records());
        $otherBefore = count(self::$other->records());
        // api → other (same host, another port) → api again → api (same origin).
        $back = self::redirect($api, 308, '/landing');
        $url = self::redirect($api, 302, self::redirect($other, 307, $back));

        $response = $this->client()->request('GET', $url, [
            'auth_bearer' => 'secret',
            'headers' => ['Cookie' => 'session=1'],
        ]);

        $this->assertSame(200, $response->getStatusCode());
        $this->assertSame(3, $response->getInfo('redirect_count'));
        $credentials = static fn (array $record): array
            => [$record['target'], $record['authorization'], $record['cookie']];
        $target = static fn (string $url): string
            => parse_url($url, PHP_URL_PATH) . '?' . parse_url($url, PHP_URL_QUERY);
        $this->assertSame([
            [$target($url), 'Bearer secret', 'session=1'],
            [$target($back), 'Bearer secret', 'session=1'],
            ['/landing', 'Bearer secret', 'session=1'],
        ], array_map($credentials, array_slice(self::$api->records(), $apiBefore)));
        $otherRecords = array_slice(self::$other->records(), $otherBefore);
        $this->assertCount(1, $otherRecords);
        $this->assertSame([null, null], [$otherRecords[0]['authorization'], $otherRecords[0]['cookie']]);
    }

    public function testTheDecoratedClientsDefaultCredentialsStayOnTheFirstOriginToo(): void
    {
        $api = self::$api->url();
        $other = self::$other->url();
        $otherBefore = count(self::$other->records());
        $inner = HttpClient::create(['auth_basic' => ['user', 'pass'], 'headers' => ['Cookie' => 'default=1']]);
        $client = new NormalizingHttpClient($inner, new UrlNormalizer());

        $this->assertSame(200, $client->request('GET', self::redirect($api, 302, "$other/landing"))->getStatusCode());
        $otherRecords = array_slice(self::$other->records(), $otherBefore);
        $this->assertSame([['/landing', null, null]], array_map(
            static fn (array $record): array => [$record['target'], $record['authorization'], $record['cookie']],
            $otherRecords
        ));
        $apiRecords = self::$api->records();
        $this->assertSame('Basic ' . base64_encode('user:pass'), end($apiRecords)['authorization'] ?? null);
    }

    public function testAPublicNameWhoseAddressIsPrivateIsRefusedBeforeAnythingIsSent(): void
    {
        $port = self::$api->port;
        $client = $this->client(['block_private_hosts' => true]);
        $before = count(self::$api->records());

        try {
            $client->request('GET', "http://public.example:$port/", ['resolve' => ['public.example' => '127.0.0.1']]);
            $this->fail('public.example resolves to 127.0.0.1: refused');
        } catch (TransportExceptionInterface $e) {
            $this->assertInstanceOf(RefusedUrlException::class, $e);
            $this->assertSame(
                'Refused a connection to `public.example`: its address 127.0.0.1 is not public (block_private_hosts)',
                $e->getMessage()
            );
            $this->assertInstanceOf(InvalidUrlException::class, $e->getPrevious());
        }
        // An IPv6 answer, judged by the same rules.
        $this->expectException(RefusedUrlException::class);
        $this->expectExceptionMessage('its address [::ffff:127.0.0.1] is not public');
        try {
            $client->request('GET', "http://public.example:$port/", [
                'resolve' => ['Public.Example' => '::ffff:127.0.0.1'],
            ]);
        } finally {
            $this->assertCount($before, self::$api->records(), 'no request reached the server');
        }
    }

    public function testARedirectToAPublicNameWhoseAddressIsPrivateIsRefused(): void
    {
        $port = self::$api->port;
        $before = count(self::$api->records());

        $response = $this->client(['block_private_hosts' => true])->request(
            'GET',
            self::redirect("http://public.example:$port", 302, "http://rebind.example:$port/secret"),
            ['resolve' => ['public.example' => SimulatedNetwork::PUBLIC_ADDRESS, 'rebind.example' => '127.0.0.1']]
        );
        $refused = $this->refusal($response);

        $this->assertSame(
            'Refused a connection to `rebind.example`: its address 127.0.0.1 is not public (block_private_hosts)',
            $refused->getMessage()
        );
        $hosts = array_column(array_slice(self::$api->records(), $before), 'host');
        $this->assertSame(['public.example:' . $port], $hosts);
    }

    /**
     * The second check: the address the client reports it connected to. NativeHttpClient
     * reports it once its DNS answer is in, before it connects, so the server sees nothing
     * (CurlHttpClient reports it on curl's progress callback, which can come after the request
     * was sent).
     */
    public function testTheAddressTheClientConnectedToIsJudged(): void
    {
        $port = self::$api->port;
        $inner = new SimulatedNetwork(new NativeHttpClient(), ['rebind.example']);
        $client = new NormalizingHttpClient($inner, new UrlNormalizer(null, ['block_private_hosts' => true]));
        $before = count(self::$api->records());

        $response = $client->request('GET', "http://rebind.example:$port/secret", [
            'resolve' => ['rebind.example' => SimulatedNetwork::PUBLIC_ADDRESS],
        ]);
        $refused = $this->refusal($response);

        $this->assertSame(
            'Refused a connection to `rebind.example`: its address 127.0.0.1 is not public (block_private_hosts)',
            $refused->getMessage()
        );
        $this->assertCount($before, self::$api->records(), 'no request reached the server');
    }

    /**
     * @dataProvider relativeUrls
     */
    public function testARelativeUrlWithoutABaseUriIsRefused(string $url): void
    {
        $api = self::$api->url();
        // The decorated client's base_uri is its own: the decorator cannot see it.
        $client = new NormalizingHttpClient(HttpClient::create(['base_uri' => "$api/api/v1/"]), new UrlNormalizer());
        $before = count(self::$api->records());

        try {
            $client->request('GET', $url);
            $this->fail("`$url` is relative and there is no base URI: refused");
        } catch (RefusedUrlException $e) {
            $this->assertStringStartsWith("Cannot send `$url`: it is a relative URL", $e->getMessage());
            $this->assertStringContainsString('base_uri option', $e->getMessage());
            $this->assertNull($e->getPrevious());
        }
        $this->assertCount($before, self::$api->records());
        // Given to the decorator, the same base URI resolves it.
        $client->withOptions(['base_uri' => "$api/api/v1/"])->request('GET', 'users.json')->getStatusCode();
        $records = self::$api->records();
        $this->assertSame('/api/v1/users.json', end($records)['target'] ?? null);
    }

    /**
     * URLs without a scheme: a path, a dot path, a query, a network-path reference, and a
     * host-like name, which is a path without a base URI as with one.
     *
     * @return iterable<string, array{string}>
     */
    public static function relativeUrls(): iterable
    {
        yield 'file name' => ['users.json'];
        yield 'absolute path' => ['/users'];
        yield 'dot path' => ['../users'];
        yield 'query' => ['?page=2'];
        yield 'network path' => ['//127.0.0.1/users'];
        yield 'host-like' => ['example.com/users'];
    }

    public function testARelativeUrlsUserinfoIsNotQuoted(): void
    {
        $this->expectException(RefusedUrlException::class);
        $this->expectExceptionMessage('Cannot send `//user:***@example.com/`: it is a relative URL');
        $this->client()->request('GET', '//user:s3cret@example.com/');
    }

    public function testStreamYieldsTheRefusalOfARefusedResponse(): void
    {
        $api = self::$api->url();
        $client = $this->client(['allowed_hosts' => ['127.0.0.1']]);
        $ok = $client->request('GET', "$api/fine");
        $refused = $client->request('GET', self::redirect($api, 302, 'http://localhost/'));

        $contents = [];
        $errors = [];
        foreach ($client->stream([$ok, $refused]) as $response => $chunk) {
            try {
                if ($chunk->isLast()) {
                    $contents[] = $response->getContent();
                }
            } catch (RefusedUrlException $e) {
                $errors[] = $response === $refused ? $e->getMessage() : 'the wrong response';
            }
        }

        $this->assertCount(1, $contents);
        $this->assertStringContainsString('"target":"/fine"', $contents[0]);
        $this->assertCount(1, $errors);
        $this->assertStringStartsWith(
            'Refused to follow a 302 redirect: Cannot resolve `http://localhost/`',
            $errors[0]
        );
        $this->expectException(RefusedUrlException::class);
        $refused->getContent();
    }

    /**
     * The client under test: NormalizingHttpClient with a normalizer of these options over
     * Symfony's client in the simulated network.
     *
     * @param array<string, mixed> $options
     */
    private function client(array $options = [], ?HttpClientInterface $inner = null): NormalizingHttpClient
    {
        $inner ??= new SimulatedNetwork(HttpClient::create());
        return new NormalizingHttpClient($inner, new UrlNormalizer(null, $options));
    }

    /**
     * The refusal a response fails with: from getStatusCode() (as a TransportExceptionInterface
     * that Symfony's callers catch), and the same from getContent().
     */
    private function refusal(ResponseInterface $response): RefusedUrlException
    {
        try {
            $response->getStatusCode();
            $this->fail('the response must fail');
        } catch (TransportExceptionInterface $e) {
            $this->assertInstanceOf(RefusedUrlException::class, $e);
        }
        try {
            $response->getContent(false);
            $this->fail('the response must keep failing');
        } catch (RefusedUrlException $again) {
            $this->assertSame($e, $again);
        }
        return $e;
    }

    /**
     * /redirect/STATUS?to=LOCATION on $origin, PORT in $location being the first server's port.
     */
    private static function redirect(string $origin, int $status, string $location): string
    {
        $location = str_replace('PORT', (string) self::$api->port, $location);
        return "$origin/redirect/$status?to=" . rawurlencode($location);
    }
}
