<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Conformance;

final class WptIdnaTestV2Test extends WptHostCase
{
    /** Inputs that are a lone UTF-16 surrogate, which no PHP (UTF-8) string can hold. */
    protected const LONE_SURROGATE_CASES = 2;

    protected static function suiteName(): string
    {
        return 'wpt-IdnaTestV2';
    }

    protected static function file(): string
    {
        return 'wpt-IdnaTestV2.json';
    }
}
