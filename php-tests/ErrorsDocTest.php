<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use Monolog\Handler\TestHandler;
use Monolog\Logger;
use PHPUnit\Framework\TestCase;
use UrlNormalize\ErrorKind;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlNormalizer;
use UrlNormalize\UrlNormalizerInterface;

/**
 * The two tables of docs/errors.md are what the extension does: the ErrorKind table (every
 * case in order, its value, its code, and a real exception of each kind from the example
 * column), and the table of what each method gives for an invalid URL in lenient and in strict
 * mode (the value and whether a warning was logged, or the exception and how its message begins).
 */
final class ErrorsDocTest extends TestCase
{
    /** The kinds whose example the test cannot run: a URL over 4 GiB. */
    private const NOT_RUN = ['TooLong'];

    private static function doc(): string
    {
        return (string) file_get_contents(dirname(__DIR__) . '/docs/errors.md');
    }

    /**
     * @return list<array{string, string, int, string}> case, value, code, example
     */
    private static function kindRows(): array
    {
        $row = '/^\| `(\w+)` \| `([a-z0-9-]+)` \| (\d+) \| .*? \| (.*) \|$/m';
        preg_match_all($row, self::doc(), $matches, PREG_SET_ORDER);
        return array_map(static fn (array $m): array => [$m[1], $m[2], (int) $m[3], $m[4]], $matches);
    }

    public function testTheKindTableListsEveryCaseInOrderWithItsValue(): void
    {
        $rows = self::kindRows();
        $this->assertSame(
            array_map(static fn (ErrorKind $kind): array => [$kind->name, $kind->value], ErrorKind::cases()),
            array_map(static fn (array $row): array => [$row[0], $row[1]], $rows)
        );
        // Codes run from 1 in the order of the cases (core/src/error.rs, ErrorKind::ALL).
        $this->assertSame(range(1, count(ErrorKind::cases())), array_column($rows, 2));
    }

    public function testEachKindsExampleThrowsThatKindWithThatCode(): void
    {
        $run = 0;
        foreach (self::kindRows() as [$name, , $code, $example]) {
            $kind = constant(ErrorKind::class . '::' . $name);
            if (in_array($name, self::NOT_RUN, true)) {
                continue;
            }
            if ($example === "`new InvalidUrlException('x')`") {
                $e = new InvalidUrlException('x');
                $this->assertSame($kind, $e->getKind());
                $this->assertSame(0, $e->getCode(), 'a userland exception has the code it was given');
                $run++;
                continue;
            }
            $this->assertSame(
                1,
                preg_match('/^(?:`(\[.*?\])`: )?`((?:normalize|resolve)\(.*?\))`/', $example, $m),
                "$name: the example column holds a call: $example"
            );
            $options = $m[1] === '' ? [] : eval("return {$m[1]};");
            $normalizer = new UrlNormalizer(null, ['strict' => true] + $options);
            try {
                eval("\$normalizer->{$m[2]};");
                $this->fail("$name: {$m[2]} threw nothing");
            } catch (InvalidUrlException $e) {
                $this->assertSame($kind, $e->getKind(), $m[2]);
                $this->assertSame($code, $e->getCode(), $m[2]);
            }
            $run++;
        }
        $this->assertSame(count(ErrorKind::cases()) - count(self::NOT_RUN), $run);
    }

    /**
     * @return iterable<string, array{string, string, string}>
     */
    public static function methodRows(): iterable
    {
        $doc = self::doc();
        $start = strpos($doc, '## What each method gives for an invalid URL');
        self::assertNotFalse($start);
        $section = substr($doc, $start, (int) strpos($doc, "\n## ", $start + 1) - $start);
        preg_match_all('/^\| `(\w+)\(\)`[^|]* \| `(.+?)` \| (.+?) \| (.+?) \|$/m', $section, $matches, PREG_SET_ORDER);
        foreach ($matches as $m) {
            yield $m[2] => [$m[2], $m[3], $m[4]];
        }
    }

    public function testTheMethodTableHasEveryMethodThatTakesAUrl(): void
    {
        $methods = array_map(
            static fn (\ReflectionMethod $method): string => $method->getName(),
            (new \ReflectionClass(UrlNormalizerInterface::class))->getMethods()
        );
        $listed = array_unique(array_map(
            static fn (array $row): string => explode('(', $row[0])[0],
            iterator_to_array(self::methodRows())
        ));
        sort($methods);
        sort($listed);
        $this->assertSame(array_values(array_diff($methods, ['getOptions'])), array_values($listed));
    }

    /**
     * @dataProvider methodRows
     */
    public function testEachMethodGivesWhatTheTableSays(string $call, string $lenient, string $strict): void
    {
        foreach (['lenient' => $lenient, 'strict' => $strict] as $mode => $cell) {
            $handler = new TestHandler();
            $normalizer = new UrlNormalizer(new Logger('errors', [$handler]), ['strict' => $mode === 'strict']);
            $bad = 'https://exa mple.com/';
            $result = null;
            $thrown = null;
            try {
                $result = eval("return \$normalizer->$call;");
            } catch (InvalidUrlException $e) {
                $thrown = $e;
            }
            if (str_starts_with($cell, 'throws')) {
                $this->assertNotNull($thrown, "$call, $mode: the table says it throws");
                $this->assertSame(ErrorKind::ForbiddenHostCodePoint, $thrown->getKind());
                $this->assertSame(1, preg_match('/^throws, "(.*)"$/', $cell, $m), $cell);
                $pieces = array_map('trim', explode('…', $m[1]));
                $this->assertStringStartsWith($pieces[0], $thrown->getMessage(), "$call, $mode");
                $offset = strlen($pieces[0]);
                foreach (array_slice($pieces, 1) as $piece) {
                    if ($piece !== '') {
                        $found = strpos($thrown->getMessage(), $piece, $offset);
                        $this->assertNotFalse($found, "$call, $mode: the message lacks \"$piece\"");
                        $offset = $found + strlen($piece);
                    }
                }
                continue;
            }
            $this->assertNull($thrown, "$call, $mode: the table says it answers; it threw " . $thrown?->getMessage());
            $this->assertSame(1, preg_match('/^`(.+?)`(?: \([^)]*\))?, (a warning|no warning)$/', $cell, $m), $cell);
            $this->assertSame(eval("return {$m[1]};"), $result, "$call, $mode");
            $warnings = count(array_filter(
                $handler->getRecords(),
                static fn (array $record): bool => $record['level_name'] === 'WARNING'
            ));
            $this->assertSame($m[2] === 'a warning' ? 1 : 0, $warnings, "$call, $mode: warnings logged");
        }
    }
}
