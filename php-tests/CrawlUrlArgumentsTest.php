<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use GuzzleHttp\Psr7\Uri;
use PHPUnit\Framework\TestCase;
use UrlNormalize\CrawlScope;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\RobotsTxt;
use UrlNormalize\UrlPattern;

/**
 * The URL arguments of RobotsTxt, UrlPattern and CrawlScope are taken as UrlNormalizer takes
 * them: strings, any Stringable (PSR-7), PHP 8.5's URL objects; PHP's own TypeError for another
 * type; #[\SensitiveParameter] on each.
 */
final class CrawlUrlArgumentsTest extends TestCase
{
    private const URL_TYPE = 'Stringable|Uri\WhatWg\Url|Uri\Rfc3986\Uri|string';

    private static function stringable(string $url): \Stringable
    {
        return new class ($url) implements \Stringable {
            public function __construct(private string $url)
            {
            }

            public function __toString(): string
            {
                return $this->url;
            }
        };
    }

    public function testRobotsTxtTakesStringablesAndPsr7Uris(): void
    {
        $robots = RobotsTxt::parse(
            "User-agent: *\nDisallow: /private/\nSitemap: /sitemap.xml\n",
            new Uri('https://example.com/robots.txt')
        );
        $this->assertSame(['https://example.com/sitemap.xml'], $robots->sitemaps());
        $this->assertFalse($robots->isAllowed(new Uri('https://example.com/private/x'), 'ExampleBot'));
        $this->assertTrue($robots->isAllowed(self::stringable('https://example.com/public'), 'ExampleBot'));
        $this->assertSame(
            ['allowed' => false, 'rule' => 'Disallow: /private/', 'line' => 2, 'group' => ['*']],
            $robots->matchedRule(self::stringable('HTTPS://EXAMPLE.com/private/y'), 'ExampleBot')
        );
    }

    public function testUrlPatternTakesStringablesAndPsr7Uris(): void
    {
        $pattern = new UrlPattern('/books/:id', new Uri('https://example.com'));
        $this->assertSame('example.com', $pattern->hostname);
        $this->assertTrue($pattern->test(new Uri('https://example.com/books/12')));
        $this->assertFalse($pattern->test(self::stringable('https://example.org/books/12')));
        $this->assertTrue($pattern->test(self::stringable('/books/7'), new Uri('https://example.com/')));
        $this->assertTrue($pattern->test('/books/7', self::stringable('https://example.com/')));
        $this->assertTrue(
            $pattern->test(['protocol' => 'https', 'hostname' => 'example.com', 'pathname' => '/books/3'])
        );

        $match = $pattern->exec(self::stringable('/books/9'), new Uri('https://example.com/'));
        $this->assertNotNull($match);
        // The inputs as matched: an object's URL as its string.
        $this->assertSame(['/books/9', 'https://example.com/'], $match['inputs']);
        $this->assertSame(['id' => '9'], $match['pathname']['groups']);
        $components = ['protocol' => 'https', 'hostname' => 'example.com', 'pathname' => '/books/4'];
        $this->assertSame([$components], $pattern->exec($components)['inputs'] ?? null);
        $this->assertNull($pattern->exec(new Uri('https://example.com/films/1')));
    }

    public function testAnExplicitNullBaseIsNoBase(): void
    {
        $pattern = new UrlPattern('https://example.com/*', null);
        $this->assertTrue($pattern->test('https://example.com/a', null));
        $this->assertNotNull($pattern->exec('https://example.com/a', null));
        $this->assertFalse($pattern->test('/a', null));
    }

    public function testCrawlScopeTakesStringablesAndPsr7Uris(): void
    {
        $scope = CrawlScope::forSitemap(new Uri('https://example.com/catalog/sitemap.xml'));
        $this->assertTrue($scope->contains(self::stringable('https://example.com/catalog/item-1')));
        $this->assertFalse($scope->contains(new Uri('https://example.com/about')));
        $site = new CrawlScope(['site:example.com']);
        $this->assertSame('included by site:example.com (include 1)', $site->why(new Uri('https://www.example.com/')));
        $this->assertSame(
            'not included: no include entry matches',
            $site->why(self::stringable('https://example.org/'))
        );
    }

    public function testAnExceptionFromToStringGoesOnAsItIs(): void
    {
        $failing = new class implements \Stringable {
            public function __toString(): string
            {
                throw new \LogicException('no URL here');
            }
        };
        $calls = [
            static fn (): mixed => RobotsTxt::forStatus(404)->isAllowed($failing, 'ExampleBot'),
            static fn (): mixed => (new UrlPattern('https://a.com/*'))->test($failing),
            static fn (): mixed => (new UrlPattern('https://a.com/*'))->exec('/x', $failing),
            static fn (): mixed => (new CrawlScope(['site:a.com']))->contains($failing),
        ];
        foreach ($calls as $index => $call) {
            try {
                $call();
                $this->fail("call $index returned");
            } catch (\LogicException $e) {
                $this->assertSame('no URL here', $e->getMessage(), "call $index");
            }
        }
    }

