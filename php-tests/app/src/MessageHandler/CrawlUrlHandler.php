<?php

declare(strict_types=1);

namespace App\MessageHandler;

use App\Crawl\CrawlState;
use App\Crawl\LinkExtractor;
use App\Crawl\RobotsRules;
use App\Database\CrawlDatabase;
use App\Message\CrawlUrl;
use App\Service\Crawler\Implementations\Spider\Http\CrawlRequestBuilder;
use Psr\Log\LoggerInterface;
use Symfony\Component\Messenger\Attribute\AsMessageHandler;
use Symfony\Component\Messenger\MessageBusInterface;
use Symfony\Component\Messenger\Stamp\DelayStamp;
use Symfony\Contracts\HttpClient\Exception\ExceptionInterface as HttpException;
use Symfony\Contracts\HttpClient\HttpClientInterface;
use UrlNormalize\CrawlScope;
use UrlNormalize\UrlNormalizer;

/**
 * A worker's job for one page: obey robots.txt (RobotsRules: the origin's file is fetched once,
 * holding the site as a page does; a disallowed page is never fetched), take the site
 * (politeness), fetch the page through the crawl API (the Spider request builder, whose build()
 * normalizes the URL just before sending), store it with the URL as found, then send a CrawlUrl
 * for each link in scope that no worker has seen.
 *
 * In scope: an http(s) link that a CrawlScope of the seeds' sites contains (`site:` entries:
 * every host of a seed's registrable domain), at most `crawler.max_depth` links from a seed. A
 * link's key in the seen-set is its 128-bit fingerprint(): every spelling of one page has the
 * same key, on every worker.
 */
#[AsMessageHandler]
final class CrawlUrlHandler
{
    /**
     * How long a worker may hold a site (ms): a worker that died holding it frees the site
     * after this. Longer than any request may last (REQUEST_MAX_DURATION) plus the longest wait
     * before it (CRAWLER_MAX_WAIT_MS), so a worker that lives releases the site itself.
     */
    private const LEASE_MS = 10_000;

    /** The longest a request to the crawl API may last (s): the client gives up after it. */
    private const REQUEST_MAX_DURATION = 8.0;

    private ?CrawlScope $scope = null;
    private string $scopeId = '';

    public function __construct(
        private readonly CrawlState $state,
        private readonly CrawlRequestBuilder $builder,
        private readonly HttpClientInterface $httpClient,
        private readonly CrawlDatabase $database,
        private readonly LinkExtractor $links,
        private readonly UrlNormalizer $normalizer,
        private readonly MessageBusInterface $bus,
        private readonly LoggerInterface $logger,
        private readonly int $maxDepth,
        private readonly int $siteIntervalMs,
        private readonly int $maxWaitMs,
        private readonly RobotsRules $robots,
    ) {
    }

    /**
     * @throws \RuntimeException when the crawl API cannot be reached (Messenger retries the message)
     */
    public function __invoke(CrawlUrl $message): void
    {
        $site = $this->site($message->url);
        if ($this->robotsDecided($message)) {
            return;
        }
        // The request is ready before the site is taken, so that only sending it is left after.
        $payload = $this->builder->build($message->url, ['return_format' => 'bytes'])->getPayload();
        [$taken, $fetched] = $this->holdingSite(
            $message,
            $site,
            fn (): array => $this->fetch($payload, $message->id)
        );
        if (!$taken) {
            return;
        }
        [$status, $content, $detail] = $fetched;

        $urlSent = (string) $payload['url'];
        $crawlUrlId = $message->crawlUrlId
            ?? $this->database->addUrl($message->url, "depth {$message->depth}, linked as {$message->href}");
        $this->database->addResult($crawlUrlId, 'spider', $urlSent, $status === 200, $status, $detail);
        if ($status !== 200) {
            $this->logger->warning('Page not fetched', [
                'url' => $message->url,
                'status' => $status,
                'detail' => $detail,
            ]);
        } elseif ($message->depth < $this->maxDepth) {
            $this->follow($message, $content, $urlSent);
        }
        $this->state->markDone($message->key);
    }

    /**
     * Sends a message for each link in scope that this message is first to claim.
     */
    private function follow(CrawlUrl $message, string $content, string $pageUrl): void
    {
        $scope = $this->scope();
        $candidates = [];
        foreach ($this->links->links($content, $pageUrl) as $href => $url) {
            $scheme = strtolower((string) parse_url($url, PHP_URL_SCHEME));
            $web = $scheme === 'http' || $scheme === 'https';
            if ($web && $scope->contains($url)) {
                $candidates[$this->normalizer->fingerprint($url, null, 128)] ??= [$url, (string) $href];
            }
        }
        foreach ($this->state->claim($message->id, array_keys($candidates)) as $key) {
            $id = hash('xxh128', "{$message->id}>$key");
            [$url, $href] = $candidates[$key];
            $link = new CrawlUrl($url, $message->depth + 1, $key, $id, null, $href);
            if (!$this->state->defer($link)) {
                $this->bus->dispatch($link);
            }
            $this->state->markDispatched($key);
        }
    }

