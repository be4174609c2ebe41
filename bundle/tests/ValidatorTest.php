<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Tests;

use Symfony\Component\Validator\ConstraintViolationInterface;
use Symfony\Component\Validator\Exception\InvalidOptionsException;
use Symfony\Component\Validator\Validator\ValidatorInterface;
use UrlNormalize\Bundle\Tests\Support\KernelTestCase;
use UrlNormalize\Bundle\Tests\Support\Link;
use Symfony\Contracts\Translation\LocaleAwareInterface;
use UrlNormalize\Bundle\Validator\NormalizableUrl;

/**
 * The NormalizableUrl constraint in a kernel with the Validator and the translator: strict
 * parsing under the chosen normalizer's options, the schemes (http and https unless told
 * otherwise), the registrable-domain requirement, the short translated messages, and the
 * extension's reason as the violation's {{ reason }} parameter.
 */
final class ValidatorTest extends KernelTestCase
{
    private const CONFIG = [
        'framework' => [
            'validation' => ['enabled' => true],
            'translator' => ['enabled' => true, 'fallbacks' => ['en']],
        ],
        'url_normalize' => [
            'default' => ['strict' => false],
            'normalizers' => ['strict_api' => ['strict' => true, 'allowed_schemes' => ['https']]],
        ],
    ];

    public function testAValidUrlHolds(): void
    {
        $validator = $this->validator();
        foreach (['https://コーヒー.jp/café colombia', 'example.com/products', 'https://example.com/caf%C3%A9'] as $url) {
            $this->assertCount(0, $validator->validate($url, new NormalizableUrl()), $url);
        }
    }

    public function testAnInvalidUrlGivesTheExtensionsReasonEvenUnderALenientNormalizer(): void
    {
        $violations = $this->validator()->validate('https://exa mple.com/', new NormalizableUrl());

        $this->assertCount(1, $violations);
        $violation = $violations[0];
        \assert($violation instanceof ConstraintViolationInterface);
        $this->assertSame('This URL is not valid.', $violation->getMessage());
        $this->assertSame('Cannot normalize `https://exa mple.com/`: the host contains a character that is not allowed'
            . ' in a host (host `exa mple.com`)', $violation->getParameters()['{{ reason }}']);
        $this->assertSame('"https://exa mple.com/"', $violation->getParameters()['{{ value }}']);
        $this->assertSame(NormalizableUrl::INVALID_URL_ERROR, $violation->getCode());
        $this->assertSame('INVALID_URL_ERROR', NormalizableUrl::getErrorName(NormalizableUrl::INVALID_URL_ERROR));
        $this->assertSame('https://exa mple.com/', $violation->getInvalidValue());
    }

    public function testTheNamedNormalizersOptionsJudge(): void
    {
        $validator = $this->validator();
        $strict = new NormalizableUrl(normalizer: 'strict_api');

        $this->assertCount(0, $validator->validate('http://example.com/', new NormalizableUrl()));
        $violations = $validator->validate('http://example.com/', $strict);
        $this->assertCount(1, $violations);
        $this->assertStringContainsString('`http`', (string) ($violations[0]?->getParameters()['{{ reason }}'] ?? ''));
        // The array form, as YAML and XML mappings build it.
        $arrayForm = new NormalizableUrl(['normalizer' => 'strict_api']);
        $this->assertCount(1, $validator->validate('http://example.com/', $arrayForm));
    }

    /**
     * @dataProvider withoutRegistrableDomain
     */
    public function testRequireRegistrableDomainRefusesAHostWithout(string $url, string $reason): void
    {
        $constraint = new NormalizableUrl(requireRegistrableDomain: true, schemes: null);
        $violations = $this->validator()->validate($url, $constraint);

        $this->assertCount(1, $violations, $url);
        $this->assertSame(NormalizableUrl::NO_REGISTRABLE_DOMAIN_ERROR, $violations[0]?->getCode());
        $this->assertSame('This URL must use a registered domain name.', $violations[0]?->getMessage());
        $this->assertSame($reason, $violations[0]?->getParameters()['{{ reason }}']);
    }