    /**
     * @dataProvider wrongTypes
     */
    public function testAWrongTypeIsPhpsOwnTypeError(\Closure $call, string $message): void
    {
        $this->expectException(\TypeError::class);
        $this->expectExceptionMessage($message);
        $call();
    }

    /**
     * @return iterable<string, array{\Closure, string}>
     */
    public static function wrongTypes(): iterable
    {
        $type = self::URL_TYPE;
        yield 'RobotsTxt::parse(), an int URL' => [
            static fn (): RobotsTxt => RobotsTxt::parse('', 123),
            "UrlNormalize\\RobotsTxt::parse(): Argument #2 (\$robotsUrl) must be of type $type, int given",
        ];
        yield 'RobotsTxt::isAllowed(), null' => [
            static fn (): bool => RobotsTxt::forStatus(404)->isAllowed(null, 'ExampleBot'),
            "UrlNormalize\\RobotsTxt::isAllowed(): Argument #1 (\$url) must be of type $type, null given",
        ];
        yield 'RobotsTxt::matchedRule(), an object without __toString' => [
            static fn (): ?array => RobotsTxt::forStatus(404)->matchedRule(new \stdClass(), 'ExampleBot'),
            "UrlNormalize\\RobotsTxt::matchedRule(): Argument #1 (\$url) must be of type $type, stdClass given",
        ];
        yield 'UrlPattern::test(), a float' => [
            static fn (): bool => (new UrlPattern('https://a.com/*'))->test(1.5),
            "UrlNormalize\\UrlPattern::test(): Argument #1 (\$input) must be of type "
                . 'Stringable|Uri\WhatWg\Url|Uri\Rfc3986\Uri|array|string, float given',
        ];
        yield 'UrlPattern::exec(), an int base' => [
            static fn (): ?array => (new UrlPattern('https://a.com/*'))->exec('/x', 1),
            "UrlNormalize\\UrlPattern::exec(): Argument #2 (\$baseUrl) must be of type $type|null, int given",
        ];
        yield 'UrlPattern::__construct(), an array base' => [
            static fn (): UrlPattern => new UrlPattern('/x', []),
            "UrlNormalize\\UrlPattern::__construct(): Argument #2 (\$baseUrl) must be of type $type|null, array given",
        ];
        yield 'CrawlScope::forSitemap(), an int' => [
            static fn (): CrawlScope => CrawlScope::forSitemap(1),
            "UrlNormalize\\CrawlScope::forSitemap(): Argument #1 (\$sitemapUrl) must be of type $type, int given",
        ];
        yield 'CrawlScope::why(), a bool' => [
            static fn (): string => (new CrawlScope([]))->why(false),
            "UrlNormalize\\CrawlScope::why(): Argument #1 (\$url) must be of type $type, "
                . (PHP_VERSION_ID >= 80300 ? 'false given' : 'bool given'),
        ];
    }

    public function testTheParameterTypesSayWhatIsTaken(): void
    {
        $type = static fn (string $class, string $method, int $position): string
            => (string) (new \ReflectionMethod($class, $method))->getParameters()[$position]->getType();
        $this->assertSame(self::URL_TYPE, $type(RobotsTxt::class, 'isAllowed', 0));
        $this->assertSame(self::URL_TYPE, $type(CrawlScope::class, 'contains', 0));
        $this->assertSame(
            'Stringable|Uri\WhatWg\Url|Uri\Rfc3986\Uri|array|string',
            $type(UrlPattern::class, 'test', 0)
        );
        $this->assertSame(self::URL_TYPE . '|null', $type(UrlPattern::class, 'exec', 1));
    }

    /**
     * With zend.exception_ignore_args=0, a trace shows the arguments of each call: a URL
     * parameter shows as Object(SensitiveParameterValue).
     */
    public function testUrlsAreLeftOutOfStackTraces(): void
    {
        $previous = ini_set('zend.exception_ignore_args', '0');
        try {
            $secret = 'https://joe:QZXQ@exa mple.com/';
            $calls = [
                static fn (): RobotsTxt => RobotsTxt::parse('', $secret),
                static fn (): bool => RobotsTxt::forStatus(404)->isAllowed($secret, 'ExampleBot'),
                static fn (): ?array => RobotsTxt::forStatus(404)->matchedRule($secret, 'ExampleBot'),
                static fn (): CrawlScope => CrawlScope::forSitemap($secret),
            ];
            foreach ($calls as $index => $call) {
                try {
                    $call();
                    $this->fail("call $index did not throw");
                } catch (InvalidUrlException $e) {
                    $this->assertNotEmpty($e->getTrace()[0]['args'] ?? [], "call $index: the trace has arguments");
                    $this->assertStringNotContainsString('QZXQ', $e->getTraceAsString(), "call $index");
                    $this->assertStringNotContainsString('QZXQ', $e->getMessage(), "call $index");
                    $this->assertStringContainsString('SensitiveParameterValue', $e->getTraceAsString(), "call $index");
                }
            }
        } finally {
            ini_set('zend.exception_ignore_args', (string) $previous);
        }
    }
}
