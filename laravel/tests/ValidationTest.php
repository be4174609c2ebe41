<?php

declare(strict_types=1);

namespace UrlNormalize\Laravel\Tests;

use Illuminate\Contracts\Validation\Factory;
use Illuminate\Contracts\Validation\Validator;
use Illuminate\Support\Facades\Validator as ValidatorFacade;
use UrlNormalize\Laravel\Rules\NormalizableUrl;
use UrlNormalize\Laravel\Tests\Support\LaravelTestCase;

/**
 * The normalizable_url string rule and the NormalizableUrl rule object, through the
 * application's validator factory, with their translated messages.
 */
final class ValidationTest extends LaravelTestCase
{
    private const CONFIG = ['url-normalize' => ['normalizers' => [
        'partners' => ['allowed_hosts' => ['*.example.com'], 'block_private_hosts' => true],
    ]]];

    public function testTheStringRuleTakesHttpAndHttpsUrlsByDefault(): void
    {
        $this->bootApp(self::CONFIG);

        self::assertSame([], $this->errors(['homepage' => 'https://Bücher.example/café'], 'normalizable_url'));
        self::assertSame([], $this->errors(['homepage' => 'http://example.com:8080/a b'], 'normalizable_url'));
        self::assertSame(
            ['homepage' => ['The homepage field must be a valid URL.']],
            $this->errors(['homepage' => 'ftp://example.com/file'], 'normalizable_url')
        );
        self::assertSame(
            ['homepage' => ['The homepage field must be a valid URL.']],
            $this->errors(['homepage' => 'https://exa mple.com/'], 'normalizable_url')
        );
        self::assertSame(
            ['homepage' => ['The homepage field must be a valid URL.']],
            $this->errors(['homepage' => 'https://example.com:99999/'], 'normalizable_url')
        );
        // What is no string fails, as with Laravel's url rule.
        self::assertSame(
            ['homepage' => ['The homepage field must be a valid URL.']],
            $this->errors(['homepage' => ['https://example.com/']], 'normalizable_url')
        );
    }

    public function testTheStringRuleTakesSchemesAsParameters(): void
    {
        $this->bootApp(self::CONFIG);

        self::assertSame([], $this->errors(['source' => 'ftp://example.com/file'], 'normalizable_url:ftp,sftp'));
        self::assertNotSame([], $this->errors(['source' => 'https://example.com/'], 'normalizable_url:ftp'));
        self::assertSame([], $this->errors(['source' => 'ssh://git@example.com/repo'], 'normalizable_url:*'));
        self::assertNotSame([], $this->errors(['source' => 'https://exa mple.com/'], 'normalizable_url:*'));
    }

    public function testAnEmptyValueIsLeftToRequiredAndNullable(): void
    {
        $this->bootApp(self::CONFIG);

        self::assertSame([], $this->errors(['homepage' => ''], 'normalizable_url'));
        self::assertSame([], $this->errors(['homepage' => null], 'nullable|normalizable_url'));
        self::assertSame(
            ['homepage' => ['The homepage field is required.']],
            $this->errors(['homepage' => ''], 'required|normalizable_url')
        );
    }

    public function testTheRuleObjectJudgesWithTheNamedNormalizer(): void
    {
        $this->bootApp(self::CONFIG);
        $partners = new NormalizableUrl(normalizer: 'partners');

        self::assertSame([], $this->errors(['callback' => 'https://hooks.example.com/x'], [$partners]));
        self::assertSame(
            ['callback' => ['The callback field must be a valid URL.']],
            $this->errors(['callback' => 'https://example.org/x'], [$partners])
        );
        self::assertSame(
            ['callback' => ['The callback field must be a valid URL.']],
            $this->errors(['callback' => 'https://hooks.example.com/x'], [new NormalizableUrl('partners', ['ftp'])])
        );
        // The default normalizer takes any host.
        self::assertSame([], $this->errors(['callback' => 'https://example.org/x'], [new NormalizableUrl()]));
    }

