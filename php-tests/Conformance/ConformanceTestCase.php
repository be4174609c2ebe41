<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Conformance;

use PHPUnit\Framework\TestCase;

/**
 * One suite of cases, each named, with its known differences checked both ways: a listed
 * case that passes fails ("remove it from the list"), and so does a listed name that no
 * longer exists.
 */
abstract class ConformanceTestCase extends TestCase
{
    /** The suite's name in core/tests/known-differences.tsv. */
    abstract protected static function suiteName(): string;

    /**
     * @return iterable<string, array{?string, \Closure(): ?string}> name => [expected or null for failure, the call]
     */
    abstract public static function cases(): iterable;

    /**
     * @dataProvider cases
     * @param \Closure(): ?string $call
     */
    public function testCase(?string $expected, \Closure $call): void
    {
        $actual = Fixtures::attempt($call);
        $reason = Fixtures::knownDifferences(static::suiteName())[$this->dataName()] ?? null;
        if ($reason !== null) {
            $this->assertNotSame(
                $expected,
                $actual,
                "Passes now; remove it from core/tests/known-differences.tsv ($reason)"
            );
            return;
        }
        $this->assertSame($expected, $actual, $expected === null ? 'expected a failure' : '');
    }

    public function testEveryKnownDifferenceStillExists(): void
    {
        $names = [];
        foreach (static::cases() as $name => $case) {
            $names[] = $name;
        }
        $knownNames = array_keys(Fixtures::knownDifferences(static::suiteName()));
        $this->assertSame([], array_values(array_diff($knownNames, $names)));
    }
}
