<?php

declare(strict_types=1);

namespace UrlNormalize\Guzzle;

use GuzzleHttp\Exception\ConnectException;
use GuzzleHttp\HandlerStack;
use GuzzleHttp\Promise\Create;
use GuzzleHttp\Promise\PromiseInterface;
use GuzzleHttp\Psr7\Uri;
use GuzzleHttp\RedirectMiddleware;
use Psr\Http\Message\RequestInterface;
use Psr\Http\Message\ResponseInterface;
use Psr\Http\Message\UriInterface;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlNormalizer;
use UrlNormalize\UrlNormalizerInterface;

/**
 * Guzzle middleware: every request, first hop and redirect alike, is sent with its URI
 * normalized by a url_normalize normalizer, and a URI the normalizer refuses is not sent at all
 * (the promise is rejected with RefusedUrlException).
 *
 * Push it onto the stack last, so that it sits below Guzzle's allow_redirects and sees every
 * redirect hop (RedirectMiddleware sends each hop through the middleware below it):
 *
 *     $stack = HandlerStack::create();
 *     $stack->push(NormalizeUrlMiddleware::create($normalizer), 'url_normalize');
 *     $client = new Client(['handler' => $stack]);
 *
 * or take a ready stack: new Client(['handler' => NormalizeUrlMiddleware::handlerStack($normalizer)]).
 *
 * Placed above allow_redirects instead (unshift(), or before('allow_redirects', ...)), it sees
 * only the first request; an allow_redirects.on_redirect callback of its own then refuses a
 * redirect the normalizer refuses, before Guzzle sends it, but the hops it lets through go
 * as Guzzle resolved them, neither normalized nor pinned to the address judged.
 *
 * A lenient normalizer returns an invalid URL unchanged; the middleware refuses it all the
 * same: a UrlNormalizer through a strict one of the same options (getOptions()), another
 * implementation of UrlNormalizerInterface through its explain() of each URL it left unchanged.
 *
 * Under block_private_hosts (the normalizer's option), a host name is also resolved before the
 * request is sent, each of its addresses is judged, and the connection is pinned to the first
 * one: curl's CURLOPT_RESOLVE, or for Guzzle's StreamHandler the address written into the
 * request's URI (the Host header and the TLS peer name keep the name). A name that resolves to
 * a loopback, private or other non-public address is refused, and so a DNS answer that changes
 * between the check and the connection (DNS rebinding) is never used.
 */
final class NormalizeUrlMiddleware
{
    /** curl's CURLOPT_RESOLVE, whether or not the curl module is loaded. */
    private const CURLOPT_RESOLVE = 10203;

    private const OPTIONS = ['check_addresses', 'resolver', 'pin'];

    private readonly UrlNormalizerInterface $normalizer;
    private readonly bool $explainsUnchanged;
    private readonly bool $checkAddresses;
    private readonly ?UrlNormalizer $addressJudge;
    /** @var \Closure(string): mixed */
    private readonly \Closure $resolver;
    /** @var 'auto'|'curl'|'stream' */
    private readonly string $pin;

