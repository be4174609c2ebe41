<?php

declare(strict_types=1);

namespace UrlNormalize\Laravel;

use UrlNormalize\InvalidOptionException;
use UrlNormalize\UrlNormalizer;

/**
 * The configured normalizers by name: `default` and each of url-normalize.normalizers. Bound
 * in the container as `url-normalize` and by its class; the UrlNormalizers facade reads it.
 *
 *     app('url-normalize')->normalizer('crawler')->normalize($url);
 *     UrlNormalizers::get('crawler')->canonicalize($url);
 *
 * A normalizer is constructed the first time it is asked for, then kept: every caller gets the
 * same instance (a UrlNormalizer is immutable).
 */
final class NormalizerManager
{
    /** The name of the normalizer configured under `default`. */
    public const DEFAULT = 'default';

    /** @var array<string, UrlNormalizer> */
    private array $normalizers = [];

    /** The logger, once resolved; false until then. */
    private object|null|false $logger = false;

    /**
     * @param array<string, mixed> $config the url-normalize config (`default`, `normalizers`)
     * @param \Closure(): ?object $resolveLogger gives the logger of every normalizer (null: none);
     *                                           called once, when the first normalizer is constructed
     */
    public function __construct(private readonly array $config, private readonly \Closure $resolveLogger)
    {
    }

    /**
     * The normalizer named $name; null is the default one.
     *
     * @throws \InvalidArgumentException when no normalizer has that name
     * @throws InvalidConfigurationException when its options are refused by the extension
     */
    public function get(?string $name = null): UrlNormalizer
    {
        $name ??= self::DEFAULT;
        return $this->normalizers[$name] ??= $this->make($name);
    }

    /**
     * The normalizer named $name, as get() gives it.
     *
     * @throws \InvalidArgumentException when no normalizer has that name
     * @throws InvalidConfigurationException when its options are refused by the extension
     */
    public function normalizer(?string $name = null): UrlNormalizer
    {
        return $this->get($name);
    }

    /**
     * Whether a normalizer is named $name.
     */
    public function has(string $name): bool
    {
        return in_array($name, $this->names(), true);
    }

    /**
     * The names of the configured normalizers, `default` first.
     *
     * @return list<string>
     */
    public function names(): array
    {
        $named = is_array($this->config['normalizers'] ?? null) ? $this->config['normalizers'] : [];
        $names = array_map('strval', array_keys($named));
        return array_values(array_unique([self::DEFAULT, ...$names]));
    }

    /**
     * Constructs the normalizer named $name with its options (null values left out: the
     * extension's defaults).
     *
     * @throws \InvalidArgumentException when no normalizer has that name
     * @throws InvalidConfigurationException when its options are refused by the extension
     */
    private function make(string $name): UrlNormalizer
    {
        if (!$this->has($name)) {
            throw new \InvalidArgumentException(sprintf(
                'There is no url-normalize normalizer named "%s"; the configured ones are: %s',
                $name,
                implode(', ', $this->names())
            ));
        }
        if (array_key_exists(self::DEFAULT, (array) ($this->config['normalizers'] ?? []))) {
            throw new InvalidConfigurationException(
                'The config url-normalize.normalizers.default is never read: the default normalizer\'s options'
                    . ' are url-normalize.default'
            );
        }
        $key = $name === self::DEFAULT ? 'url-normalize.default' : "url-normalize.normalizers.$name";
        $options = $name === self::DEFAULT
            ? ($this->config['default'] ?? [])
            : ($this->config['normalizers'][$name] ?? []);
        if (!is_array($options)) {
            throw new InvalidConfigurationException(sprintf(
                'The config %s must be an array of url_normalize options, %s given',
                $key,
                get_debug_type($options)
            ));
        }
        $options = array_filter($options, static fn (mixed $value): bool => $value !== null);
        if ($this->logger === false) {
            $this->logger = ($this->resolveLogger)();
        }
        try {
            return new UrlNormalizer($this->logger, $options);
        } catch (InvalidOptionException $e) {
            $option = $e->getOptionKey();
            throw new InvalidConfigurationException(
                sprintf('Invalid config %s: %s', $option === null ? $key : "$key.$option", $e->getMessage()),
                0,
                $e
            );
        }
    }
}
