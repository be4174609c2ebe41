<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Tests;

use Symfony\Bundle\TwigBundle\TwigBundle;
use Twig\Environment;
use Twig\Error\RuntimeError;
use UrlNormalize\Bundle\Tests\Support\CountingLogger;
use UrlNormalize\Bundle\Tests\Support\KernelTestCase;
use UrlNormalize\InvalidUrlException;

/**
 * The Twig filters in a kernel with TwigBundle: url_normalize, url_display and
 * url_registrable_domain, each with an optional normalizer name.
 */
final class TwigTest extends KernelTestCase
{
    private const CONFIG = [
        'url_normalize' => [
            'logger' => 'test.counting_logger',
            'normalizers' => [
                'strict_api' => ['strict' => true],
                'icann' => ['public_suffixes' => 'icann'],
            ],
        ],
    ];

    public function testUrlNormalize(): void
    {
        $this->assertSame(
            'https://xn--tck2c4fb.jp/caf%C3%A9%20colombia',
            $this->render('{{ url|url_normalize }}', 'https://コーヒー.jp/café colombia')
        );
    }

    public function testUrlDisplayShowsUnicodeWhereNoSpoofIsPossible(): void
    {
        $this->assertSame(
            'https://나나커피로스터스.com/café',
            $this->render('{{ url|url_display }}', 'https://xn--910ba870d2ola729pxvdzqk.com/caf%C3%A9')
        );
        // Cyrillic look-alike of apple.com: stays in punycode.
        $lookalike = 'https://xn--80ak6aa92e.com/';
        $this->assertSame($lookalike, $this->render('{{ url|url_display }}', $lookalike));
    }

    public function testUrlRegistrableDomainWithTheDefaultAndANamedNormalizer(): void
    {
        $template = "{{ url|url_registrable_domain }} {{ url|url_registrable_domain('icann') }}";
        $this->assertSame('a.github.io github.io', $this->render($template, 'https://a.github.io/x'));
        $this->assertSame('bbc.co.uk bbc.co.uk', $this->render($template, 'https://www.bbc.co.uk/news'));
        // No registrable domain: null, printed as nothing.
        $this->assertSame('[]', $this->render('[{{ url|url_registrable_domain }}]', 'http://127.0.0.1/'));
    }

    public function testANamedStrictNormalizerThrowsWhereTheDefaultReturnsTheInput(): void
    {
        $this->assertSame('https://exa mple.com/', $this->render('{{ url|url_normalize }}', 'https://exa mple.com/'));
        try {
            $this->render("{{ url|url_normalize('strict_api') }}", 'https://exa mple.com/');
            $this->fail('the strict normalizer must refuse the URL');
        } catch (RuntimeError $e) {
            $this->assertInstanceOf(InvalidUrlException::class, $e->getPrevious());
            $this->assertStringContainsString('Cannot normalize `https://exa mple.com/`', $e->getMessage());
        }
    }

    public function testAnUnknownNormalizerNameIsATemplateError(): void
    {
        $this->expectException(RuntimeError::class);
        $this->expectExceptionMessage('There is no url_normalize normalizer named "nope"; the configured ones are:'
            . ' default, strict_api, icann');
        $this->render("{{ url|url_display('nope') }}", 'https://example.com/');
    }

    public function testANullUrlPrintsNothing(): void
    {
        $this->assertSame('[][][]', $this->render(
            '[{{ url|url_normalize }}][{{ url|url_display }}][{{ url|url_registrable_domain }}]',
            null
        ));
    }

    public function testATemplateWithoutTheFiltersConstructsNoNormalizer(): void
    {
        CountingLogger::$constructed = 0;
        $twig = $this->twig();
        $this->assertSame('plain https://example.com/', $twig->createTemplate('plain {{ url }}')->render([
            'url' => 'https://example.com/',
        ]));
        $this->assertSame(0, CountingLogger::$constructed);
        $twig->createTemplate("{{ url|url_normalize('icann') }}")->render(['url' => 'https://example.com/']);
        $this->assertSame(1, CountingLogger::$constructed, 'the icann normalizer, and only it');
    }

    /**
     * $template rendered with `url`.
     */
    private function render(string $template, ?string $url): string
    {
        return $this->twig()->createTemplate($template)->render(['url' => $url]);
    }

    /**
     * Twig from a kernel with TwigBundle and this bundle.
     */
    private function twig(): Environment
    {
        $kernel = $this->bootKernel(self::CONFIG + ['twig' => ['strict_variables' => true]], [new TwigBundle()]);
        $twig = self::testContainer($kernel)->get('twig');
        \assert($twig instanceof Environment);
        return $twig;
    }
}
