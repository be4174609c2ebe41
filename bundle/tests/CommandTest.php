<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Tests;

use Symfony\Bundle\FrameworkBundle\Console\Application;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Tester\CommandTester;
use UrlNormalize\Bundle\Tests\Support\CountingLogger;
use UrlNormalize\Bundle\Tests\Support\KernelTestCase;
use UrlNormalize\Bundle\Tests\Support\TestKernel;
use UrlNormalize\UrlNormalizer;

/**
 * `url:normalize` through the kernel's console application and CommandTester: each form of
 * each URL, from arguments or standard input, as a table or JSON, and the exit status.
 */
final class CommandTest extends KernelTestCase
{
    private const CONFIG = [
        'url_normalize' => [
            'logger' => 'test.counting_logger',
            'normalizers' => ['strict_api' => ['strict' => true, 'allowed_schemes' => ['https']]],
        ],
    ];

    private const URL = 'https://www.コーヒー.jp/café/?utm_source=x&b=2&a=1';

    public function testATableOfEveryFormOfTheUrl(): void
    {
        $tester = $this->tester();
        $status = $tester->execute(['url' => [self::URL]]);

        $this->assertSame(Command::SUCCESS, $status);
        $normalizer = new UrlNormalizer();
        $lines = array_map('trim', explode("\n", $tester->getDisplay()));
        $cells = static fn (string $line): array
            => array_values(array_filter(array_map('trim', explode('|', $line)), 'strlen'));
        $tableLines = array_filter($lines, static fn (string $line): bool => str_starts_with($line, '|'));
        $rows = array_map($cells, array_values($tableLines));
        $this->assertSame([
            ['input', self::URL],
            ['normalize', 'https://www.xn--tck2c4fb.jp/caf%C3%A9/?utm_source=x&b=2&a=1'],
            ['canonicalize', 'https://www.xn--tck2c4fb.jp/caf%C3%A9/?a=1&b=2'],
            ['fingerprint', $normalizer->fingerprint(self::URL)],
            ['surt', 'jp,xn--tck2c4fb)/caf%c3%a9?a=1&b=2&utm_source=x'],
            ['registrable domain', 'xn--tck2c4fb.jp'],
            ['display', 'https://www.コーヒー.jp/café/?utm_source=x&b=2&a=1'],
        ], $rows);
    }

    public function testJsonWithFlagsAndANamedNormalizer(): void
    {
        $tester = $this->tester();
        $status = $tester->execute([
            'url' => [self::URL, 'http://example.com/'],
            '--format' => 'json',
            '--flags' => 'aggressive',
            '--normalizer' => 'strict_api',
        ]);

        // strict_api allows https only: the second URL is invalid, so the status is 1.
        $this->assertSame(Command::FAILURE, $status);
        $results = json_decode($tester->getDisplay(), true, 512, JSON_THROW_ON_ERROR);
        $this->assertSame('https://xn--tck2c4fb.jp/caf%C3%A9?a=1&b=2', $results[0]['canonicalize']);
        $this->assertSame(
            (new UrlNormalizer())->fingerprint(self::URL, UrlNormalizer::AGGRESSIVE),
            $results[0]['fingerprint']
        );
        $this->assertTrue($results[0]['valid']);
        $httpsOnly = new UrlNormalizer(null, ['allowed_schemes' => ['https']]);
        $this->assertSame([
            'input' => 'http://example.com/',
            'valid' => false,
            'reason' => $httpsOnly->explain('http://example.com/')['reason'],
            'normalize' => null,
            'canonicalize' => null,
            'fingerprint' => null,
            'surt' => null,
            'registrable_domain' => null,
            'display' => null,
        ], $results[1]);
        $this->assertStringContainsString('`http`', (string) $results[1]['reason']);
    }

    public function testFlagsAsNamesOrAnInteger(): void
    {
        $canonical = function (string $flags): string {
            $tester = $this->tester();
            $tester->execute([
                'url' => ['http://www.example.com/a/?b=&c=1'],
                '--format' => 'json',
                '--flags' => $flags,
            ]);
            return json_decode($tester->getDisplay(), true, 512, JSON_THROW_ON_ERROR)[0]['canonicalize'];
        };
        $this->assertSame('http://example.com/a/?b=&c=1', $canonical('REMOVE_WWW'));
        $names = 'remove_www | REMOVE_TRAILING_SLASH,REMOVE_EMPTY_QUERY_PARAMETERS';
        $this->assertSame('http://example.com/a?c=1', $canonical($names));
        $this->assertSame('http://example.com/a?c=1', $canonical((string) (UrlNormalizer::REMOVE_WWW
            | UrlNormalizer::REMOVE_TRAILING_SLASH | UrlNormalizer::REMOVE_EMPTY_QUERY_PARAMETERS)));
    }

    public function testStandardInputWhenNoUrlIsGiven(): void
    {
        $tester = $this->tester();
        $tester->setInputs(['https://example.com/a', '', 'https://exa mple.com/']);
        $status = $tester->execute(['--format' => 'json']);

        $this->assertSame(Command::FAILURE, $status);
        $results = json_decode($tester->getDisplay(), true, 512, JSON_THROW_ON_ERROR);
        $this->assertSame(['https://example.com/a', 'https://exa mple.com/'], array_column($results, 'input'));
        $this->assertSame([true, false], array_column($results, 'valid'));
    }

    public function testAnInvalidUrlInTheTableShowsTheReason(): void
    {
        $tester = $this->tester();

        $this->assertSame(Command::FAILURE, $tester->execute(['url' => ['https://example.com:99999/']]));
        $this->assertStringContainsString('invalid', $tester->getDisplay());
        $this->assertStringContainsString('the port is not a number from 0 to 65535', $tester->getDisplay());
    }

