<?php

declare(strict_types=1);

namespace UrlNormalize\Guzzle\Tests\Support;

use GuzzleHttp\Handler\StreamHandler;
use GuzzleHttp\Promise\PromiseInterface;
use Psr\Http\Message\RequestInterface;

/**
 * The network of the redirect tests, around Guzzle's StreamHandler and the loopback server:
 *
 * - PUBLIC_ADDRESS is a public host that lives on this machine. resolver() answers it for the
 *   names it is given, so the middleware judges them public and pins the request to that
 *   address; handler() then connects such a request to 127.0.0.1 instead, as the internet would
 *   carry it to the public host. A test can so start at a public host that block_private_hosts
 *   lets through and be redirected to the loopback server.
 * - A name in handler()'s $local list is connected to 127.0.0.1, for the tests without the
 *   address check (allowed_hosts alone).
 *
 * The handler also keeps every URI it was asked to send, in order: what reached the transport.
 */
final class SimulatedNetwork
{
    /** A public address (IANA's, once example.com's), in none of the special-purpose ranges. */
    public const PUBLIC_ADDRESS = '93.184.216.34';

    /** @var list<string> */
    public array $sent = [];

    /**
     * @param list<string> $local names that connect to 127.0.0.1
     */
    public function __construct(private readonly array $local = [])
    {
    }

    /**
     * The middleware's resolver option: each name of $addresses resolves to its addresses,
     * every other name to none.
     *
     * @param array<string, list<string>> $addresses
     * @return \Closure(string): list<string>
     */
    public static function resolver(array $addresses): \Closure
    {
        return static fn (string $host): array => $addresses[strtolower($host)] ?? [];
    }

    /**
     * The transport: Guzzle's StreamHandler (what Guzzle chooses without PHP's curl module),
     * with PUBLIC_ADDRESS and the local names carried to 127.0.0.1. The Host header stays.
     *
     * @return \Closure(RequestInterface, array<string, mixed>): PromiseInterface
     */
    public function handler(): \Closure
    {
        $transport = new StreamHandler();
        return function (RequestInterface $request, array $options) use ($transport): PromiseInterface {
            $uri = $request->getUri();
            $this->sent[] = (string) $uri;
            $host = strtolower($uri->getHost());
            if ($host === self::PUBLIC_ADDRESS || in_array($host, $this->local, true)) {
                $request = $request->withUri($uri->withHost('127.0.0.1'), true);
            }
            return $transport($request, $options);
        };
    }
}
