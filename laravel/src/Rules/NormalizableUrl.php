<?php

declare(strict_types=1);

namespace UrlNormalize\Laravel\Rules;

use Illuminate\Container\Container;
use Illuminate\Contracts\Validation\ValidationRule;
use UrlNormalize\Laravel\NormalizerManager;

/**
 * The value is a URL that the chosen normalizer parses in strict mode, under its options
 * (allowed_schemes, allowed_hosts, block_private_hosts, max_length): what that normalizer's
 * normalize() would take without throwing. Its scheme must be one of $schemes: http and https by
 * default, as with Laravel's `url` rule; null takes any. With $requireRegistrableDomain, its host
 * must also have a registrable domain under the Public Suffix List: no IP address, no localhost,
 * no bare public suffix (co.uk, github.io).
 *
 *     'homepage' => ['nullable', new NormalizableUrl(normalizer: 'crawler', requireRegistrableDomain: true)],
 *
 * The string rule `normalizable_url` is the same check with the default normalizer, its
 * parameters being the schemes (`normalizable_url:https`; `normalizable_url:*` for any).
 *
 * The messages are translated, in the `url-normalize` namespace (lang/en/validation.php, which
 * `php artisan vendor:publish --tag=url-normalize-lang` copies into the application): key
 * `normalizable_url` for an invalid URL, `registrable_domain` for a host without a registrable
 * domain. Each gets :attribute, and :reason, the extension's own reason (in English, for logs
 * and for a message of your own; the default messages leave it out).
 */
final class NormalizableUrl implements ValidationRule
{
    /** The translation key of the message for an invalid URL. */
    public const MESSAGE = 'url-normalize::validation.normalizable_url';

    /** The translation key of the message for a host without a registrable domain. */
    public const REGISTRABLE_DOMAIN_MESSAGE = 'url-normalize::validation.registrable_domain';

    /** @var list<string>|null */
    public readonly ?array $schemes;

    /**
     * @param string|null $normalizer the name of a configured normalizer; null: the default one
     * @param list<string>|null $schemes the schemes accepted, any case; null: any (the
     *                                   normalizer's allowed_schemes still apply)
     * @param bool $requireRegistrableDomain whether the host must have a registrable domain
     */
    public function __construct(
        public readonly ?string $normalizer = null,
        ?array $schemes = ['http', 'https'],
        public readonly bool $requireRegistrableDomain = false,
    ) {
        $this->schemes = $schemes === null
            ? null
            : array_values(array_map(static fn (mixed $scheme): string => strtolower((string) $scheme), $schemes));
    }

    /**
     * Fails with the translated message when the value is no such URL. A value that is neither a
     * string nor Stringable fails too (add `nullable` to accept null).
     *
     * @param \Closure(string, ?string=): \Illuminate\Translation\PotentiallyTranslatedString $fail
     * @throws \InvalidArgumentException for a normalizer name that is not configured
     */
    public function validate(string $attribute, mixed $value, \Closure $fail): void
    {
        $reason = $this->reason($value);
        if ($reason === null) {
            return;
        }
        [$key, $text] = $reason;
        $fail($key)->translate(['reason' => $text]);
    }

    /**
     * Why $value fails, as [translation key, the extension's reason]; null when it passes.
     *
     * @return array{0: string, 1: string}|null
     * @throws \InvalidArgumentException for a normalizer name that is not configured
     */
    public function reason(mixed $value): ?array
    {
        if (!is_string($value) && !$value instanceof \Stringable) {
            return [self::MESSAGE, sprintf('a URL is a string, %s given', get_debug_type($value))];
        }
        $url = (string) $value;
        $normalizer = self::normalizers()->get($this->normalizer);
        $explained = $normalizer->explain($url);
        if (!$explained['valid'] || $explained['result'] === null) {
            return [self::MESSAGE, (string) $explained['reason']];
        }
        $scheme = strtolower((string) strstr($explained['result'], ':', true));
        if ($this->schemes !== null && !in_array($scheme, $this->schemes, true)) {
            return [self::MESSAGE, sprintf(
                'the scheme `%s` is not one of the rule\'s schemes (%s)',
                $scheme,
                implode(', ', $this->schemes)
            )];
        }
        if ($this->requireRegistrableDomain && $normalizer->registrableDomain($explained['result']) === null) {
            return [self::REGISTRABLE_DOMAIN_MESSAGE, self::noRegistrableDomainReason(
                $explained['result'],
                (string) $explained['host_type']
            )];
        }
        return null;
    }

    /**
     * The application's normalizers.
     */
    private static function normalizers(): NormalizerManager
    {
        $normalizers = Container::getInstance()->make(NormalizerManager::class);
        \assert($normalizers instanceof NormalizerManager);
        return $normalizers;
    }

    /**
     * Why a valid URL has no registrable domain, in the words of the extension's messages.
     */
    private static function noRegistrableDomainReason(string $url, string $hostType): string
    {
        $host = (string) parse_url($url, PHP_URL_HOST);
        return match ($hostType) {
            'ipv4', 'ipv6' => sprintf('the host `%s` is an IP address, which has no registrable domain', $host),
            'domain' => sprintf('the host `%s` is a public suffix, which has no registrable domain', $host),
            default => sprintf('`%s` has no domain, so no registrable domain', $url),
        };
    }
}
