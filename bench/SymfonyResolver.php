<?php

declare(strict_types=1);

namespace UrlNormalize\Bench;

use Symfony\Component\HttpClient\HttpClientTrait;

/**
 * Symfony HttpClient's own URL resolution (`HttpClientTrait::resolveUrl()`, RFC 3986 §5.2.2,
 * private to the trait), exposed for the benchmark suite the way HttpClient uses it: both
 * URLs through `parseUrl()`, the base once per page.
 */
final class SymfonyResolver
{
    use HttpClientTrait;

    /**
     * @param list<string> $hrefs
     * @return list<string>
     */
    public static function resolveAll(array $hrefs, string $base): array
    {
        $baseParts = self::parseUrl($base);
        $out = [];
        foreach ($hrefs as $href) {
            $out[] = implode('', self::resolveUrl(self::parseUrl($href), $baseParts));
        }
        return $out;
    }
}
