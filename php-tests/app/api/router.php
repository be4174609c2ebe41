<?php

declare(strict_types=1);

// A stand-in for the crawl APIs on loopback, served by `php -S 127.0.0.1:<port> router.php`
// (started by UrlNormalize\Tests\Support\CrawlApiServer). Every request is appended to the
// JSON-lines file $CRAWL_API_RECORD, so tests read what really arrived over HTTP.
//
//   POST /spider/crawl     Spider's API: {"url": ...}        → 200 [{"url", "status", "content"}]
//   POST /crawl4ai/crawl   Crawl4AI's API: {"urls": [...]}   → 200 {"success", "results"}
//   anything else          the crawled site itself: answers 200 with the Host header and the
//                          request target it received when both are ASCII, 400 otherwise.
//
// Like the real APIs, both reject a URL that is not a valid, request-safe absolute URL.

$method = $_SERVER['REQUEST_METHOD'];
$target = $_SERVER['REQUEST_URI'];
$host = $_SERVER['HTTP_HOST'] ?? '';
$body = (string) file_get_contents('php://input');

file_put_contents((string) getenv('CRAWL_API_RECORD'), json_encode([
    'method' => $method,
    'target' => $target,
    'host' => $host,
    'authorization' => $_SERVER['HTTP_AUTHORIZATION'] ?? null,
    'body' => $body,
], JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_SLASHES) . "\n", FILE_APPEND | LOCK_EX);

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
if ($method === 'POST' && $target === '/spider/crawl') {
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
} else {
    $ascii = static fn (string $text): bool => preg_match('/^[\x21-\x7e]*$/', $text) === 1;
    $answer($ascii($host) && $ascii($target) ? 200 : 400, ['host' => $host, 'target' => $target]);
}
