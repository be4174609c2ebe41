<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use PHPUnit\Framework\TestCase;
use UrlNormalize\UrlNormalizer;

/**
 * getOptions(): the options in force, which build a normalizer with the same answers.
 */
final class OptionsTest extends TestCase
{
    public function testTheDefaultsAreFilledIn(): void
    {
        $options = (new UrlNormalizer())->getOptions();
        $this->assertFalse($options['strict']);
        $this->assertSame('https', $options['default_scheme']);
        $this->assertFalse($options['block_private_hosts']);
        $this->assertSame(2097152, $options['max_length']);
        $this->assertSame('all', $options['public_suffixes']);
        $this->assertContains('utm_*', $options['tracking_parameters']);
        $this->assertArrayNotHasKey('allowed_schemes', $options);
        $this->assertArrayNotHasKey('allowed_hosts', $options);
    }

    public function testTheOptionsBuildANormalizerWithTheSameAnswers(): void
    {
        $given = [
            'strict' => true,
            'allowed_schemes' => ['HTTP', 'https'],
            'allowed_hosts' => ['*.Bücher.DE', 'example.com'],
            'block_private_hosts' => true,
            'max_length' => 200,
            'extra_tracking_parameters' => ['ref'],
            'extra_directory_indexes' => ['start\.htm'],
        ];
        $options = (new UrlNormalizer(null, $given))->getOptions();
        $this->assertSame(['http', 'https'], $options['allowed_schemes']);
        $this->assertSame(['*.xn--bcher-kva.de', 'example.com'], $options['allowed_hosts']);
        $this->assertContains('ref', $options['tracking_parameters']);
        $this->assertArrayNotHasKey('extra_tracking_parameters', $options);

        $again = new UrlNormalizer(null, $options);
        $this->assertSame($options, $again->getOptions());
        $url = 'https://shop.bücher.de/a/start.htm?ref=x&utm_source=y&id=1';
        $this->assertSame(
            (new UrlNormalizer(null, $given))->canonicalize($url),
            $again->canonicalize($url)
        );
        $this->assertSame('https://shop.xn--bcher-kva.de/a/?id=1', $again->canonicalize($url));
    }
}