    public function testARegistrableDomainCanBeRequired(): void
    {
        $this->bootApp(self::CONFIG);
        $rule = new NormalizableUrl(requireRegistrableDomain: true);

        self::assertSame([], $this->errors(['site' => 'https://www.bbc.co.uk/news'], [$rule]));
        foreach (['https://93.184.215.14/', 'https://co.uk/', 'http://localhost:8000/'] as $url) {
            self::assertSame(
                ['site' => ['The site field must be a URL with a registered domain name.']],
                $this->errors(['site' => $url], [$rule]),
                $url
            );
        }
    }

    public function testTheRuleObjectGivesTheExtensionsReason(): void
    {
        $this->bootApp(self::CONFIG);

        self::assertNull((new NormalizableUrl())->reason('https://example.com/'));
        self::assertSame(
            [
                NormalizableUrl::MESSAGE,
                'Cannot normalize `https://example.com:99999/`: the port is not a number from 0 to 65535',
            ],
            (new NormalizableUrl())->reason('https://example.com:99999/')
        );
        self::assertSame(
            [NormalizableUrl::MESSAGE, 'the scheme `ftp` is not one of the rule\'s schemes (http, https)'],
            (new NormalizableUrl())->reason('FTP://example.com/')
        );
        self::assertSame(
            [
                NormalizableUrl::REGISTRABLE_DOMAIN_MESSAGE,
                'the host `127.0.0.1` is an IP address, which has no registrable domain',
            ],
            (new NormalizableUrl(requireRegistrableDomain: true))->reason('http://127.1/')
        );
    }

    public function testTheMessagesAreTranslatedWithTheReason(): void
    {
        $app = $this->bootApp(self::CONFIG);
        $app->make('translator')->addLines(
            ['validation.normalizable_url' => 'Adresse :attribute refusée : :reason'],
            'fr',
            'url-normalize'
        );
        $app->setLocale('fr');

        self::assertSame(
            ['lien' => ['Adresse lien refusée : Cannot normalize `https://exa mple.com/`: the host contains'
                . ' a character that is not allowed in a host (host `exa mple.com`)']],
            $this->errors(['lien' => 'https://exa mple.com/'], [new NormalizableUrl()])
        );
        // The string rule reads the same line; :reason is empty there.
        self::assertSame(
            ['lien' => ['Adresse lien refusée : ']],
            $this->errors(['lien' => 'https://exa mple.com/'], 'normalizable_url')
        );
        // A locale without the line falls back on English.
        $app->setLocale('de');
        self::assertSame(
            ['lien' => ['The lien field must be a valid URL.']],
            $this->errors(['lien' => 'https://exa mple.com/'], 'normalizable_url')
        );
    }

    public function testTheApplicationsOwnMessageWins(): void
    {
        $app = $this->bootApp(self::CONFIG);
        $app->make('translator')->addLines(['validation.normalizable_url' => 'Bad :attribute.'], 'en');

        self::assertSame(
            ['homepage' => ['Bad homepage.']],
            $this->errors(['homepage' => 'ftp://example.com/'], 'normalizable_url')
        );
        self::assertSame(
            ['homepage' => ['Custom.']],
            ValidatorFacade::make(
                ['homepage' => 'ftp://example.com/'],
                ['homepage' => 'normalizable_url'],
                ['homepage.normalizable_url' => 'Custom.']
            )->errors()->toArray()
        );
    }

    public function testTheRuleIsRegisteredOnTheFactory(): void
    {
        $app = $this->bootApp(self::CONFIG);

        $factory = $app->make(Factory::class);
        self::assertSame($factory, $app->make('validator'));
        $validator = $factory->make(['u' => 'javascript:alert(1)'], ['u' => 'normalizable_url']);
        self::assertInstanceOf(Validator::class, $validator);
        self::assertTrue($validator->fails());
        self::assertSame(['u' => ['NormalizableUrl' => []]], $validator->failed());
    }

    /**
     * The messages of validating $data against $rules for each of its keys.
     *
     * @param array<string, mixed> $data
     * @param string|list<mixed> $rules
     * @return array<string, list<string>>
     */
    private function errors(array $data, string|array $rules): array
    {
        $factory = $this->app?->make('validator');
        self::assertInstanceOf(Factory::class, $factory);
        return $factory->make($data, array_fill_keys(array_keys($data), $rules))->errors()->toArray();
    }
}
