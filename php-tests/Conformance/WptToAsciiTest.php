<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Conformance;

final class WptToAsciiTest extends WptHostCase
{
    protected const LONE_SURROGATE_CASES = 0;

    protected static function suiteName(): string
    {
        return 'wpt-toascii';
    }

    protected static function file(): string
    {
        return 'wpt-toascii.json';
    }
}
