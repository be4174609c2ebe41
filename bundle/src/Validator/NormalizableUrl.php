<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Validator;

use Symfony\Component\Validator\Constraint;

/**
 * The value is a URL that the chosen normalizer parses in strict mode, under its options
 * (allowed_schemes, allowed_hosts, block_private_hosts, max_length): what that normalizer's
 * normalize() would take without throwing. With requireRegistrableDomain, its host must also
 * have a registrable domain under the Public Suffix List: no IP address, no localhost, no bare
 * public suffix (co.uk, github.io).
 *
 *     #[NormalizableUrl(normalizer: 'strict_api', requireRegistrableDomain: true)]
 *     public string $homepage;
 *
 * Null and '' are valid, as with Symfony's own constraints (add NotBlank to require a value).
 * The violation's {{ reason }} is the extension's own reason.
 */
#[\Attribute(\Attribute::TARGET_PROPERTY | \Attribute::TARGET_METHOD | \Attribute::IS_REPEATABLE)]
final class NormalizableUrl extends Constraint
{
    public const INVALID_URL_ERROR = '1b5a1a0e-6c4f-4f7e-9a51-3c2f0d6c8e11';
    public const NO_REGISTRABLE_DOMAIN_ERROR = '7d0c9b9e-2f43-4c3b-8a36-5e1f4b2a9d07';

    /** The codes' names (Symfony 6.1+ reads this constant). */
    protected const ERROR_NAMES = [
        self::INVALID_URL_ERROR => 'INVALID_URL_ERROR',
        self::NO_REGISTRABLE_DOMAIN_ERROR => 'NO_REGISTRABLE_DOMAIN_ERROR',
    ];

    /**
     * The codes' names (Symfony 5.4 reads this property).
     *
     * @var array<string, string>
     */
    protected static $errorNames = self::ERROR_NAMES;

    /** The violation's message; {{ value }} is the value, {{ reason }} why it was refused. */
    public string $message = 'This value is not a valid URL: {{ reason }}.';

    /** The name of the normalizer whose options judge the URL; null: the default one. */
    public ?string $normalizer = null;

    /** Whether the host must have a registrable domain (eTLD+1). */
    public bool $requireRegistrableDomain = false;

    /**
     * @param array<string, mixed>|null $options the options as an array (YAML and XML mappings)
     * @param string|null $normalizer the name of a configured normalizer; null: the default one
     * @param bool|null $requireRegistrableDomain whether the host must have a registrable domain
     * @param string|null $message the violation's message, with {{ value }} and {{ reason }}
     * @param list<string>|null $groups the validation groups
     */
    public function __construct(
        ?array $options = null,
        ?string $normalizer = null,
        ?bool $requireRegistrableDomain = null,
        ?string $message = null,
        ?array $groups = null,
        mixed $payload = null,
    ) {
        parent::__construct($options ?? [], $groups, $payload);
        $this->normalizer = $normalizer ?? $this->normalizer;
        $this->requireRegistrableDomain = $requireRegistrableDomain ?? $this->requireRegistrableDomain;
        $this->message = $message ?? $this->message;
    }
}
