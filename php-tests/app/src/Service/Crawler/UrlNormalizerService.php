<?php

// The seed plan's userland service (its "Step 1: Create UrlNormalizerService"), kept verbatim apart from
// this comment: the benchmark's baseline, and the class the native UrlNormalizer replaces.

namespace App\Service\Crawler;

use Psr\Log\LoggerInterface;

final readonly class UrlNormalizerService
{
    public function __construct(
        private LoggerInterface $logger,
    ) {
    }

    /**
     * Normalize a URL for HTTP requests
     *
     * Handles:
     * - Internationalized domain names (IDN) -> ASCII
     * - Special characters in path -> URL encoded
     * - Missing scheme -> defaults to https
     *
     * @param string $url The URL to normalize
     * @return string The normalized URL
     */
    public function normalize(string $url): string
    {
        // 1. Add scheme if missing
        if (!preg_match('~^https?://~i', $url)) {
            $url = 'https://' . $url;
        }

        // 2. Parse URL into components
        $parsed = parse_url($url);
        if ($parsed === false || !isset($parsed['host'])) {
            $this->logger->warning('Failed to parse URL for normalization', [
                'url' => $url,
            ]);
            return $url; // Return original on failure
        }

        // 3. Convert IDN domain to ASCII
        $host = $parsed['host'];
        $asciiHost = idn_to_ascii($host, IDNA_DEFAULT, INTL_IDNA_VARIANT_UTS46);
        if ($asciiHost === false) {
            $this->logger->warning('Failed to convert IDN to ASCII', [
                'host' => $host,
                'url' => $url,
            ]);
            $asciiHost = $host; // Keep original if conversion fails
        }

        // 4. Encode path segments (but preserve slashes)
        $path = $parsed['path'] ?? '/';
        $normalizedPath = $this->encodePath($path);

        // 5. Reconstruct URL
        $normalized = ($parsed['scheme'] ?? 'https') . '://';

        if (isset($parsed['user'])) {
            $normalized .= $parsed['user'];
            if (isset($parsed['pass'])) {
                $normalized .= ':' . $parsed['pass'];
            }
            $normalized .= '@';
        }

        $normalized .= $asciiHost;

        if (isset($parsed['port'])) {
            $normalized .= ':' . $parsed['port'];
        }

        $normalized .= $normalizedPath;

        if (isset($parsed['query'])) {
            $normalized .= '?' . $parsed['query'];
        }

        if (isset($parsed['fragment'])) {
            $normalized .= '#' . $parsed['fragment'];
        }

        // Log normalization if URL changed
        if ($normalized !== $url) {
            $this->logger->debug('URL normalized for HTTP request', [
                'original' => $url,
                'normalized' => $normalized,
            ]);
        }

        return $normalized;
    }

    /**
     * Encode path segments while preserving slashes
     * Avoids double-encoding already-encoded characters
     */
    private function encodePath(string $path): string
    {
        // Split by slash, encode each segment, rejoin
        $segments = explode('/', $path);
        $encoded = array_map(function ($segment) {
            // Decode first to avoid double-encoding
            $decoded = rawurldecode($segment);
            // Re-encode
            return rawurlencode($decoded);
        }, $segments);

        return implode('/', $encoded);
    }
}
