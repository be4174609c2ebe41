<?php

declare(strict_types=1);

// A stand-in for the crawl APIs on loopback, served by `php -S 127.0.0.1:<port> router.php`
// (started by UrlNormalize\Tests\Support\CrawlApiServer). Every request is appended to the
// JSON-lines file $CRAWL_API_RECORD, so tests read what really arrived over HTTP.
//
//   POST /spider/crawl     Spider's API: {"url": ...}        → 200 [{"url", "status", "content"}]
//   POST /crawl4ai/crawl   Crawl4AI's API: {"urls": [...]}   → 200 {"success", "results"}
//   /redirect/NNN?to=URL   a redirect: status NNN (3xx) with `Location: URL` (the bytes of the
//                          query's `to`, as given), for the HTTP client's redirect tests
//   anything else          the crawled site itself: answers 200 with the Host header and the
//                          request target it received when both are ASCII, 400 otherwise.
//
// Like the real APIs, both reject a URL that is not a valid, request-safe absolute URL.
//
// Site mode, when CRAWL_SITE_SEED is set (scripts/crawl-scale): POST /spider/crawl fetches from
// the generated web of UrlNormalize\Tests\Support\GeneratedSite (CRAWL_SITE_SEED,
// CRAWL_SITE_PAGES) instead, after CRAWL_SITE_DELAY_MS milliseconds (20 by default), as a remote
// crawl service answers; with `"return_format": "bytes"` the page comes base64-encoded, bytes
// that are not UTF-8 included. The record then holds one line per fetch: when the request
// arrived (`t`) and when its whole answer was written (`end`), the URL, the page's canonical key
// (null: no such page), its site and the X-Crawl-Message header. The line is written after the
// answer and before the connection closes, which is when the client has the whole answer
// (`php -S` sends no Content-Length): a client's next request cannot start before it. A host's
// robots.txt, sitemap and the file a robots.txt redirects to are answered too (with their
// status, and a redirect's `location`), recorded with `"robots": true`.

$method = $_SERVER['REQUEST_METHOD'];
$target = $_SERVER['REQUEST_URI'];
$host = $_SERVER['HTTP_HOST'] ?? '';
$body = (string) file_get_contents('php://input');

if (getenv('CRAWL_SITE_SEED') === false) {
    file_put_contents((string) getenv('CRAWL_API_RECORD'), json_encode([
        'method' => $method,
        'target' => $target,
        'host' => $host,
        'authorization' => $_SERVER['HTTP_AUTHORIZATION'] ?? null,
        'cookie' => $_SERVER['HTTP_COOKIE'] ?? null,
        'body' => $body,
    ], JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_SLASHES) . "\n", FILE_APPEND | LOCK_EX);
}

/** @param array<mixed> $json */
$answer = static function (int $status, array $json): void {
    http_response_code($status);
    header('Content-Type: application/json');
    echo json_encode($json, JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE);
};

/** An absolute http(s) URL made only of printable ASCII, as an HTTP request line needs. */
$isRequestSafe = static function (mixed $url): bool {
    return is_string($url)
        && preg_match('/^https?:\/\/[\x21-\x7e]+$/', $url) === 1
        && filter_var($url, FILTER_VALIDATE_URL) !== false;
};

/** @return array<mixed>|null */
$payload = static function (string $body): ?array {
    $payload = json_decode($body, true);
    return is_array($payload) ? $payload : null;
};

