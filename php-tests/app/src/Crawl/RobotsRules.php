<?php

declare(strict_types=1);

namespace App\Crawl;

use App\Service\Crawler\Implementations\Spider\Http\CrawlRequestBuilder;
use Psr\Log\LoggerInterface;
use Symfony\Contracts\HttpClient\Exception\ExceptionInterface as HttpException;
use Symfony\Contracts\HttpClient\HttpClientInterface;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\RobotsTxt;
use UrlNormalize\UrlNormalizer;

/**
 * The robots.txt of each origin the crawl visits (RFC 9309): fetched once per crawl through
 * the crawl API, kept in the crawl state beside the seen-set (so every worker reads the same
 * file), parsed once per worker.
 *
 * A 2xx file is parsed; a 4xx status allows everything, a 5xx status or no answer disallows
 * everything (RobotsTxt::forStatus()); up to five redirects are followed, each location
 * resolved against the URL that answered it, and the rules apply to the origin asked for.
 */
final class RobotsRules
{
    /** Redirects followed before the file counts as unavailable (RFC 9309 §2.3.1.2). */
    private const MAX_REDIRECTS = 5;

    /**
     * The longest a request may last (s), as for a page: the politeness lease that holds the
     * site meanwhile outlasts it.
     */
    private const REQUEST_MAX_DURATION = 8.0;

    /** @var array<string, RobotsTxt> origin => its rules, in this worker */
    private array $parsed = [];

    /**
     * @param string $agent the crawler's product token, as robots.txt user-agent lines name it
     */
    public function __construct(
        private readonly CrawlState $state,
        private readonly CrawlRequestBuilder $builder,
        private readonly HttpClientInterface $httpClient,
        private readonly UrlNormalizer $normalizer,
        private readonly LoggerInterface $logger,
        private readonly string $agent,
    ) {
    }

    /**
     * The crawler's product token.
     */
    public function agent(): string
    {
        return $this->agent;
    }

    /**
     * The URL's origin: scheme://host[:port] of its normal form.
     */
    public function origin(string $url): string
    {
        $parts = parse_url($this->normalizer->normalize($url));
        $port = isset($parts['port']) ? ':' . $parts['port'] : '';
        return ($parts['scheme'] ?? '') . '://' . ($parts['host'] ?? '') . $port;
    }

    /**
     * The rules of the URL's origin when a worker fetched them already, else null.
     */
    public function known(string $url): ?RobotsTxt
    {
        $origin = $this->origin($url);
        if (isset($this->parsed[$origin])) {
            return $this->parsed[$origin];
        }
        $record = $this->state->robots($origin);
        return $record === null ? null : $this->parsed[$origin] = self::rules($record, "$origin/robots.txt");
    }

    /**
     * Fetches the URL's origin's robots.txt and keeps it. Each request (the robots.txt URL, then
     * each redirect's location) is sent through $politely, with its URL, its number (0, then 1
     * for the first redirect...) and the request to run: the caller's politeness, as for a page.
     * $politely returns what the request returned, or null when it did not send it: the file is
     * then fetched later, from the start, and this returns null.
     *
     * @param \Closure(string, int, \Closure(): array{int, string, ?string}): ?array{int, string, ?string} $politely
     */
    public function fetch(string $url, string $messageId, \Closure $politely): ?RobotsTxt
    {
        $origin = $this->origin($url);
        $robotsUrl = "$origin/robots.txt";
        $location = $robotsUrl;
        for ($redirects = 0;; $redirects++) {
            $answer = $politely($location, $redirects, fn (): array => $this->get($location, $messageId));
            if ($answer === null) {
                return null;
            }
            [$status, $body, $next] = $answer;
            if ($status < 300 || $status >= 400) {
                break;
            }
            if ($next === null || $redirects === self::MAX_REDIRECTS) {
                [$status, $body] = [404, ''];
                break;
            }
            try {
                $location = $this->normalizer->resolve($next, $location);
            } catch (InvalidUrlException $e) {
                [$status, $body] = [404, ''];
                break;
            }
        }
        $record = "$status\n$body";
        $this->state->storeRobots($origin, $record);
        $this->logger->info('robots.txt fetched', ['origin' => $origin, 'status' => $status, 'from' => $location]);
        return $this->parsed[$origin] = self::rules($record, $robotsUrl);
    }

    /**
     * The rules a stored record stands for.
     */
    private static function rules(string $record, string $robotsUrl): RobotsTxt
    {
        [$status, $body] = explode("\n", $record, 2) + [1 => ''];
        $status = (int) $status;
        return match (true) {
            $status >= 200 && $status < 300 => RobotsTxt::parse($body, $robotsUrl),
            $status >= 400 && $status < 600 => RobotsTxt::forStatus($status),
            default => RobotsTxt::forStatus(0),
        };
    }

    /**
     * One request through the crawl API.
     *
     * @return array{int, string, ?string} status (0: no answer), body, a redirect's location
     */
    private function get(string $url, string $messageId): array
    {
        try {
            $payload = $this->builder->build($url, ['return_format' => 'bytes'])->getPayload();
            $response = $this->httpClient->request('POST', $this->builder->getApiUrl(), [
                'max_duration' => self::REQUEST_MAX_DURATION,
                'headers' => $this->builder->getHeaders() + ['X-Crawl-Message' => $messageId],
                'body' => json_encode($payload, JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE),
            ]);
            $answer = json_decode($response->getContent(false), true);
        } catch (\JsonException | HttpException $e) {
            return [0, '', null];
        }
        $page = is_array($answer) ? ($answer[0] ?? null) : null;
        if (!is_array($page)) {
            return [0, '', null];
        }
        $body = base64_decode((string) ($page['content'] ?? ''), true);
        $location = $page['location'] ?? null;
        return [(int) ($page['status'] ?? 0), $body === false ? '' : $body, is_string($location) ? $location : null];
    }
}
