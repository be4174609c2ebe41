<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Tests;

use Symfony\Component\Validator\ConstraintViolationInterface;
use Symfony\Component\Validator\Validator\ValidatorInterface;
use UrlNormalize\Bundle\Tests\Support\KernelTestCase;
use UrlNormalize\Bundle\Tests\Support\Link;
use UrlNormalize\Bundle\Validator\NormalizableUrl;

/**
 * The NormalizableUrl constraint in a kernel with the Validator: strict parsing under the
 * chosen normalizer's options, the registrable-domain requirement, and the extension's reason
 * in the violation.
 */
final class ValidatorTest extends KernelTestCase
{
    private const CONFIG = [
        'framework' => ['validation' => ['enabled' => true]],
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
        $this->assertSame('This value is not a valid URL: Cannot normalize `https://exa mple.com/`: the host contains a'
            . ' character that is not allowed in a host (host `exa mple.com`).', $violation->getMessage());
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
        $this->assertStringContainsString('`http`', (string) $violations[0]?->getMessage());
        // The array form, as YAML and XML mappings build it.
        $arrayForm = new NormalizableUrl(['normalizer' => 'strict_api']);
        $this->assertCount(1, $validator->validate('http://example.com/', $arrayForm));
    }

    /**
     * @dataProvider withoutRegistrableDomain
     */
    public function testRequireRegistrableDomainRefusesAHostWithout(string $url, string $reason): void
    {
        $violations = $this->validator()->validate($url, new NormalizableUrl(requireRegistrableDomain: true));

        $this->assertCount(1, $violations, $url);
        $this->assertSame(NormalizableUrl::NO_REGISTRABLE_DOMAIN_ERROR, $violations[0]?->getCode());
        $this->assertSame("This value is not a valid URL: $reason.", $violations[0]?->getMessage());
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
