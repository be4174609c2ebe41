<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\HttpClient\Internal;

use Symfony\Contracts\HttpClient\ChunkInterface;
use UrlNormalize\Bundle\HttpClient\RefusedUrlException;

/**
 * The chunk that stream() yields for a refused response in place of Symfony's ErrorChunk, whose
 * methods would throw a TransportException wrapping the refusal: each method but getOffset()
 * and getError() throws the RefusedUrlException itself, as the response's own methods do.
 *
 * @internal
 */
final class RefusedChunk implements ChunkInterface
{
    private bool $didThrow = false;

    public function __construct(private readonly int $offset, private readonly RefusedUrlException $refused)
    {
    }

    public function isTimeout(): bool
    {
        throw $this->thrown();
    }

    public function isFirst(): bool
    {
        throw $this->thrown();
    }

    public function isLast(): bool
    {
        throw $this->thrown();
    }

    public function getInformationalStatus(): ?array
    {
        throw $this->thrown();
    }

    public function getContent(): string
    {
        throw $this->thrown();
    }

    public function getOffset(): int
    {
        return $this->offset;
    }

    public function getError(): ?string
    {
        return $this->refused->getMessage();
    }

    /**
     * Whether the refusal was thrown to the code that iterates the stream.
     */
    public function didThrow(): bool
    {
        return $this->didThrow;
    }

    private function thrown(): RefusedUrlException
    {
        $this->didThrow = true;
        return $this->refused;
    }
}
