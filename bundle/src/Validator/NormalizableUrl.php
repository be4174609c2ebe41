<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Validator;

use Symfony\Component\Validator\Attribute\HasNamedArguments;
use Symfony\Component\Validator\Constraint;
use Symfony\Component\Validator\Exception\InvalidOptionsException;

/**
 * The value is a URL that the chosen normalizer parses in strict mode, under its options
 * (allowed_schemes, allowed_hosts, block_private_hosts, max_length): what that normalizer's
 * normalize() would take without throwing. Its scheme must be one of `schemes`: http and https
 * by default, as with Symfony's Url constraint; `schemes: null` takes any. With
 * requireRegistrableDomain, its host must also have a registrable domain under the Public Suffix
 * List: no IP address, no localhost, no bare public suffix (co.uk, github.io).
 *
 *     #[NormalizableUrl(normalizer: 'strict_api', requireRegistrableDomain: true)]
 *     public string $homepage;
 *
 * Null and '' are valid, as with Symfony's own constraints (add NotBlank to require a value).
 * The messages are short and translated (the validators domain, translations/); the violation's
 * {{ reason }} parameter holds the extension's own reason, for logs and for a message of your own.
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

    /** The options the array form takes (YAML and XML mappings on Symfony 5.4). */
    private const OPTIONS = ['normalizer', 'requireRegistrableDomain', 'schemes', 'message',
        'registrableDomainMessage', 'groups', 'payload'];

    /**
     * The codes' names (Symfony 5.4 reads this property).
     *
     * @var array<string, string>
     */
    protected static $errorNames = self::ERROR_NAMES;

    /** The violation's message for an invalid URL; {{ value }} is the value, {{ reason }} why. */
    public string $message = 'This URL is not valid.';

    /** The violation's message for a host without a registrable domain; same parameters. */
    public string $registrableDomainMessage = 'This URL must use a registered domain name.';

    /** The name of the normalizer whose options judge the URL; null: the default one. */
    public ?string $normalizer = null;

    /** Whether the host must have a registrable domain (eTLD+1). */
    public bool $requireRegistrableDomain = false;

    /**
     * The schemes accepted, lower case; null: any (the normalizer's allowed_schemes still apply).
     *
     * @var list<string>|null
     */
    public ?array $schemes = ['http', 'https'];

    /**
     * Each option is a named argument (#[HasNamedArguments], which Symfony 6.1 and later read
     * for YAML and XML mappings). The array form, `new NormalizableUrl(['normalizer' => 'x'])`,
     * is read here too, for the mappings of Symfony 5.4. Every property is set here, not by the
     * base class, which Symfony 7.4 deprecates and 8 no longer does.
     *
     * @param array<string, mixed>|null $options the options as an array (Symfony 5.4's YAML and XML mappings)
     * @param string|null $normalizer the name of a configured normalizer; null: the default one
     * @param bool|null $requireRegistrableDomain whether the host must have a registrable domain
     * @param string|null $message the message for an invalid URL, with {{ value }} and {{ reason }}
     * @param list<string>|null $groups the validation groups
     * @param list<string>|null|false $schemes the schemes accepted; null: any; false (or left out): http and https
     * @param string|null $registrableDomainMessage the message for a host without a registrable domain
     * @throws InvalidOptionsException for an unknown key of $options
     */
    #[HasNamedArguments]
    public function __construct(
        ?array $options = null,
        ?string $normalizer = null,
        ?bool $requireRegistrableDomain = null,
        ?string $message = null,
        ?array $groups = null,
        mixed $payload = null,
        array|null|false $schemes = false,
        ?string $registrableDomainMessage = null,
    ) {
        $options ??= [];
        $unknown = array_diff(array_keys($options), self::OPTIONS);
        if ($unknown !== []) {
            throw new InvalidOptionsException(sprintf(
                'The options "%s" do not exist in constraint "%s"; it takes: %s.',
                implode('", "', $unknown),
                self::class,
                implode(', ', self::OPTIONS)
            ), array_values(array_map('strval', $unknown)));
        }
        parent::__construct(null, $groups ?? $options['groups'] ?? null, $payload ?? $options['payload'] ?? null);
        $this->normalizer = $normalizer ?? $options['normalizer'] ?? $this->normalizer;
        $this->requireRegistrableDomain = $requireRegistrableDomain ?? $options['requireRegistrableDomain']
            ?? $this->requireRegistrableDomain;
        $this->message = $message ?? $options['message'] ?? $this->message;
        $this->registrableDomainMessage = $registrableDomainMessage ?? $options['registrableDomainMessage']
            ?? $this->registrableDomainMessage;
        if ($schemes === false && array_key_exists('schemes', $options)) {
            $schemes = $options['schemes'];
        }
        if ($schemes !== false) {
            $this->schemes = $schemes === null
                ? null
                : array_values(array_map(static fn (mixed $scheme): string => strtolower((string) $scheme), $schemes));
        }
    }
}