    /**
     * @param UrlNormalizerInterface $normalizer the normalizer whose options apply (strict or
     *        lenient; allowed_schemes, allowed_hosts, block_private_hosts, max_length, ...)
     * @param array{check_addresses?: bool, resolver?: callable(string): list<string>,
     *     pin?: 'auto'|'curl'|'stream'} $options
     *   - check_addresses: resolve each host name, refuse a non-public address and pin the
     *     connection to the address judged (default: the normalizer's block_private_hosts)
     *   - resolver: the host name's addresses, as IP strings (default: gethostbynamel(), then
     *     the name's AAAA records when it has no IPv4 address)
     *   - pin: how the connection is pinned. 'auto' (default) as Guzzle's default handler
     *     sends the request: CURLOPT_RESOLVE for curl, the address in the URI for the
     *     StreamHandler (no curl module, or the `stream` request option); 'curl' or 'stream'
     *     for a stack built on that handler
     * @throws \InvalidArgumentException for an unknown option or a wrongly typed value
     */
    public function __construct(UrlNormalizerInterface $normalizer, array $options = [])
    {
        foreach (array_keys($options) as $key) {
            if (!in_array($key, self::OPTIONS, true)) {
                throw new \InvalidArgumentException(sprintf(
                    'NormalizeUrlMiddleware: unknown option `%s`; known options: %s',
                    $key,
                    implode(', ', self::OPTIONS)
                ));
            }
        }
        $normalizerOptions = $normalizer->getOptions();
        // A lenient normalizer returns an invalid URL unchanged instead of throwing: a
        // UrlNormalizer is replaced by a strict one of the same options, and another
        // implementation's unchanged URLs are checked with its explain().
        $lenient = ($normalizerOptions['strict'] ?? false) !== true;
        $this->normalizer = $lenient && $normalizer instanceof UrlNormalizer
            ? new UrlNormalizer(null, ['strict' => true] + $normalizerOptions)
            : $normalizer;
        $this->explainsUnchanged = $lenient && !$normalizer instanceof UrlNormalizer;

        $checkAddresses = $options['check_addresses']
            ?? (($normalizerOptions['block_private_hosts'] ?? false) === true);
        if (!is_bool($checkAddresses)) {
            throw new \InvalidArgumentException('NormalizeUrlMiddleware: option `check_addresses` must be a bool');
        }
        $this->checkAddresses = $checkAddresses;
        $this->addressJudge = $checkAddresses
            ? new UrlNormalizer(null, ['strict' => true, 'block_private_hosts' => true])
            : null;

        $resolver = $options['resolver'] ?? self::systemResolver(...);
        if (!is_callable($resolver)) {
            throw new \InvalidArgumentException('NormalizeUrlMiddleware: option `resolver` must be a callable');
        }
        $this->resolver = \Closure::fromCallable($resolver);

        $pin = $options['pin'] ?? 'auto';
        if (!in_array($pin, ['auto', 'curl', 'stream'], true)) {
            throw new \InvalidArgumentException(
                "NormalizeUrlMiddleware: option `pin` must be 'auto', 'curl' or 'stream'"
            );
        }
        $this->pin = $pin;
    }

    /**
     * The middleware, to push onto a HandlerStack (last, below allow_redirects).
     *
     * Example: $stack->push(NormalizeUrlMiddleware::create($normalizer), 'url_normalize')
     *
     * @param array{check_addresses?: bool, resolver?: callable(string): list<string>,
     *     pin?: 'auto'|'curl'|'stream'} $options as for the constructor
     */
    public static function create(UrlNormalizerInterface $normalizer, array $options = []): self
    {
        return new self($normalizer, $options);
    }

    /**
     * Guzzle's default stack (HandlerStack::create($handler): http_errors, allow_redirects,
     * cookies, prepare_body) with the middleware pushed last as `url_normalize`, for
     * `new Client(['handler' => ...])`. A middleware pushed onto it later sits below this one and
     * sees the normalized request; add it with before('url_normalize', ...) to see the request as
     * given.
     *
     * Example: new Client(['handler' => NormalizeUrlMiddleware::handlerStack($normalizer)])
     *
     * @param array{check_addresses?: bool, resolver?: callable(string): list<string>,
     *     pin?: 'auto'|'curl'|'stream'} $options as for the constructor
     * @param (callable(RequestInterface, array<string, mixed>): PromiseInterface)|null $handler
     *        the handler (default: Guzzle's choice, curl or the StreamHandler)
     */
    public static function handlerStack(
        UrlNormalizerInterface $normalizer,
        array $options = [],
        ?callable $handler = null
    ): HandlerStack {
        $stack = HandlerStack::create($handler);
        $stack->push(self::create($normalizer, $options), 'url_normalize');
        return $stack;
    }

    /**
     * Wraps the next handler of the stack.
     *
     * @param callable(RequestInterface, array<string, mixed>): PromiseInterface $handler
     * @return \Closure(RequestInterface, array<string, mixed>): PromiseInterface
     */
    public function __invoke(callable $handler): \Closure
    {
        return function (RequestInterface $request, array $options) use ($handler): PromiseInterface {
            try {
                $request = $this->normalized($request, $options);
                if ($this->checkAddresses) {
                    [$request, $options] = $this->pinned($request, $options, (int) ($options['__redirect_count'] ?? 0));
                }
            } catch (RefusedUrlException | ConnectException | \UnexpectedValueException $e) {
                return Create::rejectionFor($e);
            }
            return $handler($request, $this->judgingRedirects($options));
        };
    }

