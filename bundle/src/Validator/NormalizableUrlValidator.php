<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Validator;

use Symfony\Component\Validator\Constraint;
use Symfony\Component\Validator\ConstraintValidator;
use Symfony\Component\Validator\Exception\UnexpectedTypeException;
use Symfony\Component\Validator\Exception\UnexpectedValueException;
use UrlNormalize\Bundle\NormalizerLocator;

/**
 * Checks NormalizableUrl with the normalizer it names. UrlNormalizer::explain() says, without
 * throwing and whatever the normalizer's mode, whether normalize() would accept the URL in
 * strict mode under that normalizer's options, and if not why; then the normalized URL's scheme
 * must be one of the constraint's schemes, and its host have a registrable domain if asked.
 */
final class NormalizableUrlValidator extends ConstraintValidator
{
    /**
     * @param NormalizerLocator $normalizers the configured normalizers, constructed on first use
     */
    public function __construct(private readonly NormalizerLocator $normalizers)
    {
    }

    /**
     * @throws UnexpectedTypeException for another constraint
     * @throws UnexpectedValueException for a value that is neither a string nor Stringable
     * @throws \InvalidArgumentException for a normalizer name that is not configured
     */
    public function validate(mixed $value, Constraint $constraint): void
    {
        if (!$constraint instanceof NormalizableUrl) {
            throw new UnexpectedTypeException($constraint, NormalizableUrl::class);
        }
        if ($value === null || $value === '') {
            return;
        }
        if (!is_string($value) && !$value instanceof \Stringable) {
            throw new UnexpectedValueException($value, 'string');
        }
        $url = (string) $value;
        $normalizer = $this->normalizers->get($constraint->normalizer);

        $explained = $normalizer->explain($url);
        if (!$explained['valid'] || $explained['result'] === null) {
            $reason = (string) $explained['reason'];
            $this->violation($constraint->message, $url, $reason, NormalizableUrl::INVALID_URL_ERROR);
            return;
        }
        $scheme = strtolower((string) strstr($explained['result'], ':', true));
        if ($constraint->schemes !== null && !in_array($scheme, $constraint->schemes, true)) {
            $this->violation($constraint->message, $url, sprintf(
                'the scheme `%s` is not one of the constraint\'s schemes (%s)',
                $scheme,
                implode(', ', $constraint->schemes)
            ), NormalizableUrl::INVALID_URL_ERROR);
            return;
        }
        if ($constraint->requireRegistrableDomain && $normalizer->registrableDomain($explained['result']) === null) {
            $this->violation(
                $constraint->registrableDomainMessage,
                $url,
                self::noRegistrableDomainReason($explained['result'], (string) $explained['host_type']),
                NormalizableUrl::NO_REGISTRABLE_DOMAIN_ERROR
            );
        }
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

    /**
     * Adds the violation: $message, translated in the validators domain, with {{ value }} and
     * {{ reason }} (the extension's reason, which the default messages leave out: it is for logs).
     */
    private function violation(string $message, string $url, string $reason, string $code): void
    {
        $this->context->buildViolation($message)
            ->setParameter('{{ value }}', $this->formatValue($url))
            ->setParameter('{{ reason }}', $reason)
            ->setInvalidValue($url)
            ->setCode($code)
            ->addViolation();
    }
}
