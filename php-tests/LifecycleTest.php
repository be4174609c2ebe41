<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use PHPUnit\Framework\TestCase;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlNormalizer;

/**
 * A normalizer's life: constructed once and then immutable, and freed by the cycle collector
 * even when its logger holds it.
 */
final class LifecycleTest extends TestCase
{
    public function testASecondConstructThrowsAndChangesNothing(): void
    {
        $strict = new UrlNormalizer(null, ['strict' => true]);
        try {
            $strict->__construct(null, ['strict' => false]);
            $this->fail('no exception');
        } catch (\Error $e) {
            $this->assertSame(
                'Cannot call UrlNormalize\UrlNormalizer::__construct() on a constructed object: it is immutable',
                $e->getMessage()
            );
        }
        $this->expectException(InvalidUrlException::class);
        $strict->normalize('https://exa mple.com/');
    }

    public function testALoggerThatReconstructsItsNormalizerGetsAnErrorAndTheCallCompletes(): void
    {
        // Before the fix, the re-construct freed this logger while its debug() was running.
        $logger = new class {
            public ?UrlNormalizer $normalizer = null;
            /** @var list<string> */
            public array $errors = [];

            /** @param array<string, string> $context */
            public function debug(string $message, array $context): void
            {
                try {
                    $this->normalizer?->__construct(new \Psr\Log\NullLogger(), ['strict' => true]);
                } catch (\Error $e) {
                    $this->errors[] = $e->getMessage();
                }
                $this->normalizer = null;
            }

            /** @param array<string, string> $context */
            public function warning(string $message, array $context): void
            {
            }
        };
        $normalizer = new UrlNormalizer($logger);
        $logger->normalizer = $normalizer;
        unset($logger);

        $this->assertSame('https://xn--fa-hia.de/', $normalizer->normalize('faß.de'));
        // Still lenient, and the logger was not replaced: an invalid URL comes back unchanged.
        $this->assertSame('https://exa mple.com/', $normalizer->normalize('https://exa mple.com/'));
    }

    public function testTheErrorReachesTheLoggersCaller(): void
    {
        $logger = new class {
            public ?UrlNormalizer $normalizer = null;

            /** @param array<string, string> $context */
            public function debug(string $message, array $context): void
            {
                $this->normalizer?->__construct();
            }

            /** @param array<string, string> $context */
            public function warning(string $message, array $context): void
            {
            }
        };
        $normalizer = new UrlNormalizer($logger);
        $logger->normalizer = $normalizer;
        $this->expectException(\Error::class);
        $this->expectExceptionMessage('on a constructed object');
        $normalizer->normalize('faß.de');
    }

    public function testALoggerThatHoldsItsNormalizerIsCollected(): void
    {
        gc_collect_cycles();
        $before = memory_get_usage();
        for ($i = 0; $i < 100_000; $i++) {
            $logger = new class {
                public ?UrlNormalizer $normalizer = null;

                /** @param array<string, string> $context */
                public function debug(string $message, array $context): void
                {
                }

                /** @param array<string, string> $context */
                public function warning(string $message, array $context): void
                {
                }
            };
            $logger->normalizer = new UrlNormalizer($logger);
        }
        unset($logger);
        $this->assertGreaterThan(0, gc_collect_cycles());
        // Before the fix the 100,000 pairs kept about 85 MB.
        $this->assertLessThan(2_000_000, memory_get_usage() - $before);
    }

    public function testTheLoggerStillWorksAfterACollection(): void
    {
        $logger = new \Monolog\Logger('crawler', [$handler = new \Monolog\Handler\TestHandler()]);
        $normalizer = new UrlNormalizer($logger);
        unset($logger);
        gc_collect_cycles();
        $normalizer->normalize('faß.de');
        $this->assertTrue($handler->hasDebugThatContains('URL normalized for HTTP request'));
    }
}
