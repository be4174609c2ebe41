<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Tests\Support;

use Psr\Log\AbstractLogger;

/**
 * The test kernels' `logger` service: keeps every record, so tests read what the normalizers
 * logged (and nothing is printed).
 */
final class RecordingLogger extends AbstractLogger
{
    /** @var list<array{level: string, message: string, context: array<string, mixed>}> */
    public array $records = [];

    /**
     * Keeps the record.
     *
     * @param mixed $level
     * @param string|\Stringable $message (mixed: PSR-3 1.x declares no type)
     * @param array<string, mixed> $context
     */
    public function log(mixed $level, mixed $message, array $context = []): void
    {
        $this->records[] = ['level' => (string) $level, 'message' => (string) $message, 'context' => $context];
    }
}
