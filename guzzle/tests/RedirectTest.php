<?php

declare(strict_types=1);

namespace UrlNormalize\Guzzle\Tests;

use GuzzleHttp\Client;
use GuzzleHttp\Exception\GuzzleException;
use GuzzleHttp\HandlerStack;
use PHPUnit\Framework\TestCase;
use Psr\Http\Message\RequestInterface;
use Psr\Http\Message\ResponseInterface;
use Psr\Http\Message\UriInterface;
use UrlNormalize\ErrorKind;
use UrlNormalize\Guzzle\NormalizeUrlMiddleware;
use UrlNormalize\Guzzle\RefusedUrlException;
use UrlNormalize\Guzzle\Tests\Support\SimulatedNetwork;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\Tests\Support\CrawlApiServer;
use UrlNormalize\UrlNormalizer;

/**
 * The middleware in a real Guzzle Client over the StreamHandler, against the loopback server
 * (php-tests/app/api/router.php: /redirect/NNN?to=URL answers NNN with that Location, and every
 * request is recorded with its method, target and Host).
 *
 * The first host, public.example, is public only here: SimulatedNetwork resolves it to a public
 * address and carries that address to the loopback server. Each redirect goes to
 * http://127.0.0.1:PORT/secret, or to the same place by another name; the server's record shows
 * whether it was requested.
 *
 * Group subprocess: the server is a PHP subprocess (PHP_BINARY -S).
 *
 * @group subprocess
 */
final class RedirectTest extends TestCase
{
    private static CrawlApiServer $api;

    public static function setUpBeforeClass(): void
    {
        self::$api = CrawlApiServer::start();
    }

    public static function tearDownAfterClass(): void
    {
        self::$api->stop();
    }

    /**
     * @dataProvider privateLocations
     */
    public function testARedirectToAPrivateAddressIsRefusedUnderBlockPrivateHosts(int $status, string $location): void
    {
        $port = self::$api->port;
        $network = new SimulatedNetwork();
        $client = $this->client(['strict' => true, 'block_private_hosts' => true], $network);
        $before = count(self::$api->records());

        $refused = $this->refusal(fn (): ResponseInterface => $client->request(
            'POST',
            self::redirect("http://public.example:$port", $status, $location),
            ['body' => 'a=1']
        ));

        $this->assertSame(ErrorKind::PrivateHost, $refused->getKind());
        $this->assertInstanceOf(InvalidUrlException::class, $refused->getPrevious());
        $this->assertStringStartsWith('Refused to follow redirect 1: Cannot normalize', $refused->getMessage());
        $this->assertStringContainsString('(block_private_hosts)', $refused->getMessage());
        $this->assertNull($refused->getAddress());
        $records = array_slice(self::$api->records(), $before);
        $this->assertSame([["public.example:$port", 'POST']], array_map(
            static fn (array $record): array => [$record['host'], $record['method']],
            $records
        ), 'only the public host was requested');
        $this->assertCount(1, $network->sent, 'nothing else reached the transport');
    }

    /**
     * Each redirect status to the loopback server: by address, by name, and by an address in
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
            yield "$status relative, an address" => [$status, '//127.0.0.1:PORT/secret'];
        }
    }

    /**
     * @dataProvider privateLocations
     */
    public function testARedirectOutsideAllowedHostsIsRefused(int $status, string $location): void
    {
        $port = self::$api->port;
        $network = new SimulatedNetwork(['public.example']);
        $client = $this->client(['strict' => true, 'allowed_hosts' => ['public.example']], $network);
        $before = count(self::$api->records());

        $refused = $this->refusal(fn (): ResponseInterface => $client->request(
            'GET',
            self::redirect("http://public.example:$port", $status, $location)
        ));

        $this->assertSame(ErrorKind::DisallowedHost, $refused->getKind());
        $this->assertStringContainsString('allowed_hosts', $refused->getMessage());
        $records = array_slice(self::$api->records(), $before);
        $this->assertSame(["public.example:$port"], array_column($records, 'host'), 'only the allowed host');
        $this->assertCount(1, $network->sent);
    }

