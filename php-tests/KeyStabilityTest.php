<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use PHPUnit\Framework\TestCase;
use UrlNormalize\Tests\Support\KeyList;
use UrlNormalize\UrlNormalizer;

/**
 * Keys are a storage format: fingerprint() in both widths, KEY_VERSION, and the committed list
 * of keys (testdata/keys/keys.tsv) that every build must compute the same.
 */
final class KeyStabilityTest extends TestCase
{
    public function testEveryListedKeyIsWhatThisBuildComputes(): void
    {
        $list = KeyList::read();
        $this->assertSame(UrlNormalizer::KEY_VERSION, $list['version'], 'the list names the current KEY_VERSION');
        $normalizer = KeyList::normalizer();
        $urls = [];
        $differ = [];
        foreach ($list['rows'] as $row) {
            [$flags, $url, $canonical, $xxh64, $xxh128] = $row;
            $urls[$url] = true;
            // An independent implementation of both hashes: PHP's hash extension.
            $this->assertSame([hash('xxh64', $canonical), hash('xxh128', $canonical)], [$xxh64, $xxh128], $url);
            if (KeyList::compute($normalizer, $flags, $url) !== $row) {
                $differ[] = "$flags $url";
            }
        }
        $this->assertSame([], array_slice($differ, 0, 20), count($differ) . ' keys differ; see scripts/keys.php');
        $this->assertGreaterThanOrEqual(1000, count($urls));
        $this->assertSame(count($urls) * count(KeyList::FLAG_SETS), count($list['rows']));
    }

    public function testAChangedKeyFailsTheComparison(): void
    {
        $path = (string) tempnam(sys_get_temp_dir(), 'keys-');
        try {
            $row = KeyList::compute(KeyList::normalizer(), 'SAFE', 'https://example.com/a');
            $row[3] = strrev($row[3]);
            file_put_contents($path, KeyList::format(UrlNormalizer::KEY_VERSION, [$row]));
            $read = KeyList::read($path)['rows'][0];
            $this->assertSame($row, $read);
            $this->assertNotSame(KeyList::compute(KeyList::normalizer(), 'SAFE', 'https://example.com/a'), $read);
        } finally {
            unlink($path);
        }
    }

    public function testFingerprintsIn64And128Bits(): void
    {
        $normalizer = new UrlNormalizer();
        $url = 'http://www.example.com:80/index.html?';
        $canonical = $normalizer->canonicalize($url);
        $this->assertSame('a2cc26a414d9cfa3', $normalizer->fingerprint($url));
        $this->assertSame('a2cc26a414d9cfa3', $normalizer->fingerprint($url, null, 64));
        $this->assertSame('546c079a27aa62fe810409a9c9e6995b', $normalizer->fingerprint($url, null, 128));
        $this->assertSame(hash('xxh128', $canonical), $normalizer->fingerprint($url, bits: 128));
        $this->assertSame(
            hash('xxh128', $normalizer->canonicalize($url, UrlNormalizer::AGGRESSIVE)),
            $normalizer->fingerprint($url, UrlNormalizer::AGGRESSIVE, 128)
        );
        // Lenient: an invalid URL is hashed as given, in both widths.
        $this->assertSame(
            hash('xxh128', 'https://exa mple.com/'),
            $normalizer->fingerprint('https://exa mple.com/', null, 128)
        );
    }

    /**
     * @dataProvider otherWidths
     */
    public function testAnyOtherWidthIsAValueError(int $bits): void
    {
        $this->expectException(\ValueError::class);
        $this->expectExceptionMessage(
            "UrlNormalize\\UrlNormalizer::fingerprint(): Argument #3 (\$bits) must be 64 or 128, $bits given"
        );
        (new UrlNormalizer())->fingerprint('https://example.com/', null, $bits);
    }

    /**
     * @return array<string, array{int}>
     */
    public static function otherWidths(): array
    {
        return ['0' => [0], '32' => [32], '65' => [65], '256' => [256], '-64' => [-64], 'PHP_INT_MAX' => [PHP_INT_MAX]];
    }

    public function testKeyVersionIsAnInt(): void
    {
        $this->assertSame(1, UrlNormalizer::KEY_VERSION);
    }
}