    /**
     * The request with its URI normalized: resolved against the `base_uri` request option when it
     * is relative (Guzzle's Client resolves base_uri itself before any middleware, so only a
     * request given to the stack directly arrives relative), else normalized.
     *
     * @param array<string, mixed> $options
     * @throws RefusedUrlException when the normalizer refuses the URI
     */
    private function normalized(RequestInterface $request, array $options): RequestInterface
    {
        $uri = $request->getUri();
        $given = (string) $uri;
        $base = $uri->getScheme() === '' && isset($options['base_uri']) ? (string) $options['base_uri'] : null;
        $normalized = $this->judged($given, $base, $request, (int) ($options['__redirect_count'] ?? 0));
        if ($normalized === $given) {
            return $request;
        }
        // The Host header follows the URI, unless the caller set one of their own (one that
        // differs from what Guzzle derives from the URI), which is kept.
        $host = $request->getHeaderLine('Host');
        $derived = $uri->getHost() . ($uri->getPort() !== null ? ':' . $uri->getPort() : '');
        return $request->withUri(new Uri($normalized), $host !== '' && $host !== $derived);
    }

    /**
     * The URL as the normalizer gives it, or the refusal.
     *
     * @param string|null $base what a relative $url is resolved against
     * @param int $hop the redirect this request follows (Guzzle's count), 0 for the first request
     * @throws RefusedUrlException when the normalizer refuses the URL
     */
    private function judged(string $url, ?string $base, RequestInterface $request, int $hop): string
    {
        $refused = static fn (InvalidUrlException $e): RefusedUrlException => new RefusedUrlException(
            self::refusal($hop) . $e->getMessage(),
            $request,
            $e
        );
        try {
            $normalized = $base !== null ? $this->normalizer->resolve($url, $base) : $this->normalizer->normalize($url);
        } catch (InvalidUrlException $e) {
            throw $refused($e);
        }
        if ($this->explainsUnchanged && $normalized === $url) {
            $explained = $this->normalizer->explain($url);
            if (!$explained['valid']) {
                throw $refused(new InvalidUrlException((string) $explained['reason']));
            }
        }
        return $normalized;
    }

    /**
     * The start of a refusal's message: which request was refused.
     *
     * @param int $hop the redirect the request follows, 0 for the first request
     */
    private static function refusal(int $hop): string
    {
        return $hop > 0 ? "Refused to follow redirect $hop: " : 'Refused to send the request: ';
    }

    /**
     * The options with an `allow_redirects.on_redirect` callback that judges each redirect's
     * URL before Guzzle sends it, and then calls the caller's own callback.
     *
     * Pushed onto the stack, the middleware sits below allow_redirects and never sees it called:
     * Guzzle's RedirectMiddleware reads the options it was given, above this one, and sends each
     * hop through the stack below it, through this middleware. Placed above allow_redirects
     * (unshift(), or before('allow_redirects', ...)), the middleware sees only the first
     * request, and this callback refuses a redirect to a URL the normalizer refuses or, under
     * check_addresses, to a host name with an address that is not public; a hop it lets through
     * is sent as Guzzle resolved it, not normalized.
     *
     * @param array<string, mixed> $options
     * @return array<string, mixed>
     */
    private function judgingRedirects(array $options): array
    {
        $settings = $options['allow_redirects'] ?? false;
        if ($settings === true) {
            $settings = RedirectMiddleware::$defaultSettings;
        }
        if (!is_array($settings)) {
            return $options;
        }
        $theirs = $settings['on_redirect'] ?? null;
        // These options are this request's own: the count is of its redirects.
        $hops = 0;
        $settings['on_redirect'] = function (
            RequestInterface $request,
            ResponseInterface $response,
            UriInterface $uri
        ) use (
            $theirs,
            &$hops
        ): void {
            $hops++;
            $hop = $request->withUri($uri);
            $this->judged((string) $uri, null, $hop, $hops);
            if ($this->checkAddresses) {
                $this->pinned($hop, [], $hops);
            }
            if (is_callable($theirs)) {
                $theirs($request, $response, $uri);
            }
        };
        $options['allow_redirects'] = $settings;
        return $options;
    }