$authorization = $_SERVER['HTTP_AUTHORIZATION'] ?? '';
$siteSeed = getenv('CRAWL_SITE_SEED');
if ($siteSeed !== false && $method === 'POST' && $target === '/spider/crawl') {
    require_once dirname(__DIR__, 2) . '/Support/GeneratedSite.php';
    $request = $payload($body) ?? [];
    $url = $request['url'] ?? null;
    if ($authorization !== 'Bearer spider-test-token') {
        $answer(401, ['error' => 'unauthorized']);
        return;
    }
    if (!$isRequestSafe($url)) {
        // A host in Unicode, a space, a raw byte: the crawler did not normalize before sending.
        $answer(400, ['error' => 'invalid url: ' . json_encode($url, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE)]);
        return;
    }
    // The fetch is recorded even when the client went away meanwhile (a worker killed): the
    // site served it all the same. While it is served, a file named after the worker's process
    // (X-Crawl-Worker) says so, for the crawl's fault that kills a worker in mid-request.
    ignore_user_abort(true);
    $worker = (string) ($_SERVER['HTTP_X_CRAWL_WORKER'] ?? '');
    $busy = preg_match('/^\d+$/', $worker) === 1
        ? dirname((string) getenv('CRAWL_SITE_FETCHES')) . "/request-of-$worker"
        : null;
    if ($busy !== null) {
        touch($busy);
    }
    $site = new UrlNormalize\Tests\Support\GeneratedSite((int) $siteSeed, (int) (getenv('CRAWL_SITE_PAGES') ?: 5000));
    // When the request reached the server, before it waited for a free worker of its own.
    $received = (float) $_SERVER['REQUEST_TIME_FLOAT'];
    usleep(1000 * (int) (getenv('CRAWL_SITE_DELAY_MS') ?: 20));
    // The fragment is never sent by a real client; the page is the same without it.
    $clean = (string) preg_replace('/#.*/s', '', $url);
    $resource = $site->resource($clean);
    if ($resource !== null) {
        $answer(200, [[
            'url' => $url,
            'status' => $resource['status'],
            'content' => ($request['return_format'] ?? '') === 'bytes'
                ? base64_encode($resource['body'])
                : $resource['body'],
            'location' => $resource['location'],
            'error' => $resource['status'] === 200 ? null : "status {$resource['status']}",
        ]]);
        $record = ['key' => null, 'robots' => true, 'site' => $site->siteOf($url)];
    } else {
        $key = $site->keyOf($clean);
        $content = $key === null ? '' : $site->render($key);
        $answer(200, [[
            'url' => $url,
            'status' => $key === null ? 404 : 200,
            'content' => ($request['return_format'] ?? '') === 'bytes' ? base64_encode($content) : $content,
            'error' => $key === null ? 'not found' : null,
        ]]);
        $record = ['key' => $key, 'site' => $key === null ? null : $site->siteOf($key)];
    }
    flush();
    file_put_contents((string) getenv('CRAWL_SITE_FETCHES'), json_encode([
        't' => $received,
        'end' => microtime(true),
        'url' => $url,
    ] + $record + [
        'message' => $_SERVER['HTTP_X_CRAWL_MESSAGE'] ?? null,
    ], JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE) . "\n", FILE_APPEND | LOCK_EX);
    if ($busy !== null) {
        @unlink($busy);
    }
} elseif ($method === 'POST' && $target === '/spider/crawl') {
    $url = $payload($body)['url'] ?? null;
    if ($authorization !== 'Bearer spider-test-token') {
        $answer(401, ['error' => 'unauthorized']);
    } elseif (!$isRequestSafe($url)) {
        $answer(400, ['error' => 'invalid url: ' . json_encode($url, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE)]);
    } else {
        $answer(200, [['url' => $url, 'status' => 200, 'content' => "# crawled $url", 'error' => null]]);
    }
} elseif ($method === 'POST' && $target === '/crawl4ai/crawl') {
    $urls = $payload($body)['urls'] ?? null;
    if ($authorization !== 'Bearer crawl4ai-test-token') {
        $answer(401, ['detail' => 'unauthorized']);
    } elseif (!is_array($urls) || $urls === [] || count(array_filter($urls, $isRequestSafe)) !== count($urls)) {
        $answer(422, [
            'detail' => 'invalid urls: ' . json_encode($urls, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE),
        ]);
    } else {
        $results = array_map(
            static fn (string $url): array => ['url' => $url, 'success' => true, 'markdown' => "# $url"],
            $urls
        );
        $answer(200, ['success' => true, 'results' => $results]);
    }
} elseif (preg_match('#^/redirect/(3\d\d)\?to=(.*)$#s', $target, $redirect) === 1) {
    http_response_code((int) $redirect[1]);
    header('Location: ' . rawurldecode($redirect[2]));
    echo "redirecting\n";
} else {
    $ascii = static fn (string $text): bool => preg_match('/^[\x21-\x7e]*$/', $text) === 1;
    $answer($ascii($host) && $ascii($target) ? 200 : 400, ['host' => $host, 'target' => $target]);
}
