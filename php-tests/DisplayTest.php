<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use Monolog\Handler\TestHandler;
use Monolog\Logger;
use PHPUnit\Framework\TestCase;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\Tests\Support\TestData;
use UrlNormalize\UrlNormalizer;

/**
 * toDisplay(): safe IDN labels in Unicode, spoofs in punycode, readable escapes decoded and
 * delimiters kept; and the round trip normalize(toDisplay($u)) === normalize($u).
 */
final class DisplayTest extends TestCase
{
    /**
     * @dataProvider displays
     */
    public function testToDisplay(string $url, string $expected): void
    {
        $normalizer = new UrlNormalizer();
        $shown = $normalizer->toDisplay($url);
        $this->assertSame($expected, $shown);
        $this->assertSame($normalizer->normalize($url), $normalizer->normalize($shown), 'points where the URL points');
    }

    /**
     * @return array<string, array{string, string}>
     */
    public static function displays(): array
    {
        return [
            'Korean host and an accented path' => [
                'https://xn--910ba870d2ola729pxvdzqk.com/caf%C3%A9',
                'https://나나커피로스터스.com/café',
            ],
            'a Unicode input is normalized first' => [
                'https://コーヒー.jp/products/é colombia',
                'https://コーヒー.jp/products/é%20colombia',
            ],
            'German umlaut' => ['https://xn--bcher-kva.de/', 'https://bücher.de/'],
            'Cyrillic look-alike of apple.com stays' => ['https://xn--80ak6aa92e.com/', 'https://xn--80ak6aa92e.com/'],
            'the same Cyrillic name under .ru is shown' => ['https://xn--80ak6aa92e.ru/', 'https://аррӏе.ru/'],
            'Latin mixed with Cyrillic stays' => ['https://xn--googl-3we.com/', 'https://xn--googl-3we.com/'],
            'per label: the spoof stays, the TLD is shown' => [
                'https://xn--googl-3we.xn--3e0b707e/',
                'https://xn--googl-3we.한국/',
            ],
            'encoded delimiters are never decoded' => [
                'https://example.com/a%2Fb%3F%23%25?q=%26%3D%2B#%20',
                'https://example.com/a%2Fb%3F%23%25?q=%26%3D%2B#%20',
            ],
            'query and fragment letters are decoded' => [
                'https://example.com/?q=%E4%BE%8B%26#%C3%A9',
                'https://example.com/?q=例%26#é',
            ],
            'lower-case escapes stay as written' => ['https://example.com/caf%c3%a9', 'https://example.com/caf%c3%a9'],
            'bytes that are not UTF-8 stay' => ["https://example.com/caf\xE9", 'https://example.com/caf%E9'],
            'bidi controls stay' => ['https://example.com/%E2%80%AEgpj.exe', 'https://example.com/%E2%80%AEgpj.exe'],
            'invisible characters stay' => ['https://example.com/a%E2%80%8Bb', 'https://example.com/a%E2%80%8Bb'],
            'non-breaking space stays' => ['https://example.com/a%C2%A0b', 'https://example.com/a%C2%A0b'],
            'a slash look-alike stays' => ['https://example.com/a%E2%88%95b', 'https://example.com/a%E2%88%95b'],
            'look-alikes of / . : ? stay encoded' => [
                'https://example.com/account%E1%90%9F%E1%90%9Flogin%EA%93%B8php?next%EA%93%BD%CA%94',
                'https://example.com/account%E1%90%9F%E1%90%9Flogin%EA%93%B8php?next%EA%93%BD%CA%94',
            ],
            'a combining mark after a delimiter stays encoded' => [
                'https://example.com/%E0%A4%95%E0%A4%81/%E0%A4%81',
                'https://example.com/कँ/%E0%A4%81',
            ],
            'the host inside blob: passes the display policy' => [
                'blob:https://аррӏе.com/550e8400',
                'blob:https://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/550e8400',
            ],
            'the host inside view-source: passes the display policy' => [
                'view-source:https://аррӏе.com/',
                'view-source:https://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/',
            ],
            'a safe host inside blob: is shown' => ['blob:https://bücher.de/x', 'blob:https://bücher.de/x'],
            'a mailto: address stays as written' => [
                'mailto:a@аррӏе.com',
                'mailto:a@%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com',
            ],
        ];
    }

    public function testLenientModeShowsAnInvalidUrlEscapedWithAWarning(): void
    {
        $handler = new TestHandler();
        $normalizer = new UrlNormalizer(new Logger('crawler', [$handler]));
        $this->assertSame('https://exa%20mple.com/', $normalizer->toDisplay('https://exa mple.com/'));
        $this->assertTrue($handler->hasWarningThatContains('Failed to convert IDN to ASCII'));
        $this->assertSame(
            'https://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com:99999/',
            $normalizer->toDisplay('https://аррӏе.com:99999/')
        );
        $this->assertSame(
            'https://exa%20mple.com/%E2%80%AEgpj.exe',
            $normalizer->toDisplay("https://exa mple.com/\u{202E}gpj.exe")
        );
        $this->assertSame('https://exa%20mple.com/%E9%0A', $normalizer->toDisplay("https://exa mple.com/\xE9\n"));
    }

    public function testAUrlTheOptionsRefuseIsShownEscaped(): void
    {
        $schemes = new UrlNormalizer(null, ['allowed_schemes' => ['http', 'https']]);
        $this->assertSame('ftp://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/', $schemes->toDisplay('ftp://аррӏе.com/'));
        $length = new UrlNormalizer(null, ['max_length' => 10]);
        $this->assertSame('https://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/', $length->toDisplay('https://аррӏе.com/'));
    }

    public function testStrictModeThrowsNamingTheInput(): void
    {
        $this->expectException(InvalidUrlException::class);
        $this->expectExceptionMessage('Cannot display `https://exa mple.com/`');
        (new UrlNormalizer(null, ['strict' => true]))->toDisplay('https://exa mple.com/');
    }

    public function testEveryUrlOfTheIdnSampleRoundTrips(): void
    {
        $normalizer = new UrlNormalizer();
        $strict = new UrlNormalizer(null, ['strict' => true]);
        $urls = TestData::urls('idn-sample.txt');
        $this->assertCount(2000, $urls);
        $shownDifferently = 0;
        $invalid = 0;
        foreach ($urls as $url) {
            $shown = $normalizer->toDisplay($url);
            try {
                $normalized = $strict->normalize($url);
            } catch (InvalidUrlException $e) {
                // An invalid URL is shown escaped, never in Unicode: nothing unchecked is shown.
                $this->assertMatchesRegularExpression('/^[\x20-\x7E]*$/', $shown, $url);
                $invalid++;
                continue;
            }
            $this->assertSame($normalized, $normalizer->normalize($shown), $url);
            $shownDifferently += $shown !== $normalized ? 1 : 0;
        }
        $this->assertGreaterThan(1500, $shownDifferently);
        $this->assertLessThan(100, $invalid);
    }
}
