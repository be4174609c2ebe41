<?php

declare(strict_types=1);

namespace App\Database;

/**
 * The URLs of the seed's manual tests (seed 000), plus the edge cases it lists: an
 * already-encoded URL, a malformed one, a scheme-less one, and bytes that are not UTF-8;
 * and a URL with a password, which the logs must not show.
 */
final class ExampleUrls
{
    public const ALL = [
        'korean' => 'https://나나커피로스터스.com/products/ethiopia',
        'japanese' => 'https://コーヒー.jp/products/natural-process',
        'accented path' => 'https://example.com/products/café colombia',
        'already encoded' => 'https://example.com/caf%C3%A9',
        'malformed' => 'https://exa mple.com/broken',
        'scheme-less' => 'example.com/products',
        'latin-1 bytes' => "https://example.com/caf\xE9",
        'credentials' => 'https://crawler:s3cret@example.com/members/café',
    ];

    /**
     * Stores every example and returns their ids by label.
     *
     * @return array<string, int>
     */
    public static function seed(CrawlDatabase $database): array
    {
        $ids = [];
        foreach (self::ALL as $label => $url) {
            $ids[$label] = $database->addUrl($url, $label);
        }
        return $ids;
    }
}
