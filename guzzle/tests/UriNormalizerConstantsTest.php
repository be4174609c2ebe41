<?php

declare(strict_types=1);

namespace UrlNormalize\Guzzle\Tests;

use GuzzleHttp\Psr7\Uri;
use GuzzleHttp\Psr7\UriNormalizer;
use PHPUnit\Framework\TestCase;
use UrlNormalize\UrlNormalizer;

/**
 * docs/guzzle.md's table "UriNormalizer constants", held to both classes: every constant of
 * Guzzle's UriNormalizer has its row, with its value; each counterpart named exists in
 * UrlNormalizer with the value given; a constant said to have none has none of its name; and
 * each example is what Guzzle's UriNormalizer::normalize() and the extension's canonicalize()
 * (and, where nothing needs asking, normalize()) both give.
 */
final class UriNormalizerConstantsTest extends TestCase
{
    private const DOC = __DIR__ . '/../../docs/guzzle.md';

    public function testEveryGuzzleConstantHasItsRow(): void
    {
        $constants = (new \ReflectionClass(UriNormalizer::class))->getConstants();
        ksort($constants);
        $rows = [];
        foreach (self::rows() as [$row]) {
            $rows[$row['guzzle']] = $row['guzzle_value'];
        }
        ksort($rows);

        $this->assertSame($constants, $rows);
    }

    /**
     * @dataProvider rows
     * @param array{guzzle: string, guzzle_value: int, counterpart: string, value: ?int, before: string,
     *     after: string} $row
     */
    public function testTheRowIsTrueOfBothClasses(array $row): void
    {
        $this->assertSame($row['guzzle_value'], constant(UriNormalizer::class . '::' . $row['guzzle']));
        $normalizer = new UrlNormalizer(null, ['strict' => true]);

        if (str_starts_with($row['counterpart'], 'none')) {
            $this->assertSame('none: always done', $row['counterpart']);
            $this->assertNull($row['value'], 'a row without a counterpart has no value');
            $this->assertFalse(
                defined(UrlNormalizer::class . '::' . $row['guzzle']),
                "UrlNormalizer has a constant {$row['guzzle']}: name it in the table"
            );
            $flags = 0;
            $this->assertSame($row['after'], $normalizer->normalize($row['before']), 'normalize() does it');
        } else {
            $flags = 0;
            foreach (array_map('trim', explode('\\|', $row['counterpart'])) as $name) {
                $this->assertMatchesRegularExpression('/^UrlNormalizer::[A-Z_]+$/', $name);
                $constant = UrlNormalizer::class . substr($name, strlen('UrlNormalizer'));
                $this->assertTrue(defined($constant), "$name is a constant of UrlNormalizer");
                $flags |= constant($constant);
            }
            $this->assertSame($row['value'], $flags, "the value of {$row['counterpart']}");
        }

        $this->assertNotSame($row['before'], $row['after'], 'the example shows a change');

        $this->assertSame(
            $row['after'],
            (string) UriNormalizer::normalize(new Uri($row['before']), $row['guzzle_value']),
            "Guzzle's UriNormalizer::normalize() with {$row['guzzle']}"
        );
        $this->assertSame($row['after'], $normalizer->canonicalize($row['before'], $flags), 'canonicalize()');
    }

    /**
     * The warning's examples and the differences listed under the table.
     */
    public function testTheWarningAndTheDifferencesAreTrue(): void
    {
        $doc = (string) file_get_contents(self::DOC);
        $this->assertStringContainsString('> **Warning:** the values differ.', $doc);
        $this->assertSame(32, UriNormalizer::REMOVE_DOT_SEGMENTS);
        $this->assertSame(4, UrlNormalizer::REMOVE_DOT_SEGMENTS);
        $this->assertSame(UriNormalizer::SORT_QUERY_PARAMETERS, UrlNormalizer::REMOVE_DIRECTORY_INDEX);

        $this->assertStringContainsString('(`b=1&B=2&a=3` becomes' . "\n" . '  `B=2&a=3&b=1`)', $doc);
        $query = 'http://example.com/?b=1&B=2&a=3';
        $this->assertSame(
            'http://example.com/?B=2&a=3&b=1',
            (string) UriNormalizer::normalize(new Uri($query), UriNormalizer::SORT_QUERY_PARAMETERS)
        );
        $this->assertSame(
            'http://example.com/?a=3&b=1&B=2',
            (new UrlNormalizer())->canonicalize($query, UrlNormalizer::SORT_QUERY_PARAMETERS),
            'by key, case-insensitively, pairs of one key in their order'
        );
        $this->assertStringContainsString("Guzzle's `Uri` drops a default port itself", $doc);
        $this->assertSame('http://example.com/', (string) new Uri('http://example.com:80/'));
        $this->assertSame(
            UrlNormalizer::SAFE,
            UrlNormalizer::MAKE_CANONICAL | UrlNormalizer::REMOVE_DOT_SEGMENTS | UrlNormalizer::REMOVE_FRAGMENT
        );
    }

    /**
     * The table's rows, as the Markdown has them.
     *
     * @return array<string, array{array{guzzle: string, guzzle_value: int, counterpart: string, value: ?int,
     *     before: string, after: string}}>
     */
    public static function rows(): array
    {
        $doc = (string) file_get_contents(self::DOC);
        $section = preg_match('/^## UriNormalizer constants\n(.*?)(?=^## |\z)/ms', $doc, $match) === 1 ? $match[1] : '';
        $rows = [];
        foreach (explode("\n", $section) as $line) {
            // A row of a constant: | `NAME` | ... (the header and the rule have no backquote there).
            if (!str_starts_with($line, '| `')) {
                continue;
            }
            $cells = array_map('trim', preg_split('/(?<!\\\\)\|/', trim($line, '|')) ?: []);
            if (count($cells) !== 5 || preg_match('/^`([^`]+)` → `([^`]+)`$/u', $cells[4], $example) !== 1) {
                throw new \UnexpectedValueException("docs/guzzle.md: a row that is not of the table's form: $line");
            }
            $name = trim($cells[0], '`');
            $rows[$name] = [[
                'guzzle' => $name,
                'guzzle_value' => (int) $cells[1],
                'counterpart' => str_replace('`', '', $cells[2]),
                'value' => $cells[3] === '—' ? null : (int) $cells[3],
                'before' => $example[1],
                'after' => $example[2],
            ]];
        }
        if ($rows === []) {
            throw new \UnexpectedValueException('docs/guzzle.md has no table under "## UriNormalizer constants"');
        }
        return $rows;
    }
}
