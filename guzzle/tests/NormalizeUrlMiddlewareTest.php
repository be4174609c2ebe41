<?php

declare(strict_types=1);

namespace UrlNormalize\Guzzle\Tests;

use GuzzleHttp\Client;
use GuzzleHttp\Exception\ConnectException;
use GuzzleHttp\Exception\GuzzleException;
use GuzzleHttp\Exception\RequestException;
use GuzzleHttp\Handler\MockHandler;
use GuzzleHttp\HandlerStack;
use GuzzleHttp\Psr7\Request;
use GuzzleHttp\Psr7\Response;
use PHPUnit\Framework\TestCase;
use Psr\Http\Client\RequestExceptionInterface;
use UrlNormalize\ErrorKind;
use UrlNormalize\Guzzle\NormalizeUrlMiddleware;
use UrlNormalize\Guzzle\RefusedUrlException;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlNormalizer;
use UrlNormalize\UrlNormalizerInterface;

/**
 * The middleware over Guzzle's MockHandler: what it sends, what it refuses, and that a refused
 * request never reaches the handler (the mock's queue keeps its response).
 */
final class NormalizeUrlMiddlewareTest extends TestCase
{
    public function testTheRequestIsSentNormalizedWithItsHostHeader(): void
    {
        $mock = new MockHandler([new Response(200)]);
        $client = $this->client(new UrlNormalizer(), $mock);

        $client->request('GET', "HTTP://Bücher.DE:80/a b/../c?q='x'#top");

        $sent = $mock->getLastRequest();
        $this->assertNotNull($sent);
        $this->assertSame("http://xn--bcher-kva.de/c?q=%27x%27#top", (string) $sent->getUri());
        $this->assertSame('xn--bcher-kva.de', $sent->getHeaderLine('Host'));
    }

    public function testAHostHeaderOfTheCallersOwnIsKept(): void
    {
        $mock = new MockHandler([new Response(200)]);
        $client = $this->client(new UrlNormalizer(), $mock);

        $client->request('GET', 'http://EXAMPLE.com/a%7e', ['headers' => ['Host' => 'virtual.example']]);

        $sent = $mock->getLastRequest();
        $this->assertNotNull($sent);
        $this->assertSame('http://example.com/a%7e', (string) $sent->getUri());
        $this->assertSame('virtual.example', $sent->getHeaderLine('Host'));
    }

    public function testARefusedUrlIsNeverSent(): void
    {
        $mock = new MockHandler([new Response(200)]);
        $client = $this->client(new UrlNormalizer(null, ['strict' => true, 'allowed_hosts' => ['example.com']]), $mock);

        try {
            $client->request('GET', 'https://user:s3cret@other.example/path');
            $this->fail('other.example is not one of allowed_hosts');
        } catch (GuzzleException $e) {
            $this->assertInstanceOf(RefusedUrlException::class, $e);
            $this->assertInstanceOf(RequestException::class, $e);
            $this->assertInstanceOf(RequestExceptionInterface::class, $e);
            $this->assertSame(ErrorKind::DisallowedHost, $e->getKind());
            $this->assertInstanceOf(InvalidUrlException::class, $e->getPrevious());
            $this->assertSame($e->getPrevious(), $e->getUrlException());
            $this->assertStringStartsWith('Refused to send the request: Cannot normalize', $e->getMessage());
            $this->assertStringNotContainsString('s3cret', $e->getMessage());
            $this->assertSame('other.example', $e->getRequest()->getUri()->getHost());
            $this->assertFalse($e->hasResponse());
        }
        $this->assertCount(1, $mock, 'the response is still queued: nothing was sent');
    }

    public function testALenientNormalizerRefusesAllTheSame(): void
    {
        $mock = new MockHandler([new Response(200), new Response(200)]);
        $lenient = new UrlNormalizer(null, ['allowed_hosts' => ['example.com']]);
        $client = $this->client($lenient, $mock);

        $client->request('GET', 'http://EXAMPLE.com/');
        $this->assertSame('http://example.com/', (string) $mock->getLastRequest()?->getUri());

        $this->expectException(RefusedUrlException::class);
        $this->expectExceptionMessage('the host is not one of allowed_hosts');
        try {
            $client->request('GET', 'http://other.example/');
        } finally {
            $this->assertCount(1, $mock);
        }
    }