    /**
     * Hosts that have no registrable domain, and the reason given.
     *
     * @return iterable<string, array{string, string}>
     */
    public static function withoutRegistrableDomain(): iterable
    {
        yield 'IPv4' => ['http://127.0.0.1:8080/', 'the host `127.0.0.1` is an IP address, which has no registrable'
            . ' domain'];
        yield 'IPv6' => ['http://[::1]/', 'the host `[::1]` is an IP address, which has no registrable domain'];
        yield 'localhost' => ['http://localhost:3000/', 'the host `localhost` is a public suffix, which has no'
            . ' registrable domain'];
        yield 'public suffix' => ['https://co.uk/', 'the host `co.uk` is a public suffix, which has no registrable'
            . ' domain'];
        yield 'private public suffix' => ['https://github.io/', 'the host `github.io` is a public suffix, which has no'
            . ' registrable domain'];
        yield 'no host' => ['mailto:a@example.com', '`mailto:a@example.com` has no domain, so no registrable domain'];
    }

    public function testRequireRegistrableDomainAcceptsARegistrableHost(): void
    {
        $validator = $this->validator();
        foreach (['https://www.bbc.co.uk/news', 'https://a.github.io/', 'https://コーヒー.jp/'] as $url) {
            $constraint = new NormalizableUrl(requireRegistrableDomain: true);
            $this->assertCount(0, $validator->validate($url, $constraint), $url);
        }
    }

    public function testTheAttributesOfAnObject(): void
    {
        $violations = $this->validator()->validate(new Link('https://exa mple.com/', 'https://127.0.0.1/'));

        $this->assertCount(2, $violations);
        $this->assertSame('url', $violations[0]?->getPropertyPath());
        $this->assertSame(NormalizableUrl::INVALID_URL_ERROR, $violations[0]?->getCode());
        $this->assertSame('apiUrl', $violations[1]?->getPropertyPath());
        $this->assertSame(NormalizableUrl::NO_REGISTRABLE_DOMAIN_ERROR, $violations[1]?->getCode());
        $this->assertCount(0, $this->validator()->validate(new Link('example.com', 'https://api.example.com/v1')));
        // strict_api's allowed_schemes applies to apiUrl only.
        $this->assertCount(1, $this->validator()->validate(new Link('http://example.com/', 'http://api.example.com/')));
    }

    public function testACustomMessage(): void
    {
        $violations = $this->validator()->validate('https://example.com:99999/', new NormalizableUrl(
            message: 'Link {{ value }} refused: {{ reason }}'
        ));

        $this->assertSame('Link "https://example.com:99999/" refused: Cannot normalize `https://example.com:99999/`:'
            . ' the port is not a number from 0 to 65535', $violations[0]?->getMessage());
    }

    public function testOnlyHttpAndHttpsByDefaultAsWithSymfonysUrlConstraint(): void
    {
        $validator = $this->validator();
        $urls = ['ftp://example.com/file', 'javascript:alert(1)', 'mailto:a@example.com', 'ws://example.com/'];
        foreach ($urls as $url) {
            $violations = $validator->validate($url, new NormalizableUrl());
            $this->assertCount(1, $violations, $url);
            $this->assertSame(NormalizableUrl::INVALID_URL_ERROR, $violations[0]?->getCode());
            $this->assertSame('This URL is not valid.', $violations[0]?->getMessage());
            $this->assertMatchesRegularExpression(
                '/^the scheme `[a-z]+` is not one of the constraint\'s schemes \(http, https\)$/',
                (string) ($violations[0]?->getParameters()['{{ reason }}'] ?? '')
            );
        }
        // The scheme judged is the normalized URL's: HTTPS:// and a scheme-less input (the
        // normalizer's default scheme) pass.
        $this->assertCount(0, $validator->validate('HTTPS://example.com/', new NormalizableUrl()));
        $this->assertCount(0, $validator->validate('example.com/a', new NormalizableUrl()));
    }

