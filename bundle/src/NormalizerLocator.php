<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle;

use Psr\Container\ContainerInterface;
use UrlNormalize\UrlNormalizer;

/**
 * The configured normalizers by name (`default` and each of url_normalize.normalizers), for
 * the integrations that choose one at run time: Twig filters, the NormalizableUrl constraint,
 * the url:normalize command. Autowirable by type.
 *
 * Behind it is a service locator: a normalizer is constructed the first time it is asked for,
 * never before.
 */
final class NormalizerLocator
{
    /**
     * @param ContainerInterface $normalizers the normalizers, each under its name
     * @param list<string> $names the names $normalizers holds, for error messages
     */
    public function __construct(
        private readonly ContainerInterface $normalizers,
        private readonly array $names,
    ) {
    }

    /**
     * The normalizer named $name; null is the default one.
     *
     * @throws \InvalidArgumentException when no normalizer has that name
     */
    public function get(?string $name = null): UrlNormalizer
    {
        $name ??= DependencyInjection\Configuration::DEFAULT_NAME;
        if (!$this->normalizers->has($name)) {
            throw new \InvalidArgumentException(sprintf(
                'There is no url_normalize normalizer named "%s"; the configured ones are: %s',
                $name,
                implode(', ', $this->names)
            ));
        }
        $normalizer = $this->normalizers->get($name);
        \assert($normalizer instanceof UrlNormalizer);
        return $normalizer;
    }

    /**
     * Whether a normalizer is named $name.
     */
    public function has(string $name): bool
    {
        return $this->normalizers->has($name);
    }

    /**
     * The names of the configured normalizers, `default` first.
     *
     * @return list<string>
     */
    public function names(): array
    {
        return $this->names;
    }
}