    /**
     * Another implementation of the interface, lenient: a URL it returns unchanged is checked
     * with its explain().
     */
    public function testALenientImplementationIsAskedToExplainAnUnchangedUrl(): void
    {
        $normalizer = $this->createMock(UrlNormalizerInterface::class);
        $normalizer->method('getOptions')->willReturn(['strict' => false]);
        $normalizer->method('normalize')->willReturnCallback(static fn (string $url): string => $url);
        $normalizer->expects($this->once())->method('explain')->with('http://bad.example/')->willReturn([
            'input' => 'http://bad.example/',
            'result' => null,
            'valid' => false,
            'changes' => [],
            'errors' => [],
            'host_type' => null,
            'reason' => 'Cannot normalize `http://bad.example/`: refused by the test',
        ]);
        $mock = new MockHandler([new Response(200)]);

        $this->expectException(RefusedUrlException::class);
        $this->expectExceptionMessage(
            'Refused to send the request: Cannot normalize `http://bad.example/`: refused by the test'
        );
        try {
            $this->client($normalizer, $mock)->request('GET', 'http://bad.example/');
        } finally {
            $this->assertCount(1, $mock);
        }
    }

    public function testARelativeRequestGivenToTheStackIsResolvedAgainstBaseUri(): void
    {
        $mock = new MockHandler([new Response(200)]);
        $stack = NormalizeUrlMiddleware::handlerStack(new UrlNormalizer(null, ['strict' => true]), [], $mock);

        $stack(new Request('GET', '../users?q=a b'), ['base_uri' => 'https://api.example/v1/items/'])->wait();

        $this->assertSame('https://api.example/v1/users?q=a%20b', (string) $mock->getLastRequest()?->getUri());
    }

    public function testARelativeRequestWithoutBaseUriIsRefused(): void
    {
        $mock = new MockHandler([new Response(200)]);
        $stack = NormalizeUrlMiddleware::handlerStack(new UrlNormalizer(null, ['strict' => true]), [], $mock);

        try {
            $stack(new Request('GET', '/users'), [])->wait();
            $this->fail('a relative URL without a base is refused');
        } catch (RefusedUrlException $e) {
            $this->assertSame(ErrorKind::RelativeReference, $e->getKind());
        }
        $this->assertCount(1, $mock);
    }

    /**
     * The redirect is judged below allow_redirects, where Guzzle sends each hop: the private
     * Location is never requested.
     */
    public function testARedirectHopIsJudgedBeforeItIsSent(): void
    {
        $mock = new MockHandler([
            new Response(302, ['Location' => 'http://169.254.169.254/latest/meta-data/']),
            new Response(200),
        ]);
        $client = $this->client(new UrlNormalizer(null, ['block_private_hosts' => true]), $mock, [
            'resolver' => static fn (string $host): array => ['93.184.216.34'],
        ]);

        try {
            $client->request('GET', 'http://public.example/');
            $this->fail('the link-local metadata address is refused');
        } catch (RefusedUrlException $e) {
            $this->assertSame(ErrorKind::PrivateHost, $e->getKind());
            $this->assertStringStartsWith('Refused to follow redirect 1: ', $e->getMessage());
            $this->assertSame('http://169.254.169.254/latest/meta-data/', (string) $e->getRequest()->getUri());
        }
        $this->assertCount(1, $mock, 'the metadata address was not requested');
    }

    public function testAddressesAreJudgedAndTheConnectionPinned(): void
    {
        $mock = new MockHandler([new Response(200), new Response(200)]);
        $client = $this->client(new UrlNormalizer(null, ['block_private_hosts' => true]), $mock, [
            'resolver' => static fn (string $host): array => ['2606:2800:220:1:248:1893:25c8:1946', '93.184.216.34'],
            'pin' => 'stream',
        ]);

        $client->request('GET', 'https://www.example/page');
        $sent = $mock->getLastRequest();
        $this->assertNotNull($sent);
        $this->assertSame('https://[2606:2800:220:1:248:1893:25c8:1946]/page', (string) $sent->getUri());
        $this->assertSame('www.example', $sent->getHeaderLine('Host'));
        $this->assertSame('www.example', $mock->getLastOptions()['stream_context']['ssl']['peer_name'] ?? null);

        $curl = $this->client(new UrlNormalizer(null, ['block_private_hosts' => true]), $mock, [
            'resolver' => static fn (string $host): array => ['93.184.216.34'],
            'pin' => 'curl',
        ]);
        $curl->request('GET', 'http://www.example:8080/', [
            'curl' => [10203 => ['www.example:8080:10.0.0.1', 'other:80:1.2.3.4']],
        ]);
        $this->assertSame('http://www.example:8080/', (string) $mock->getLastRequest()?->getUri());
        $this->assertSame(
            ['other:80:1.2.3.4', 'www.example:8080:93.184.216.34'],
            $mock->getLastOptions()['curl'][10203] ?? null,
            'the caller\'s entry for the name is replaced, the others kept'
        );
    }

