<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use PHPUnit\Framework\TestCase;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\RobotsTxt;

/**
 * RobotsTxt: parsing, the status rules, the rule that decides, crawl-delay, sitemaps, and bad
 * input of every kind. The RFC's and the public suites' cases are in Conformance/.
 */
final class RobotsTxtTest extends TestCase
{
    private const BODY = "User-agent: *\nDisallow: /private/\nAllow: /private/press/\n"
        . "Crawl-delay: 2.5\n\nUser-agent: ExampleBot\nUser-agent: OtherBot\nDisallow: /tmp/\n"
        . "Sitemap: /sitemap.xml\nSitemap: https://コーヒー.jp/s.xml\n";

    private static function robots(string $body = self::BODY): RobotsTxt
    {
        return RobotsTxt::parse($body, 'https://example.com/robots.txt');
    }

    public function testIsAllowed(): void
    {
        $robots = self::robots();
        $this->assertFalse($robots->isAllowed('https://example.com/private/x', 'AnyBot'));
        $this->assertTrue($robots->isAllowed('https://example.com/private/press/1', 'AnyBot'));
        $this->assertTrue($robots->isAllowed('https://example.com/private/x', 'ExampleBot'));
        $this->assertFalse($robots->isAllowed('https://example.com/tmp/x', 'examplebot/2.1'));
        $this->assertTrue($robots->isAllowed('https://example.com/robots.txt', 'AnyBot'));
    }

    public function testUrlsAreReadAsNormalizeReadsThem(): void
    {
        $robots = self::robots("User-agent: *\nDisallow: /caf%c3%a9\nDisallow: /~joe\nDisallow: /*.pdf$\n");
        $this->assertFalse($robots->isAllowed('example.com/café/menu', 'Bot'));
        $this->assertFalse($robots->isAllowed('HTTPS://EXAMPLE.COM:443/%7Ejoe/', 'Bot'));
        $this->assertFalse($robots->isAllowed('https://example.com/a.pdf#page=2', 'Bot'));
        $this->assertTrue($robots->isAllowed('https://example.com/a.pdf?download=1', 'Bot'));
    }

    public function testMatchedRule(): void
    {
        $robots = self::robots();
        $this->assertSame(
            ['allowed' => false, 'rule' => 'Disallow: /private/', 'line' => 2, 'group' => ['*']],
            $robots->matchedRule('https://example.com/private/x', 'AnyBot')
        );
        $this->assertSame(
            ['allowed' => false, 'rule' => 'Disallow: /tmp/', 'line' => 8, 'group' => ['ExampleBot', 'OtherBot']],
            $robots->matchedRule('https://example.com/tmp/', 'OtherBot')
        );
        $this->assertNull($robots->matchedRule('https://example.com/', 'AnyBot'));
        $this->assertSame(
            ['allowed' => false, 'rule' => 'Disallow: /', 'line' => null, 'group' => ['*']],
            RobotsTxt::forStatus(503)->matchedRule('https://example.com/', 'AnyBot')
        );
    }

    public function testCrawlDelayAndSitemaps(): void
    {
        $robots = self::robots();
        $this->assertSame(2.5, $robots->crawlDelay('AnyBot'));
        $this->assertNull($robots->crawlDelay('ExampleBot'));
        $this->assertSame(
            ['https://example.com/sitemap.xml', 'https://xn--tck2c4fb.jp/s.xml'],
            $robots->sitemaps()
        );
    }

    /**
     * @dataProvider statuses
     */
    public function testForStatus(int $status, bool $allowed): void
    {
        $robots = RobotsTxt::forStatus($status);
        $this->assertSame($allowed, $robots->isAllowed('https://example.com/a', 'Bot'));
        $this->assertSame([], $robots->sitemaps());
        $this->assertNull($robots->crawlDelay('Bot'));
    }

    /**
     * @return array<string, array{int, bool}>
     */
    public static function statuses(): array
    {
        return [
            '404 unavailable' => [404, true], '401' => [401, true], '403' => [403, true],
            '429' => [429, true], '500 unreachable' => [500, false], '503' => [503, false],
            'no answer' => [0, false],
        ];
    }

    /**
     * @dataProvider unusableStatuses
     */
    public function testForStatusRejectsWhatIsNoFailure(int $status, string $message): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage($message);
        RobotsTxt::forStatus($status);
    }

    /**
     * @return array<string, array{int, string}>
     */
    public static function unusableStatuses(): array
    {
        return [
            '200' => [200, 'parse its body'],
            '301' => [301, 'follow it, up to 5 times'],
            '-1' => [-1, 'not an HTTP status code'],
            '600' => [600, 'not an HTTP status code'],
        ];
    }

    public function testInvalidInputThrows(): void
    {
        $robots = self::robots();
        foreach (['', 'My Bot', 'Bot*', "Bot\0", "\xFF", 'Mozilla/5.0 (compatible; ExampleBot/0.1)'] as $agent) {
            try {
                $robots->isAllowed('https://example.com/', $agent);
                $this->fail("accepted the user agent $agent");
            } catch (\InvalidArgumentException $e) {
                $this->assertNotInstanceOf(InvalidUrlException::class, $e);
                $this->assertMatchesRegularExpression('/product token|UTF-8/', $e->getMessage());
            }
        }
        $this->expectException(InvalidUrlException::class);
        $robots->isAllowed('https://exa mple.com/', 'Bot');
    }

    public function testAnInvalidRobotsUrlThrows(): void
    {
        $this->expectException(InvalidUrlException::class);
        RobotsTxt::parse('', '/robots.txt');
    }

    public function testAnyBodyParses(): void
    {
        $bodies = [
            '', "\xEF\xBB\xBF", "\xFF\xFE\0U\0s\0e\0r", str_repeat("*\$#:\r\n", 1000),
            "User-agent: *\nDisallow: /\xFF\xFE\n", str_repeat('a', 600 * 1024),
            "User-agent: *\r\nDisallow: /a\rAllow: /a/b\n",
        ];
        foreach ($bodies as $body) {
            $robots = RobotsTxt::parse($body, 'https://example.com/robots.txt');
            $this->assertIsBool($robots->isAllowed('https://example.com/a/b', 'Bot'));
        }
        $robots = RobotsTxt::parse("User-agent: *\nDisallow: /b\xFCcher\n", 'https://example.com/');
        $this->assertFalse($robots->isAllowed("https://example.com/b\xFCcher/1", 'Bot'));
        $this->assertFalse($robots->isAllowed('https://example.com/b%FCcher/1', 'Bot'));
    }

    public function testOnlyTheFirst500KiBAreRead(): void
    {
        $line = "Disallow: /x\n";
        $body = "User-agent: *\n" . str_repeat($line, intdiv(500 * 1024, strlen($line)) - 2)
            . "Disallow: /cut-by-the-limit\nDisallow: /after\n";
        $robots = RobotsTxt::parse($body, 'https://example.com/robots.txt');
        $this->assertFalse($robots->isAllowed('https://example.com/x', 'Bot'));
        $this->assertTrue($robots->isAllowed('https://example.com/after', 'Bot'));
        $this->assertTrue($robots->isAllowed('https://example.com/cut-by-the-limit', 'Bot'));
    }

    public function testTheObjectIsNotConstructedByNew(): void
    {
        $this->expectExceptionMessage('You cannot instantiate this class from PHP.');
        new RobotsTxt();
    }
}
