<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Tests\Support;

use Psr\Log\AbstractLogger;

/**
 * A logger that counts its constructions. Declared as a non-shared service and given to the
 * normalizers (url_normalize.logger), each normalizer the container constructs constructs one:
 * the count is the number of normalizers constructed, which is how the tests see laziness
 * (the normalizers themselves are final internal objects).
 */
final class CountingLogger extends AbstractLogger
{
    public static int $constructed = 0;

    /**
     * Counts the construction.
     */
    public function __construct()
    {
        self::$constructed++;
    }

    /**
     * Drops the record: only constructions count.
     *
     * @param mixed $level
     * @param string|\Stringable $message (mixed: PSR-3 1.x declares no type)
     * @param array<string, mixed> $context
     */
    public function log(mixed $level, mixed $message, array $context = []): void
    {
    }
}