    public function testARedirectToAPublicNameWhoseAddressIsPrivateIsRefused(): void
    {
        $port = self::$api->port;
        $network = new SimulatedNetwork();
        $client = $this->client(['strict' => true, 'block_private_hosts' => true], $network, [
            'public.example' => [SimulatedNetwork::PUBLIC_ADDRESS],
            'rebind.example' => [SimulatedNetwork::PUBLIC_ADDRESS, '10.0.0.5'],
        ]);
        $before = count(self::$api->records());

        $refused = $this->refusal(fn (): ResponseInterface => $client->request(
            'GET',
            self::redirect("http://public.example:$port", 302, "http://rebind.example:$port/secret")
        ));

        $this->assertSame(
            'Refused to follow redirect 1: the host `rebind.example` resolves to 10.0.0.5,'
                . ' which is not a public address',
            $refused->getMessage()
        );
        $this->assertSame('10.0.0.5', $refused->getAddress());
        $this->assertSame(ErrorKind::PrivateHost, $refused->getKind());
        $this->assertSame(["public.example:$port"], array_column(array_slice(self::$api->records(), $before), 'host'));
    }

    public function testAPublicNameWhoseAddressIsPrivateIsRefusedBeforeAnythingIsSent(): void
    {
        $port = self::$api->port;
        $network = new SimulatedNetwork();
        $client = $this->client(['strict' => true, 'block_private_hosts' => true], $network, [
            'public.example' => ['127.0.0.1'],
        ]);
        $before = count(self::$api->records());

        $refused = $this->refusal(
            fn (): ResponseInterface => $client->request('GET', "http://public.example:$port/secret")
        );

        $this->assertSame(
            'Refused to send the request: the host `public.example` resolves to 127.0.0.1,'
                . ' which is not a public address',
            $refused->getMessage()
        );
        $this->assertSame([], $network->sent);
        $this->assertCount($before, self::$api->records());
    }

    /**
     * A hop the normalizer accepts is sent normalized: the URI Guzzle resolved from the Location
     * (RFC 3986) goes through normalize(), which percent-encodes the query's apostrophes as a
     * browser does; the Host header is the name, the connection the judged address.
     */
    public function testAnAcceptedHopIsSentNormalized(): void
    {
        $port = self::$api->port;
        $network = new SimulatedNetwork();
        $client = $this->client(['strict' => true, 'block_private_hosts' => true], $network);
        $before = count(self::$api->records());
        $location = "http://Public.Example:$port/a/../landing?q='x'";

        $response = $client->request('GET', self::redirect("http://public.example:$port", 307, $location), [
            'allow_redirects' => ['track_redirects' => true],
        ]);

        $this->assertSame(200, $response->getStatusCode());
        $records = array_slice(self::$api->records(), $before);
        $this->assertCount(2, $records);
        $this->assertSame(["public.example:$port", "/landing?q=%27x%27"], [$records[1]['host'], $records[1]['target']]);
        $public = SimulatedNetwork::PUBLIC_ADDRESS;
        $this->assertSame("http://$public:$port/landing?q=%27x%27", $network->sent[1], 'pinned to the judged address');
    }

    /**
     * Guzzle resolves the Location by RFC 3986's rules, where a backslash is no slash (a
     * browser reads `\landing\.\page` in an http: redirect as /landing/page): the hop is sent
     * as Guzzle read it, normalized.
     */
    public function testTheLocationIsResolvedAsGuzzleReadsIt(): void
    {
        $port = self::$api->port;
        $client = $this->client(['strict' => true, 'block_private_hosts' => true], new SimulatedNetwork());
        $before = count(self::$api->records());

        $client->request('GET', self::redirect("http://public.example:$port", 302, '\\landing\\.\\page'));

        $targets = array_column(array_slice(self::$api->records(), $before), 'target');
        $this->assertSame('/redirect/%5Clanding%5C.%5Cpage', $targets[1] ?? null);
    }