    /**
     * @dataProvider badOptions
     * @param array<string, string> $options
     */
    public function testABadOptionIsStatusTwoWithItsReason(array $options, string $message): void
    {
        $tester = $this->tester();

        $this->assertSame(Command::INVALID, $tester->execute(['url' => ['https://example.com/']] + $options));
        $this->assertStringContainsString($message, $tester->getDisplay());
    }

    /**
     * Each bad option and what the command says.
     *
     * @return iterable<string, array{array<string, string>, string}>
     */
    public static function badOptions(): iterable
    {
        yield 'normalizer' => [['--normalizer' => 'strict'], 'There is no url_normalize normalizer named "strict"'];
        yield 'flag name' => [['--flags' => 'SAFE|REMOVE_WWWW'], '--flags: "REMOVE_WWWW" is not a flag; the flags are'];
        yield 'flag bits' => [['--flags' => '65536'], '--flags=65536 has bits that are no flag'];
        yield 'format' => [['--format' => 'xml'], '--format must be table or json, "xml" given'];
    }

    public function testLoadingTheCommandsConstructsNoNormalizer(): void
    {
        CountingLogger::$constructed = 0;
        $application = new Application($this->bootKernel(self::CONFIG));
        $commands = $application->all();

        $this->assertArrayHasKey('url:normalize', $commands);
        $description = $commands['url:normalize']->getDescription();
        $this->assertSame('Shows what a url_normalize normalizer makes of URLs', $description);
        $this->assertSame(0, CountingLogger::$constructed);
        (new CommandTester($application->find('url:normalize')))->execute(['url' => ['https://example.com/']]);
        $this->assertSame(1, CountingLogger::$constructed, 'the default normalizer, when the command runs');
    }

    public function testConsoleMarkupInAUrlIsPrintedAsWritten(): void
    {
        $tester = $this->tester();
        $tester->execute(['url' => ['https://example.com/<info>x</info>']]);

        $display = $tester->getDisplay();
        $this->assertStringContainsString('| input              | https://example.com/<info>x</info> ', $display);
    }

    /**
     * Every cell escapes control characters and invalid bytes as the extension's messages do:
     * a URL cannot retitle, clear or colour the terminal (ESC, BEL, CSI as U+009B and as the
     * raw byte 0x9B, which some terminals also read as CSI).
     */
    public function testControlCharactersAndInvalidBytesAreEscapedInEveryCell(): void
    {
        $urls = [
            "https://example.com/\e]0;owned\x07title",
            "https://example.com/\u{9B}2J\x9B2J\xFF\x7Fend",
            "https://exa\e[31mmple.com/",
        ];
        $tester = $this->tester();
        $tester->execute(['url' => $urls]);
        $display = $tester->getDisplay();

        $this->assertSame(1, preg_match('//u', $display), 'the output is valid UTF-8');
        $controls = '/[\x00-\x09\x0B-\x1F\x7F\x{80}-\x{9F}]/u';
        $this->assertSame(0, preg_match($controls, $display), 'no control character but the line feeds');
        $input = '| input              | ';
        $this->assertStringContainsString($input . 'https://example.com/\u{1b}]0;owned\u{7}title ', $display);
        $this->assertStringContainsString($input . 'https://example.com/\u{9b}2J\x9B2J\xFF\u{7f}end ', $display);
        $this->assertStringContainsString('| input   | https://exa\u{1b}[31mmple.com/ ', $display);
        // The extension's own reason quotes the input with the same escapes.
        $this->assertStringContainsString('| invalid | Cannot normalize `https://exa\u{1b}[31mmple.com/`', $display);
    }

    /**
     * JSON is written raw, so markup stays text, and with DEL and the C1 controls escaped, which
     * json_encode() leaves as they are; decoding it gives the input back.
     */
    public function testJsonIsPrintableAndRaw(): void
    {
        $url = "https://example.com/<error>x</error>\u{9B}2J\x7F";
        $tester = $this->tester();
        $tester->execute(['url' => [$url], '--format' => 'json']);
        $display = $tester->getDisplay();

        $this->assertSame(0, preg_match('/[\x00-\x09\x0B-\x1F\x7F\x{80}-\x{9F}]/u', $display), 'no control character');
        $this->assertStringContainsString('<error>x</error>\u009b2J\u007f', $display);
        $this->assertSame($url, json_decode($display, true, 512, JSON_THROW_ON_ERROR)[0]['input']);
    }

    /**
     * A URL of megabytes is escaped whole, in time linear in its length.
     */
    public function testALongUrlIsEscapedWhole(): void
    {
        $url = 'https://example.com/' . str_repeat('é', 1 << 20) . "\e";
        $this->assertSame(substr($url, 0, -1) . '\u{1b}', \UrlNormalize\Bundle\Printable::escape($url));
        // A megabyte of bytes that are no UTF-8: each escaped, none read more than once or twice.
        $invalid = str_repeat("\xFF", 1 << 20);
        $this->assertSame(str_repeat('\xFF', 1 << 20), \UrlNormalize\Bundle\Printable::escape($invalid));
    }

    public function testAnOptionsErrorEscapesWhatItQuotes(): void
    {
        $tester = $this->tester();

        $status = $tester->execute(['url' => ['https://example.com/'], '--format' => "\e[2J"]);

        $this->assertSame(Command::INVALID, $status);
        $this->assertStringContainsString('--format must be table or json, "\u{1b}[2J" given', $tester->getDisplay());
    }

    /**
     * A CommandTester of url:normalize in the console application of a booted kernel.
     */
    private function tester(): CommandTester
    {
        $application = new Application($this->bootKernel(self::CONFIG));
        return new CommandTester($application->find('url:normalize'));
    }
}
