<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\HttpClient\Internal;

use UrlNormalize\Bundle\HttpClient\RefusedUrlException;

/**
 * What one response's redirect handling and address check found, shared by them and the
 * NormalizingResponse that the caller holds: the refusal that failed the response, if any, and
 * info that replaces the decorated response's.
 *
 * @internal
 */
final class ResponseState
{
    public ?RefusedUrlException $refused = null;

    /** @var array<string, mixed> info keys => the values getInfo() reports instead of the decorated response's */
    public array $info = [];

    /**
     * Records the refusal that fails the response, and returns it to be thrown.
     */
    public function refuse(RefusedUrlException $refused): RefusedUrlException
    {
        return $this->refused ??= $refused;
    }
}
