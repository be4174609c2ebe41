<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use PHPUnit\Framework\TestCase;
use UrlNormalize\CrawlScope;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlPattern;

/**
 * CrawlScope: each kind of entry as a string, an array and an object; exclude wins; why();
 * the sitemap scopes; bad entries.
 */
final class CrawlScopeTest extends TestCase
{
    public function testEntriesOfEachKind(): void
    {
        $scope = new CrawlScope([
            'site:example.co.uk',
            'host:コーヒー.jp',
            'prefix:https://docs.example.org/v2/',
            'pattern:https://*.example.net/blog/*',
        ]);
        $this->assertTrue($scope->contains('http://shop.example.co.uk:8080/a'));
        $this->assertTrue($scope->contains('https://xn--tck2c4fb.jp/'));
        $this->assertFalse($scope->contains('https://www.xn--tck2c4fb.jp/'));
        $this->assertTrue($scope->contains('https://docs.example.org/v2/intro'));
        $this->assertFalse($scope->contains('https://docs.example.org/v1/intro'));
        $this->assertTrue($scope->contains('https://www.example.net/blog/a'));
        $this->assertFalse($scope->contains('https://www.example.net/shop/a'));
        $this->assertFalse($scope->contains('https://other.co.uk/'));
        $this->assertFalse($scope->contains('not a url at all'));
    }

    public function testArrayAndObjectEntries(): void
    {
        $scope = new CrawlScope(
            [
                ['site' => 'https://example.com'],
                ['pattern' => '/docs/*', 'baseUrl' => 'https://docs.example.org', 'ignoreCase' => true],
                ['pattern' => ['hostname' => '*.example.net']],
                new UrlPattern('https://cdn.example.io/*'),
            ],
            [['host' => 'private.example.com']]
        );
        $this->assertTrue($scope->contains('https://www.example.com/'));
        $this->assertFalse($scope->contains('http://www.example.com/'));
        $this->assertTrue($scope->contains('https://docs.example.org/DOCS/a'));
        $this->assertTrue($scope->contains('ftp://a.example.net/x'));
        $this->assertTrue($scope->contains('https://cdn.example.io/x.js'));
        $this->assertFalse($scope->contains('https://private.example.com/'));
        $this->assertSame(
            'included by pattern:https://cdn.example.io/* (include 4)',
            $scope->why('https://cdn.example.io/x.js')
        );
        $this->assertSame(
            'excluded by host:private.example.com (exclude 1)',
            $scope->why('https://private.example.com/')
        );
    }

    public function testExcludeWinsAndWhySaysWhy(): void
    {
        $scope = new CrawlScope(['site:example.com'], ['pattern:https://*.example.com/private/*']);
        $this->assertSame('included by site:example.com (include 1)', $scope->why('https://www.example.com/a'));
        $this->assertSame(
            'excluded by pattern:https://*.example.com/private/* (exclude 1)',
            $scope->why('https://www.example.com/private/x')
        );
        $this->assertSame('not included: no include entry matches', $scope->why('https://example.org/'));
        $this->assertStringStartsWith(
            'not a URL: Cannot normalize `https://exa mple.com/`',
            $scope->why('https://exa mple.com/')
        );
        $this->assertSame('not included: the include list is empty', (new CrawlScope([]))->why('https://a.com/'));
    }

    public function testForSitemap(): void
    {
        $strict = CrawlScope::forSitemap('https://example.com/catalog/sitemap.xml');
        $this->assertTrue($strict->contains('https://example.com/catalog/item-1'));
        $this->assertFalse($strict->contains('https://example.com/about'));
        $this->assertFalse($strict->contains('https://www.example.com/catalog/item-1'));
        $host = CrawlScope::forSitemap('https://example.com/catalog/sitemap.xml', 'host');
        $this->assertTrue($host->contains('https://example.com/about'));
        $this->assertFalse($host->contains('https://www.example.com/'));
        $site = CrawlScope::forSitemap('https://example.com/sitemap.xml', 'site');
        $this->assertTrue($site->contains('https://www.example.com/'));
        $this->assertSame('included by site:example.com (include 1)', $site->why('https://shop.example.com/'));
    }

    /**
     * @dataProvider badEntries
     * @param list<mixed> $include
     */
    public function testBadEntries(array $include, string $class, string $message): void
    {
        $this->expectException($class);
        $this->expectExceptionMessage($message);
        new CrawlScope($include);
    }

    /**
     * @return array<string, array{list<mixed>, class-string<\Throwable>, string}>
     */
    public static function badEntries(): array
    {
        return [
            'no kind' => [['example.com'], \InvalidArgumentException::class, 'starts with its kind'],
            'an unknown kind' => [['hosts:example.com'], \InvalidArgumentException::class, 'starts with its kind'],
            'a bad URL' => [['prefix:https://exa mple.com/'], InvalidUrlException::class, 'Cannot normalize'],
            'a bad pattern' => [['pattern:https://a/('], \InvalidArgumentException::class, 'Invalid URL pattern'],
            'an int' => [[12], \InvalidArgumentException::class, 'include[0] must be a string'],
            'two kinds' => [
                [['site' => 'a.com', 'host' => 'a.com']],
                \InvalidArgumentException::class,
                'has the key `host`',
            ],
            'an option of patterns on a site' => [
                [['site' => 'a.com', 'ignoreCase' => true]],
                \InvalidArgumentException::class,
                'belong to pattern entries',
            ],
            'no host' => [['host:mailto:a@b.c'], \InvalidArgumentException::class, 'names no host'],
        ];
    }

    public function testBadSitemapModes(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('strict, host or site');
        CrawlScope::forSitemap('https://example.com/sitemap.xml', 'domain');
    }
}