    public function testSchemesNullTakesAnySchemeAndAListTakesThose(): void
    {
        $validator = $this->validator();
        $urls = ['ftp://example.com/file', 'mailto:a@example.com', 'ws://example.com/', 'https://example.com/'];
        foreach ($urls as $url) {
            $this->assertCount(0, $validator->validate($url, new NormalizableUrl(schemes: null)), $url);
        }
        $ftp = new NormalizableUrl(schemes: ['FTP']);
        $this->assertSame(['ftp'], $ftp->schemes);
        $this->assertCount(0, $validator->validate('ftp://example.com/file', $ftp));
        $this->assertCount(1, $validator->validate('https://example.com/', $ftp));
        // The array form takes schemes too, null included.
        $this->assertNull((new NormalizableUrl(['schemes' => null]))->schemes);
        $this->assertSame(['http', 'https'], (new NormalizableUrl([]))->schemes);
        // The normalizer's own allowed_schemes still applies under schemes: null.
        $anyScheme = new NormalizableUrl(normalizer: 'strict_api', schemes: null);
        $violations = $validator->validate('http://example.com/', $anyScheme);
        $this->assertCount(1, $violations);
    }

    public function testTheMessagesAreTranslated(): void
    {
        $kernel = $this->bootKernel(self::CONFIG);
        $container = self::testContainer($kernel);
        $validator = $container->get('validator');
        $translator = $container->get('translator');
        \assert($validator instanceof ValidatorInterface && $translator instanceof LocaleAwareInterface);
        $expected = [
            'en' => ['This URL is not valid.', 'This URL must use a registered domain name.'],
            'de' => ['Diese URL ist ungültig.', 'Diese URL muss einen registrierten Domainnamen verwenden.'],
            'fr' => ['Cette URL n\'est pas valide.', 'Cette URL doit utiliser un nom de domaine enregistré.'],
        ];
        foreach ($expected as $locale => [$invalid, $noDomain]) {
            $translator->setLocale($locale);
            $violations = $validator->validate('https://exa mple.com/', new NormalizableUrl());
            $this->assertSame($invalid, $violations[0]?->getMessage(), $locale);
            $reason = (string) ($violations[0]?->getParameters()['{{ reason }}'] ?? '');
            $this->assertStringStartsWith('Cannot normalize', $reason);
            $constraint = new NormalizableUrl(requireRegistrableDomain: true);
            $violations = $validator->validate('https://127.0.0.1/', $constraint);
            $this->assertSame($noDomain, $violations[0]?->getMessage(), $locale);
        }
    }

    public function testEachTranslationFileTranslatesTheConstraintsMessages(): void
    {
        $constraint = new NormalizableUrl();
        $files = glob(\dirname(__DIR__) . '/translations/validators.*.xlf') ?: [];
        $this->assertGreaterThanOrEqual(3, count($files));
        foreach ($files as $file) {
            $document = new \DOMDocument();
            $this->assertTrue($document->load($file), $file);
            $sources = [];
            foreach ($document->getElementsByTagName('trans-unit') as $unit) {
                $source = $unit->getElementsByTagName('source')->item(0)?->textContent;
                $target = (string) $unit->getElementsByTagName('target')->item(0)?->textContent;
                $this->assertNotSame('', trim($target), "$file: $source");
                $sources[] = $source;
            }
            $this->assertSame([$constraint->message, $constraint->registrableDomainMessage], $sources, $file);
        }
    }

    public function testAnUnknownOptionOfTheArrayFormIsRefused(): void
    {
        $this->expectException(InvalidOptionsException::class);
        $this->expectExceptionMessage('"protocols"');
        new NormalizableUrl(['protocols' => ['http']]);
    }

    public function testNullAndEmptyHoldAndANonStringIsATypeViolation(): void
    {
        $validator = $this->validator();
        $this->assertCount(0, $validator->validate(null, new NormalizableUrl()));
        $this->assertCount(0, $validator->validate('', new NormalizableUrl()));

        $violations = $validator->validate(['https://example.com/'], new NormalizableUrl());
        $this->assertCount(1, $violations);
        $this->assertSame('This value should be of type string.', $violations[0]?->getMessage());
    }

    public function testAnUnknownNormalizerNameNamesTheConfiguredOnes(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('There is no url_normalize normalizer named "strict"; the configured ones are:'
            . ' default, strict_api');
        $this->validator()->validate('https://example.com/', new NormalizableUrl(normalizer: 'strict'));
    }

    /**
     * The validator of a kernel with validation on and this bundle.
     */
    private function validator(): ValidatorInterface
    {
        $validator = self::testContainer($this->bootKernel(self::CONFIG))->get('validator');
        \assert($validator instanceof ValidatorInterface);
        return $validator;
    }
}
