<?php

declare(strict_types=1);

namespace UrlNormalize\Laravel\Tests;

use GuzzleHttp\Exception\GuzzleException;
use Illuminate\Http\Client\Request;
use Illuminate\Support\Facades\Http;
use UrlNormalize\ErrorKind;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\Laravel\Http\RefusedUrlException;
use UrlNormalize\Laravel\Tests\Support\LaravelTestCase;

/**
 * The middleware of the Http facade's client (url-normalize.http_client.middleware), with
 * Http::fake(): what is sent, and what is not.
 */
final class HttpClientTest extends LaravelTestCase
{
    /** @var resource|null the loopback server's process */
    private $server = null;

    private const GUARDED = ['url-normalize' => [
        'normalizers' => ['outbound' => ['strict' => true, 'block_private_hosts' => true]],
        'http_client' => ['middleware' => true, 'normalizer' => 'outbound'],
    ]];

    /**
     * Stops the loopback server, if one was started.
     */
    protected function tearDown(): void
    {
        if (is_resource($this->server)) {
            proc_terminate($this->server);
            proc_close($this->server);
            $this->server = null;
        }
        parent::tearDown();
    }

    public function testAPrivateHostIsRefusedBeforeAnythingIsSent(): void
    {
        $this->bootApp(self::GUARDED);
        Http::fake(['*' => Http::response('secret')]);

        foreach (['http://127.0.0.1/', 'http://0x7f.1/admin', 'http://localhost:8080/', 'http://[::1]/'] as $url) {
            try {
                Http::get($url);
                self::fail("$url must be refused");
            } catch (RefusedUrlException $e) {
                self::assertInstanceOf(GuzzleException::class, $e);
                $previous = $e->getPrevious();
                self::assertInstanceOf(InvalidUrlException::class, $previous, $url);
                self::assertSame(ErrorKind::PrivateHost, $previous->getKind(), $url);
                self::assertStringStartsWith('Cannot normalize `', $e->getMessage());
            }
        }
        Http::assertNothingSent();
    }

    public function testAPublicUrlIsSentNormalized(): void
    {
        $this->bootApp(self::GUARDED);
        Http::fake(['*' => Http::response('ok')]);

        $response = Http::get('HTTPS://Bücher.example:443/a/../b');

        self::assertSame('ok', $response->body());
        Http::assertSentCount(1);
        Http::assertSent(static fn (Request $request): bool => $request->url() === 'https://xn--bcher-kva.example/b'
            && $request->header('Host') === ['xn--bcher-kva.example']);
    }

    public function testARedirectToAPrivateHostIsRefused(): void
    {
        $this->bootApp(self::GUARDED);
        Http::fake([
            'https://public.example/*' => Http::response('', 302, [
                'Location' => 'http://169.254.169.254/latest/meta-data/',
            ]),
            '*' => Http::response('metadata'),
        ]);

        try {
            Http::get('https://public.example/start');
            self::fail('the redirect must be refused');
        } catch (RefusedUrlException $e) {
            self::assertStringContainsString('169.254.169.254', $e->getMessage());
        }
        // The first hop was sent; the second never was.
        Http::assertSentCount(1);
        Http::assertNotSent(static fn (Request $request): bool => str_contains($request->url(), '169.254'));
    }

    public function testALenientNormalizerRefusesWhatStrictModeWould(): void
    {
        $this->bootApp(['url-normalize' => [
            'default' => ['allowed_schemes' => ['https']],
            'http_client' => ['middleware' => true],
        ]]);
        Http::fake();

        try {
            Http::get('http://example.com/');
            self::fail('a scheme outside allowed_schemes must be refused');
        } catch (RefusedUrlException $e) {
            $previous = $e->getPrevious();
            self::assertInstanceOf(InvalidUrlException::class, $previous);
            self::assertSame(ErrorKind::DisallowedScheme, $previous->getKind());
        }
        Http::get('https://example.com/x');
        Http::assertSentCount(1);
    }

    /**
     * A real server on the loopback address: the first hop is sent normalized, the redirect to
     * a host that allowed_hosts refuses never reaches it.
     *
     * @group subprocess
     */
    public function testOnTheWireARefusedRedirectIsNeverSent(): void
    {
        $log = $this->basePath() . '/requests.log';
        $port = $this->startLoopbackServer($log);
        $this->bootApp(['url-normalize' => [
            'normalizers' => ['loopback' => ['strict' => true, 'allowed_hosts' => ['127.0.0.1']]],
            'http_client' => ['middleware' => true, 'normalizer' => 'loopback'],
        ]]);

        $response = Http::get("http://0x7f.1:$port/a/../hello world");
        self::assertSame('hello', $response->body());

        try {
            Http::get("http://127.0.0.1:$port/redirect?to=" . rawurlencode("http://localhost:$port/secret"));
            self::fail('the redirect to localhost must be refused');
        } catch (RefusedUrlException $e) {
            self::assertStringContainsString('localhost', $e->getMessage());
        }
        self::assertSame(
            "GET /hello%20world 127.0.0.1:$port\n"
                . 'GET /redirect?to=' . rawurlencode("http://localhost:$port/secret") . " 127.0.0.1:$port\n",
            file_get_contents($log)
        );
    }

    public function testTheMiddlewareIsOffByDefault(): void
    {
        $this->bootApp();
        Http::fake(['*' => Http::response('local')]);

        self::assertSame('local', Http::get('http://127.0.0.1/')->body());
        Http::assertSent(static fn (Request $request): bool => $request->url() === 'http://127.0.0.1/');
    }

    /**
     * Starts `php -S` on a free loopback port with Support/loopback-router.php, logging to $log;
     * it is stopped after the test.
     */
    private function startLoopbackServer(string $log): int
    {
        $probe = stream_socket_server('tcp://127.0.0.1:0');
        self::assertIsResource($probe);
        $port = (int) substr((string) strrchr((string) stream_socket_get_name($probe, false), ':'), 1);
        fclose($probe);
        touch($log);
        $process = proc_open(
            [PHP_BINARY, '-n', '-S', "127.0.0.1:$port", __DIR__ . '/Support/loopback-router.php'],
            [0 => ['file', '/dev/null', 'r'], 1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']],
            $pipes,
            null,
            ['LOOPBACK_LOG' => $log]
        );
        self::assertIsResource($process);
        $this->server = $process;
        for ($i = 0; $i < 100; $i++) {
            $connection = @stream_socket_client("tcp://127.0.0.1:$port", $errno, $error, 0.1);
            if (is_resource($connection)) {
                fclose($connection);
                return $port;
            }
            usleep(50_000);
        }
        self::fail("php -S did not listen on port $port");
    }
}
