<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Tests\Support;

use Symfony\Contracts\HttpClient\HttpClientInterface;
use Symfony\Contracts\HttpClient\ResponseInterface;
use Symfony\Contracts\HttpClient\ResponseStreamInterface;

/**
 * The network of the redirect tests, around a real Symfony client and the loopback server:
 *
 * - PUBLIC_ADDRESS is a public host that lives on this machine. A request whose host the
 *   `resolve` option pins to it connects to 127.0.0.1, and its on_progress callback is told it
 *   connected to PUBLIC_ADDRESS, as a client on the internet would be. So a test can start at a
 *   public host that block_private_hosts lets through and be redirected to the loopback server.
 * - A name in $rebound resolves to 127.0.0.1 whatever the request pins it to, reported as it
 *   is: a client that resolves names by itself, whose answer differs from the one judged.
 *
 * Everything else reaches the real client unchanged.
 */
final class SimulatedNetwork implements HttpClientInterface
{
    /** A public address (IANA's, once example.com's), in none of the special-purpose ranges. */
    public const PUBLIC_ADDRESS = '93.184.216.34';

    /**
     * @param list<string> $rebound names that resolve to 127.0.0.1 whatever the request says
     */
    public function __construct(private HttpClientInterface $client, private readonly array $rebound = [])
    {
    }

    /**
     * @param array<string, mixed> $options
     */
    public function request(string $method, string $url, array $options = []): ResponseInterface
    {
        $host = strtolower((string) parse_url($url, PHP_URL_HOST));
        /** @var array<string, string> $resolve */
        $resolve = $options['resolve'] ?? [];
        if (in_array($host, $this->rebound, true)) {
            $options['resolve'] = [$host => '127.0.0.1'] + $resolve;
        } elseif (($resolve[$host] ?? null) === self::PUBLIC_ADDRESS) {
            $options['resolve'] = [$host => '127.0.0.1'] + $resolve;
            $onProgress = $options['on_progress'] ?? null;
            if (is_callable($onProgress)) {
                $options['on_progress'] = static function (int $now, int $size, array $info) use ($onProgress): void {
                    if (($info['primary_ip'] ?? '') === '127.0.0.1') {
                        $info['primary_ip'] = self::PUBLIC_ADDRESS;
                    }
                    $onProgress($now, $size, $info);
                };
            }
        }
        return $this->client->request($method, $url, $options);
    }

    /**
     * @param ResponseInterface|iterable<ResponseInterface> $responses
     */
    public function stream(mixed $responses, ?float $timeout = null): ResponseStreamInterface
    {
        return $this->client->stream($responses, $timeout);
    }

    /**
     * @param array<string, mixed> $options
     */
    public function withOptions(array $options): static
    {
        $copy = clone $this;
        $copy->client = $this->client->withOptions($options);
        return $copy;
    }
}