    /**
     * Whether robots.txt settled the message: the page is disallowed (recorded as done, never
     * fetched), or its origin's file is being fetched by another worker (the message comes back
     * later), or this worker could not take the site to fetch it (the message was put back).
     * False: the page may be fetched. Fetching the file holds the site, as fetching a page does.
     */
    private function robotsDecided(CrawlUrl $message): bool
    {
        $robots = $this->robots->known($message->url);
        if ($robots === null) {
            if (!$this->state->claimRobots($this->robots->origin($message->url), $message->id, 30_000)) {
                $this->bus->dispatch($message, [new DelayStamp($this->siteIntervalMs)]);
                return true;
            }
            $robots = $this->robots->fetch(
                $message->url,
                $message->id,
                function (string $url, int $redirect, \Closure $request) use ($message): ?array {
                    // A redirect follows its response at once, most often to the same site, which
                    // this worker has just given back until the delay is over: it waits that long
                    // rather than putting the message back, which would start over from the
                    // robots.txt URL, whose site would be busy again at the redirect.
                    $maxWaitMs = $redirect === 0 ? $this->maxWaitMs : $this->siteIntervalMs + $this->maxWaitMs;
                    [$taken, $answer] = $this->holdingSite($message, $this->site($url), $request, $maxWaitMs);
                    return $taken ? $answer : null;
                }
            );
            if ($robots === null) {
                return true;
            }
        }
        if ($robots->isAllowed($message->url, $this->robots->agent())) {
            return false;
        }
        $this->logger->info('Disallowed by robots.txt', ['url' => $message->url]
            + ($robots->matchedRule($message->url, $this->robots->agent()) ?? []));
        $this->state->markDone($message->key);
        return true;
    }

    /**
     * Runs $request holding the site, from before the request leaves until its response is in:
     * the next request to the site starts the delay after this response ended, however long
     * anything took. When the site is held, or free only later, the message goes back, delayed,
     * and this worker takes another site's page meanwhile (only with a transport that delays;
     * sync never does, and the in-memory state always takes the site).
     *
     * @template T
     * @param \Closure(): T $request
     * @param int|null $maxWaitMs the longest wait for the site before the message goes back
     *     (default CRAWLER_MAX_WAIT_MS)
     * @return array{bool, T|null} whether the site was taken, and what $request returned
     */
    private function holdingSite(CrawlUrl $message, string $site, \Closure $request, ?int $maxWaitMs = null): array
    {
        // This attempt's own name: a redelivered message must not take over a lease it held
        // before it died.
        $owner = $message->id . ':' . bin2hex(random_bytes(8));
        $maxWaitMs ??= $this->maxWaitMs;
        [$taken, $wait] = $this->state->acquire($site, $owner, $this->siteIntervalMs, self::LEASE_MS, $maxWaitMs);
        if (!$taken) {
            $this->bus->dispatch($message, [new DelayStamp(max(1, $wait))]);
            return [false, null];
        }
        try {
            usleep($wait * 1000);
            return [true, $request()];
        } finally {
            $this->state->release($site, $owner, $this->siteIntervalMs);
        }
    }

    /**
     * The crawl's scope: every host of each seed's site, as a CrawlScope (built once per
     * worker and crawl).
     */
    private function scope(): CrawlScope
    {
        $sites = array_keys($this->state->scope());
        $id = implode("\n", $sites);
        if ($this->scope === null || $this->scopeId !== $id) {
            $this->scope = new CrawlScope(array_map(static fn (int|string $site): string => "site:$site", $sites));
            $this->scopeId = $id;
        }
        return $this->scope;
    }

    /**
     * The politeness and scope unit: the registrable domain, or the host where there is none.
     */
    private function site(string $url): string
    {
        return $this->normalizer->registrableDomain($url)
            ?? strtolower((string) parse_url($this->normalizer->normalize($url), PHP_URL_HOST));
    }

    /**
     * POSTs the payload to the crawl API.
     *
     * @param array<string, mixed> $payload
     * @return array{int, string, string} the page's status, its bytes, what the API said
     */
    private function fetch(array $payload, string $messageId): array
    {
        try {
            $response = $this->httpClient->request('POST', $this->builder->getApiUrl(), [
                'max_duration' => self::REQUEST_MAX_DURATION,
                'headers' => $this->builder->getHeaders() + [
                    'X-Crawl-Message' => $messageId,
                    'X-Crawl-Worker' => (string) getmypid(),
                ],
                'body' => json_encode($payload, JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE),
            ]);
            $apiStatus = $response->getStatusCode();
            $answer = json_decode($response->getContent(false), true);
        } catch (\JsonException $e) {
            return [0, '', 'payload is not valid JSON: ' . $e->getMessage()];
        } catch (HttpException $e) {
            throw new \RuntimeException('Crawl API unreachable: ' . $e->getMessage(), 0, $e);
        }
        $page = is_array($answer) ? ($answer[0] ?? null) : null;
        if ($apiStatus !== 200 || !is_array($page)) {
            $error = is_array($answer) ? (string) ($answer['error'] ?? 'no page') : 'unreadable answer';
            return [$apiStatus, '', $error];
        }
        $content = base64_decode((string) ($page['content'] ?? ''), true);
        return [(int) ($page['status'] ?? 0), $content === false ? '' : $content, (string) ($page['error'] ?? 'ok')];
    }
}