    /**
     * Placed above allow_redirects (unshift()), the middleware sees the first request only; its
     * on_redirect callback refuses the hop all the same, and the caller's own callback is not
     * called for a refused hop.
     */
    public function testAboveAllowRedirectsTheHopIsRefusedAllTheSame(): void
    {
        $port = self::$api->port;
        $network = new SimulatedNetwork();
        $stack = HandlerStack::create($network->handler());
        $stack->unshift(new NormalizeUrlMiddleware(
            new UrlNormalizer(null, ['strict' => true, 'block_private_hosts' => true]),
            ['resolver' => SimulatedNetwork::resolver(['public.example' => [SimulatedNetwork::PUBLIC_ADDRESS]])]
        ), 'url_normalize');
        $client = new Client(['handler' => $stack]);
        $before = count(self::$api->records());
        $seen = new \ArrayObject();
        $options = ['allow_redirects' => [
            'on_redirect' => static function (
                RequestInterface $request,
                ResponseInterface $response,
                UriInterface $uri
            ) use ($seen): void {
                $seen[] = (string) $uri;
            },
        ]];

        // A hop to the same public host is let through, and the caller's callback called.
        $response = $client->request('GET', self::redirect("http://public.example:$port", 302, '/next'), $options);
        $this->assertSame(200, $response->getStatusCode());
        $this->assertCount(1, $seen);

        $refused = $this->refusal(fn (): ResponseInterface => $client->request(
            'GET',
            self::redirect("http://public.example:$port", 302, "http://127.0.0.1:$port/secret"),
            $options
        ));
        $this->assertSame(ErrorKind::PrivateHost, $refused->getKind());
        $this->assertCount(1, $seen, 'not called for the refused hop');
        $targets = array_column(array_slice(self::$api->records(), $before), 'target');
        $this->assertNotContains('/secret', $targets);
        $this->assertNotContains("http://127.0.0.1:$port/secret", $network->sent);
    }

    /**
     * Above allow_redirects too, a refusal names the hop it refused: here the second.
     */
    public function testAboveAllowRedirectsTheRefusalCountsTheHops(): void
    {
        $port = self::$api->port;
        $stack = HandlerStack::create();
        $stack->unshift(new NormalizeUrlMiddleware(
            new UrlNormalizer(null, ['strict' => true, 'allowed_hosts' => ['127.0.0.1']])
        ), 'url_normalize');
        $client = new Client(['handler' => $stack]);
        $before = count(self::$api->records());

        $refused = $this->refusal(fn (): ResponseInterface => $client->request('GET', self::redirect(
            "http://127.0.0.1:$port",
            302,
            self::redirect("http://127.0.0.1:$port", 302, "http://localhost:$port/secret")
        )));

        $this->assertSame(ErrorKind::DisallowedHost, $refused->getKind());
        $this->assertStringStartsWith('Refused to follow redirect 2: ', $refused->getMessage());
        $targets = array_column(array_slice(self::$api->records(), $before), 'target');
        $this->assertCount(2, $targets, 'the first request and the first hop');
        $this->assertNotContains('/secret', $targets);
    }

    public function testWithoutRedirectsTheRedirectResponseIsReturnedAsItIs(): void
    {
        $port = self::$api->port;
        $client = $this->client(['strict' => true, 'block_private_hosts' => true], new SimulatedNetwork());
        $before = count(self::$api->records());

        $url = self::redirect("http://public.example:$port", 302, "http://127.0.0.1:$port/secret");
        $response = $client->request('GET', $url, ['allow_redirects' => false]);

        $this->assertSame(302, $response->getStatusCode());
        $this->assertSame("http://127.0.0.1:$port/secret", $response->getHeaderLine('Location'));
        $this->assertCount($before + 1, self::$api->records());
    }

    /**
     * A Guzzle Client over the simulated network, the middleware pushed onto Guzzle's default
     * stack (below allow_redirects).
     *
     * @param array<string, mixed> $options the normalizer's
     * @param array<string, list<string>>|null $addresses what names resolve to (null: public.example
     *                                                  to the public address)
     */
    private function client(array $options, SimulatedNetwork $network, ?array $addresses = null): Client
    {
        $addresses ??= ['public.example' => [SimulatedNetwork::PUBLIC_ADDRESS]];
        $stack = NormalizeUrlMiddleware::handlerStack(
            new UrlNormalizer(null, $options),
            ['resolver' => SimulatedNetwork::resolver($addresses)],
            $network->handler()
        );
        return new Client(['handler' => $stack]);
    }

    /**
     * The RefusedUrlException that $send throws; with $expected false, null when it throws none.
     *
     * @param \Closure(): ResponseInterface $send
     */
    private function refusal(\Closure $send, bool $expected = true): ?RefusedUrlException
    {
        try {
            $send();
        } catch (GuzzleException $e) {
            $this->assertInstanceOf(RefusedUrlException::class, $e, $e->getMessage());
            return $e;
        }
        if ($expected) {
            $this->fail('the request must be refused');
        }
        return null;
    }

    /**
     * /redirect/STATUS?to=LOCATION on $origin, PORT in $location being the server's port.
     */
    private static function redirect(string $origin, int $status, string $location): string
    {
        $location = str_replace('PORT', (string) self::$api->port, $location);
        return "$origin/redirect/$status?to=" . rawurlencode($location);
    }
}