    /**
     * @dataProvider privateAnswers
     * @param list<string> $addresses
     */
    public function testANameWithANonPublicAddressIsRefused(array $addresses, string $refused): void
    {
        $mock = new MockHandler([new Response(200)]);
        $client = $this->client(new UrlNormalizer(null, ['block_private_hosts' => true]), $mock, [
            'resolver' => static fn (string $host): array => $addresses,
        ]);

        try {
            $client->request('GET', 'http://rebind.example/');
            $this->fail('refused');
        } catch (RefusedUrlException $e) {
            $this->assertSame($refused, $e->getAddress());
            $this->assertSame(ErrorKind::PrivateHost, $e->getKind());
            $this->assertSame(
                'Refused to send the request: the host `rebind.example` resolves to ' . $refused
                    . ', which is not a public address',
                $e->getMessage()
            );
        }
        $this->assertCount(1, $mock);
    }

    /**
     * @return iterable<string, array{list<string>, string}>
     */
    public static function privateAnswers(): iterable
    {
        yield 'loopback' => [['127.0.0.1'], '127.0.0.1'];
        yield 'a private one among public ones' => [['93.184.216.34', '192.168.1.10'], '192.168.1.10'];
        yield 'IPv4-mapped IPv6' => [['::ffff:127.0.0.1'], '::ffff:127.0.0.1'];
        yield 'unique local IPv6' => [['fd00::1'], 'fd00::1'];
    }

    public function testANameWithoutAddressIsAConnectionFailure(): void
    {
        $mock = new MockHandler([new Response(200)]);
        $client = $this->client(new UrlNormalizer(null, ['block_private_hosts' => true]), $mock, [
            'resolver' => static fn (string $host): array => [],
        ]);

        $this->expectException(ConnectException::class);
        $this->expectExceptionMessage('Could not resolve host: nowhere.example');
        $client->request('GET', 'http://nowhere.example/');
    }

    public function testWithoutBlockPrivateHostsNoAddressIsLookedUp(): void
    {
        $mock = new MockHandler([new Response(200)]);
        $client = $this->client(new UrlNormalizer(), $mock, [
            'resolver' => function (string $host): array {
                $this->fail("$host was looked up");
            },
        ]);

        $client->request('GET', 'http://localhost/');
        $this->assertSame('http://localhost/', (string) $mock->getLastRequest()?->getUri());
    }

    /**
     * @dataProvider badOptions
     * @param array<string, mixed> $options
     */
    public function testBadOptionsAreRefused(array $options, string $message): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage($message);
        new NormalizeUrlMiddleware(new UrlNormalizer(), $options);
    }

    /**
     * @return iterable<string, array{array<string, mixed>, string}>
     */
    public static function badOptions(): iterable
    {
        yield 'unknown' => [['check_adresses' => true], 'unknown option `check_adresses`'];
        yield 'check_addresses' => [['check_addresses' => 'yes'], '`check_addresses` must be a bool'];
        yield 'resolver' => [['resolver' => 'no such function'], '`resolver` must be a callable'];
        yield 'pin' => [['pin' => 'socket'], "`pin` must be 'auto', 'curl' or 'stream'"];
    }

    /**
     * handlerStack() is Guzzle's default stack with the middleware innermost, below
     * allow_redirects, under the name url_normalize.
     */
    public function testHandlerStackPutsTheMiddlewareBelowAllowRedirects(): void
    {
        $stack = NormalizeUrlMiddleware::handlerStack(new UrlNormalizer(), [], new MockHandler());
        $names = [];
        preg_match_all("/^< \\d+\\) Name: '([a-z_]+)'/m", (string) $stack, $names);

        // Guzzle lists the stack from the handler outwards: the first is the innermost.
        $this->assertSame(['url_normalize', 'prepare_body', 'cookies', 'allow_redirects', 'http_errors'], $names[1]);
        $this->assertInstanceOf(HandlerStack::class, $stack);
    }

    /**
     * A Client over $handler with the middleware pushed onto Guzzle's default stack.
     *
     * @param array<string, mixed> $options the middleware's
     */
    private function client(UrlNormalizerInterface $normalizer, MockHandler $handler, array $options = []): Client
    {
        $stack = HandlerStack::create($handler);
        $stack->push(new NormalizeUrlMiddleware($normalizer, $options), 'url_normalize');
        return new Client(['handler' => $stack]);
    }
}
