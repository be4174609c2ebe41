<?php

declare(strict_types=1);

namespace UrlNormalize\Laravel\Tests;

use Illuminate\Contracts\Console\Kernel;
use Illuminate\Support\Facades\Artisan;
use UrlNormalize\Laravel\Console\NormalizeUrlCommand;
use UrlNormalize\Laravel\Tests\Support\LaravelTestCase;

/**
 * `php artisan url:normalize`, run through the console kernel.
 */
final class CommandTest extends LaravelTestCase
{
    private const CONFIG = ['url-normalize' => ['normalizers' => [
        'strict_api' => ['strict' => true, 'allowed_schemes' => ['https']],
    ]]];

    public function testTheCommandIsRegistered(): void
    {
        $app = $this->bootApp(self::CONFIG);

        $commands = $app->make(Kernel::class)->all();
        self::assertArrayHasKey('url:normalize', $commands);
        self::assertInstanceOf(NormalizeUrlCommand::class, $commands['url:normalize']);
    }

    public function testItPrintsEachUrlNormalized(): void
    {
        $this->bootApp(self::CONFIG);

        $status = Artisan::call('url:normalize', [
            'url' => ['HTTPS://Bücher.example:443/a/../b c', 'example.com/?utm_source=x'],
        ]);

        self::assertSame(0, $status);
        self::assertSame("https://xn--bcher-kva.example/b%20c\nhttps://example.com/?utm_source=x\n", Artisan::output());
    }

    public function testCanonicalizePrintsTheKey(): void
    {
        $this->bootApp(self::CONFIG);

        $status = Artisan::call('url:normalize', [
            'url' => ['http://www.example.com:80/index.html?b=2&utm_source=x&a=1'],
            '--canonicalize' => true,
        ]);

        self::assertSame(0, $status);
        self::assertSame("http://www.example.com/?a=1&b=2\n", Artisan::output());
    }

    public function testAnInvalidUrlFailsWithItsReason(): void
    {
        $this->bootApp(self::CONFIG);

        $status = Artisan::call('url:normalize', [
            'url' => ['https://example.com/', 'http://example.com/'],
            '--normalizer' => 'strict_api',
        ]);

        self::assertSame(1, $status);
        // Artisan::call() gives the command one output for both streams.
        self::assertSame(
            "https://example.com/\ninvalid: Cannot normalize `http://example.com/`: the scheme is not one of"
                . " allowed_schemes (scheme `http`)\n",
            Artisan::output()
        );
    }

    public function testJson(): void
    {
        $this->bootApp(self::CONFIG);

        $status = Artisan::call('url:normalize', [
            'url' => ['HTTPS://Example.com', 'https://a.com:99999/'],
            '--json' => true,
        ]);

        self::assertSame(1, $status);
        self::assertSame([
            ['input' => 'HTTPS://Example.com', 'valid' => true, 'result' => 'https://example.com/', 'reason' => null],
            [
                'input' => 'https://a.com:99999/',
                'valid' => false,
                'result' => null,
                'reason' => 'Cannot normalize `https://a.com:99999/`: the port is not a number from 0 to 65535',
            ],
        ], json_decode(Artisan::output(), true, 512, JSON_THROW_ON_ERROR));
    }

    public function testControlCharactersAreEscaped(): void
    {
        $this->bootApp(self::CONFIG);
        // A title change (OSC 0), a screen clear (CSI 2J) in C1 form, and a byte that is no UTF-8.
        $url = "https://example.com:99999/\e]0;pwned\x07\xC2\x9B2J\xFF";

        $status = Artisan::call('url:normalize', ['url' => [$url]]);
        $text = Artisan::output();
        Artisan::call('url:normalize', ['url' => [$url], '--json' => true]);
        $json = Artisan::output();

        self::assertSame(1, $status);
        self::assertStringContainsString('\u{1b}]0;pwned\u{7}\u{9b}2J', $text);
        // The input as given, in JSON: C0 controls by json_encode(), C1 ones by the command.
        self::assertStringContainsString(
            '"input": "https://example.com:99999/\\u001b]0;pwned\\u0007\\u009b2J' . "\u{FFFD}\"",
            $json
        );
        foreach (['text' => $text, 'json' => $json] as $format => $output) {
            self::assertSame(0, preg_match('/[\x00-\x09\x0B-\x1F\x7F]|\xC2[\x80-\x9F]|\xFF/', $output), $format);
        }
    }

    public function testAnUnknownNormalizerIsAnInvalidInvocation(): void
    {
        $this->bootApp(self::CONFIG);

        $status = Artisan::call('url:normalize', ['url' => ['https://example.com/'], '--normalizer' => 'nope']);

        self::assertSame(2, $status);
        self::assertStringContainsString('There is no url-normalize normalizer named "nope"', Artisan::output());
    }

    public function testANormalizerNameIsEscapedInTheMessage(): void
    {
        $this->bootApp(self::CONFIG);

        $status = Artisan::call('url:normalize', [
            'url' => ['https://example.com/'],
            '--normalizer' => "x\e[2J\xC2\x9B",
        ]);

        self::assertSame(2, $status);
        $output = Artisan::output();
        self::assertStringContainsString('named "x\u{1b}[2J\u{9b}"', $output);
        self::assertSame(0, preg_match('/[\x00-\x09\x0B-\x1F\x7F]|\xC2[\x80-\x9F]/', $output));
    }
}
