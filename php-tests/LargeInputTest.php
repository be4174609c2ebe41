<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use PHPUnit\Framework\TestCase;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlNormalizer as N;

/**
 * Time guards against the release build: 1 MB inputs made of one repeated shape go through
 * every method in time linear in their length. A transform that rescans the rest of the input
 * at each repetition takes minutes on these (`#` × 80,000 once took 2.9 s); a linear one a few
 * hundredths of a second. core/tests/large_inputs.rs runs the same shapes through the Rust core.
 */
final class LargeInputTest extends TestCase
{
    private const SIZE = 1_000_000;

    /** CPU seconds per call: generous, so a busy machine cannot fail it, and far below quadratic. */
    private const BOUND = 1.0;

    /**
     * How much slower the CPU runs this PHP than natively: 10 under an emulator (qemu-user runs
     * the arm64 PHPs of the CI on x86_64, 10 to 20 times slower; the dedupe of a million query
     * pairs took 1.3 s there, 0.065 s natively), 1 otherwise. A quadratic walk would still take
     * minutes.
     */
    private static function slowdown(): float
    {
        // An emulated PHP reports its own machine, while /proc/cpuinfo describes the host's CPU.
        $cpuinfo = (string) @file_get_contents('/proc/cpuinfo');
        $emulated = php_uname('m') === 'aarch64' && str_contains($cpuinfo, 'vendor_id');
        return $emulated ? 10.0 : 1.0;
    }

    /**
     * @dataProvider shapes
     */
    public function testEveryMethodTakesLinearTime(string $url): void
    {
        $normalizer = new N();
        $calls = [
            'canonicalize MAKE_CANONICAL' => fn (): string => $normalizer->canonicalize($url, N::MAKE_CANONICAL),
            'canonicalize SAFE' => fn (): string => $normalizer->canonicalize($url, N::SAFE),
            'canonicalize USUALLY_SAFE' => fn (): string => $normalizer->canonicalize($url, N::USUALLY_SAFE),
            'canonicalize AGGRESSIVE' => fn (): string => $normalizer->canonicalize($url, N::AGGRESSIVE),
            'fingerprint' => fn (): string => $normalizer->fingerprint($url),
            'surt' => fn (): string => $normalizer->surt($url),
            'removeQueryParameters' => fn (): string => $normalizer->removeQueryParameters($url, ['a', 'utm_*']),
            'normalize' => fn (): string => $normalizer->normalize($url),
            'resolve, as the link' => fn (): string => $normalizer->resolve($url, 'https://example.org/a/b'),
            'resolve, as the base' => fn (): string => $normalizer->resolve('../x?y#z', $url),
        ];
        foreach ($calls as $name => $call) {
            $seconds = self::cpuSeconds($call);
            $bound = self::BOUND * self::slowdown();
            $this->assertLessThan($bound, $seconds, sprintf('%s took %.3f s', $name, $seconds));
        }
    }

    /**
     * Each shape where a transform acts on it.
     *
     * @return array<string, array{string}>
     */
    public static function shapes(): array
    {
        $percent41 = self::repeated('%41');
        return [
            '# × N' => ['https://example.com/#' . self::repeated('#') . '/'],
            '#/ × N' => ['https://example.com/#' . self::repeated('#/')],
            '../ × N' => ['https://example.com/' . self::repeated('../')],
            '& × N' => ['https://example.com/?' . self::repeated('&')],
            '10,000 host labels' => ['https://' . str_repeat('a.', 10_000) . 'com/'],
            '/index.html × N' => ['https://example.com' . self::repeated('/index.html')],
            'www. × N' => ['https://' . self::repeated('www.') . 'example.com/'],
            '%41 × N' => ["https://example.com/$percent41?$percent41#$percent41"],
            ';jsessionid=x × N' => ['https://example.com/a' . self::repeated(';jsessionid=x')],
            '// × N' => ['https://example.com' . self::repeated('//')],
        ];
    }

    public function testOneMegabyteResultsAreRight(): void
    {
        $normalizer = new N();
        $this->assertSame(
            'https://example.com/',
            $normalizer->canonicalize('https://example.com/#' . self::repeated('#') . '/')
        );
        $this->assertSame(
            'https://example.com/',
            $normalizer->canonicalize('https://example.com' . self::repeated('/index.html'), N::AGGRESSIVE)
        );
        $this->assertSame(
            'https://example.com/',
            $normalizer->canonicalize('https://' . self::repeated('www.') . 'example.com/', N::AGGRESSIVE)
        );
        $this->assertSame('com,example)/', $normalizer->surt('https://' . self::repeated('www.') . 'example.com/'));
    }

    /**
     * CPU time of the process, not wall time: other processes on the machine do not count.
     */
    private static function cpuSeconds(callable $call): float
    {
        $before = getrusage();
        try {
            $call();
        } catch (InvalidUrlException $e) {
            // A rejected input is an answer too; only the time is checked here.
        }
        $after = getrusage();
        $seconds = static fn (array $usage): float => $usage['ru_utime.tv_sec'] + $usage['ru_utime.tv_usec'] / 1e6
            + $usage['ru_stime.tv_sec'] + $usage['ru_stime.tv_usec'] / 1e6;
        return $seconds($after) - $seconds($before);
    }

    private static function repeated(string $shape): string
    {
        return str_repeat($shape, intdiv(self::SIZE, strlen($shape)));
    }
}
