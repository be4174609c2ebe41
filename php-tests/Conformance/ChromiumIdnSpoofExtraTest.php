<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Conformance;

use UrlNormalize\UrlNormalizer;

/**
 * Chromium's extra IDN cases through the host of toDisplay(): deviation characters in
 * non-transitional processing (fuß.de is shown; ZWJ and ZWNJ are not), and the top-domain
 * details table, where a host stays in punycode when its spoof check fails or it matches a top
 * domain. Same names and known differences as core/tests/conformance.rs.
 */
final class ChromiumIdnSpoofExtraTest extends ConformanceTestCase
{
    protected static function suiteName(): string
    {
        return 'chromium-idn-spoof-extra';
    }

    public static function cases(): iterable
    {
        foreach (Fixtures::jsonl('chromium-idn-spoof-extra-cases.jsonl') as $case) {
            $ace = $case['ace'];
            $shownInUnicode = isset($case['display'])
                ? $case['display'] === 'unicode'
                : in_array($case['spoof_check_result'], ['kNone', 'kSafe'], true)
                    && $case['matching_top_domain'] === '';
            yield "{$case['table']} <$ace>" => [
                $shownInUnicode ? $case['unicode'] : $ace,
                static function () use ($ace): string {
                    $shown = (new UrlNormalizer())->toDisplay("https://$ace/");
                    return substr($shown, strlen('https://'), -1);
                },
            ];
        }
    }
}