    /**
     * The request and options pinned to the judged address of the URI's host name; the request
     * as given when the host is an address (the normalizer judged it).
     *
     * @param array<string, mixed> $options
     * @param int $hop the redirect the request follows, 0 for the first request
     * @return array{RequestInterface, array<string, mixed>}
     * @throws RefusedUrlException when an address is not public
     * @throws ConnectException when the name has no address
     * @throws \UnexpectedValueException when the resolver gives something else than IP addresses
     */
    private function pinned(RequestInterface $request, array $options, int $hop): array
    {
        $uri = $request->getUri();
        $host = $uri->getHost();
        if ($host === '' || filter_var(trim($host, '[]'), FILTER_VALIDATE_IP) !== false) {
            return [$request, $options];
        }
        $addresses = ($this->resolver)($host);
        if (!is_array($addresses) || $addresses === []) {
            throw new ConnectException("Could not resolve host: $host", $request);
        }
        $literals = [];
        foreach ($addresses as $address) {
            if (!is_string($address) || filter_var($address, FILTER_VALIDATE_IP) === false) {
                throw new \UnexpectedValueException(sprintf(
                    'NormalizeUrlMiddleware: the resolver gave %s for `%s`, which is no IP address',
                    var_export($address, true),
                    $host
                ));
            }
            $literal = str_contains($address, ':') ? "[$address]" : $address;
            try {
                \assert($this->addressJudge !== null);
                $this->addressJudge->normalize("http://$literal/");
            } catch (InvalidUrlException $e) {
                throw new RefusedUrlException(
                    self::refusal($hop) . "the host `$host` resolves to $address, which is not a public address",
                    $request,
                    $e,
                    $address
                );
            }
            $literals[] = $literal;
        }

        // curl: a DNS cache entry for host:port, in place of any the caller gave for it.
        $port = $uri->getPort() ?? ($uri->getScheme() === 'https' ? 443 : 80);
        $curl = is_array($options['curl'] ?? null) ? $options['curl'] : [];
        $resolve = array_values(array_filter(
            (array) ($curl[self::CURLOPT_RESOLVE] ?? []),
            static fn (mixed $line): bool => !is_string($line)
                || (!str_starts_with(strtolower(ltrim($line, '+')), "$host:$port:")
                    && strtolower($line) !== "-$host:$port")
        ));
        $resolve[] = "$host:$port:$literals[0]";
        $curl[self::CURLOPT_RESOLVE] = $resolve;
        $options['curl'] = $curl;

        // PHP's stream wrapper has no such cache: the address goes into the URI, the name stays
        // in the Host header (already set) and in the TLS peer name, which is also the SNI.
        if ($this->sentByStreamHandler($options)) {
            $request = $request->withUri($uri->withHost($literals[0]), true);
            if ($uri->getScheme() === 'https') {
                $context = is_array($options['stream_context'] ?? null) ? $options['stream_context'] : [];
                $context['ssl'] = (is_array($context['ssl'] ?? null) ? $context['ssl'] : []) + ['peer_name' => $host];
                $options['stream_context'] = $context;
            }
        }
        return [$request, $options];
    }

    /**
     * Whether the StreamHandler sends the request: the pin option says so, or Guzzle's default
     * handler would choose it (Utils::chooseHandler(): no curl module, or the `stream` option).
     *
     * @param array<string, mixed> $options
     */
    private function sentByStreamHandler(array $options): bool
    {
        if ($this->pin !== 'auto') {
            return $this->pin === 'stream';
        }
        $curl = function_exists('curl_exec') || function_exists('curl_multi_exec');
        return !$curl || (!empty($options['stream']) && (bool) ini_get('allow_url_fopen'));
    }

    /**
     * The system resolver's IPv4 addresses of a name (hosts file and DNS), or when it has none
     * the name's AAAA records.
     *
     * @return list<string>
     */
    private static function systemResolver(string $host): array
    {
        $addresses = gethostbynamel($host);
        if (is_array($addresses) && $addresses !== []) {
            return array_values($addresses);
        }
        $records = @dns_get_record($host, DNS_AAAA);
        return is_array($records)
            ? array_values(array_filter(array_column($records, 'ipv6'), 'is_string'))
            : [];
    }
}
