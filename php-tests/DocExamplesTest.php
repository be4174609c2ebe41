<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use Monolog\Handler\TestHandler;
use Monolog\Logger;
use PHPUnit\Framework\TestCase;

/**
 * Every ```php block of README.md, docs/api.md and docs/errors.md runs against the loaded
 * extension, and every value a block shows is asserted.
 *
 * What a block shows, and how it is read:
 *
 * - `statement;  // LITERAL prose`: the statement's value is LITERAL (a PHP string, number,
 *   true, false, null, an array of those, or a Class::CASE), compared with assertSame; prose
 *   after the literal (in parentheses, say) is not read.
 * - `statement;` followed by comment lines: the comment lines, joined, hold the LITERAL.
 * - `statement;  // throws [Class][: text … text]`: the statement throws that class (its short
 *   or full name), and the message holds each piece of text between the `…`, in order.
 *
 * A comment that starts like a literal but is not one fails the test, and so does a block
 * whose assertions did not all run (one inside a catch that no exception reached). Each block
 * runs in a scope of its own with `$logger` (a Monolog logger) and `$normalizer` (a
 * `new UrlNormalizer($logger)`), and `use` lines for the extension's classes it does not
 * import itself.
 */
final class DocExamplesTest extends TestCase
{
    private const FILES = ['README.md', 'docs/api.md', 'docs/errors.md'];
    private const CLASSES = ['UrlNormalizer', 'InvalidUrlException', 'InvalidOptionException', 'ErrorKind',
        'UrlNormalizerInterface'];

    /** @var array<string, bool> the assertions of the running block, by place, and whether each ran */
    private static array $ran = [];

    /**
     * @return iterable<string, array{string, string}>
     */
    public static function blocks(): iterable
    {
        $root = dirname(__DIR__);
        foreach (self::FILES as $file) {
            $text = (string) file_get_contents("$root/$file");
            preg_match_all('/^```php\n(.*?)^```$/ms', $text, $matches, PREG_OFFSET_CAPTURE);
            foreach ($matches[1] as [$code, $offset]) {
                $line = substr_count(substr($text, 0, $offset), "\n") + 1;
                yield "$file:$line" => ["$file:$line", $code];
            }
        }
    }

    public function testTheDocumentsHaveBlocks(): void
    {
        $counts = array_count_values(array_map(
            static fn (string $place): string => explode(':', $place)[0],
            array_keys(iterator_to_array(self::blocks()))
        ));
        foreach (self::FILES as $file) {
            $this->assertGreaterThan(0, $counts[$file] ?? 0, "$file has ```php blocks");
        }
    }

    /**
     * The README is a front door: short, with the install command and a working example before
     * a reader has to scroll, and the two commands a contributor runs under Development.
     */
    public function testTheReadmeIsAFrontDoor(): void
    {
        $lines = file(dirname(__DIR__) . '/README.md', FILE_IGNORE_NEW_LINES) ?: [];
        $this->assertLessThanOrEqual(200, count($lines), 'README.md is at most 200 lines');
        $top = implode("\n", array_slice($lines, 0, 40));
        $this->assertStringContainsString('pie install url-normalize/url-normalize', $top);
        $this->assertStringContainsString('new UrlNormalizer(', $top);
        $development = array_search('## Development', $lines, true);
        $this->assertIsInt($development, 'README.md has a Development section');
        $section = implode("\n", array_slice($lines, $development));
        $this->assertStringContainsString('`scripts/demo`', $section);
        $this->assertStringContainsString('`scripts/test`', $section);
    }

    /**
     * The README's install commands name the package PIE finds (composer.json's name, of type
     * php-ext) and the extension it loads, which the Dockerfile then checks with `php -m`.
     */
    public function testTheReadmesInstallCommandsNameThisPackage(): void
    {
        $root = dirname(__DIR__);
        $readme = (string) file_get_contents("$root/README.md");
        $composer = json_decode((string) file_get_contents("$root/composer.json"), true, 512, JSON_THROW_ON_ERROR);
        $this->assertSame('php-ext', $composer['type']);
        preg_match_all('/pie install (\S+)/', $readme, $installs);
        $this->assertNotSame([], $installs[1]);
        foreach ($installs[1] as $package) {
            $this->assertSame($composer['name'], $package);
        }
        $this->assertStringContainsString('grep -x ' . $composer['php-ext']['extension-name'], $readme);
        $extension = new \ReflectionExtension('url_normalize');
        $this->assertSame($composer['php-ext']['extension-name'], $extension->getName());
    }

    /**
     * @dataProvider blocks
     */
    public function testTheBlockRunsAndShowsWhatItDoes(string $place, string $code): void
    {
        self::$ran = [];
        $program = self::program($place, $code);
        $this->assertNotSame([], self::$ran, "$place asserts nothing: show a value");
        $logger = new Logger('docs', [new TestHandler()]);
        (static function (string $__program, Logger $logger): void {
            $normalizer = new \UrlNormalize\UrlNormalizer($logger);
            eval($__program);
        })($program, $logger);
        $missed = array_keys(array_filter(self::$ran, static fn (bool $ran): bool => !$ran));
        $this->assertSame([], $missed, "$place: these lines' assertions never ran");
    }

    /**
     * The block as PHP code whose shown values are assertions.
     */
    private static function program(string $place, string $code): string
    {
        [$file, $first] = explode(':', $place);
        $lines = explode("\n", rtrim($code, "\n"));
        $out = [];
        for ($i = 0, $n = count($lines); $i < $n; $i++) {
            $line = $lines[$i];
            $where = $file . ':' . ((int) $first + 1 + $i);
            [$statement, $comment] = self::splitComment($line);
            if ($statement === null || !self::isStatement($statement)) {
                $out[] = $line;
                continue;
            }
            if ($comment === null) {
                // The value may be on the comment lines that follow.
                $joined = [];
                $j = $i + 1;
                while ($j < $n && preg_match('~^\s*//\s?(.*)$~', $lines[$j], $m)) {
                    $joined[] = $m[1];
                    $j++;
                }
                $comment = implode("\n", $joined);
                $throws = str_starts_with($comment, 'throws');
                $literal = $joined === [] || $throws ? null : self::literal($comment, $where);
                if ($literal === null && !$throws) {
                    $out[] = $line;
                    continue;
                }
                $out[] = $literal === null ? self::throws($statement, $comment, $where)
                    : self::assertion($statement, $literal, $where);
                for (; $i + 1 < $j; $i++) {
                    $out[] = '';
                }
                continue;
            }
            if (str_starts_with($comment, 'throws')) {
                $out[] = self::throws($statement, $comment, $where);
                continue;
            }
            $literal = self::literal($comment, $where);
            $out[] = $literal === null ? $line : self::assertion($statement, $literal, $where);
        }
        $imports = '';
        foreach (self::CLASSES as $class) {
            if (!preg_match('/^use UrlNormalize\\\\' . $class . ';$/m', $code)) {
                $imports .= "use UrlNormalize\\$class;\n";
            }
        }
        return $imports . implode("\n", $out);
    }

    private static function throws(string $statement, string $comment, string $where): string
    {
        preg_match('/^throws\b(?:\s+([\\\\\w]+))?(?::\s*(.*))?$/s', $comment, $m);
        self::$ran[$where] = false;
        return sprintf(
            'try { %s \\PHPUnit\\Framework\\Assert::fail(%s); } catch (\\Throwable $__e) '
            . '{ \\%s::thrown($__e, %s, %s, %s); }',
            $statement,
            var_export("$where: no exception", true),
            self::class,
            var_export($m[1] ?? '', true),
            var_export(str_replace("\n", ' ', $m[2] ?? ''), true),
            var_export($where, true)
        );
    }

    private static function assertion(string $statement, string $literal, string $where): string
    {
        self::$ran[$where] = false;
        return sprintf(
            '\\%s::expect(%s, (%s), %s);',
            self::class,
            $literal,
            rtrim(rtrim($statement), ';'),
            var_export($where, true)
        );
    }

    public static function expect(mixed $expected, mixed $actual, string $where): void
    {
        self::$ran[$where] = true;
        self::assertSame($expected, $actual, "$where shows a value the code does not give");
    }

    public static function thrown(\Throwable $e, string $class, string $text, string $where): void
    {
        self::$ran[$where] = true;
        if ($e instanceof \PHPUnit\Framework\AssertionFailedError) {
            throw $e;
        }
        if ($class !== '') {
            $name = get_class($e);
            self::assertTrue(
                $name === ltrim($class, '\\') || substr($name, (int) strrpos("\\$name", '\\')) === $class,
                "$where: $name thrown, the block says $class"
            );
        }
        $offset = 0;
        foreach (explode('…', $text) as $piece) {
            $piece = trim($piece);
            if ($piece === '') {
                continue;
            }
            $found = strpos($e->getMessage(), $piece, $offset);
            self::assertNotFalse($found, "$where: the message \"{$e->getMessage()}\" lacks \"$piece\"");
            $offset = $found + strlen($piece);
        }
    }

    /**
     * The code and the `//` comment of a line, outside strings; [null, null] for a line that is
     * only a comment.
     *
     * @return array{?string, ?string}
     */
    private static function splitComment(string $line): array
    {
        $tokens = token_get_all("<?php $line");
        $code = '';
        foreach (array_slice($tokens, 1) as $token) {
            if (is_array($token) && $token[0] === T_COMMENT && str_starts_with($token[1], '//')) {
                return trim($code) === '' ? [null, null] : [rtrim($code), trim(substr($token[1], 2))];
            }
            $code .= is_array($token) ? $token[1] : $token;
        }
        return [$code, null];
    }

    /**
     * A whole expression statement on one line: ends in `;`, brackets balanced, not a block.
     */
    private static function isStatement(string $code): bool
    {
        $code = trim($code);
        if (!str_ends_with($code, ';') || preg_match('/^(use|return|echo|foreach|for|if|try|while)\b/', $code)) {
            return false;
        }
        $depth = 0;
        foreach (token_get_all("<?php $code") as $token) {
            if (is_string($token)) {
                $depth += self::bracket($token);
                if ($depth < 0) {
                    return false;
                }
            }
        }
        return $depth === 0;
    }

    /**
     * The PHP literal a comment starts with, or null when the comment is prose. A comment that
     * starts like a literal must hold a whole one.
     */
    private static function literal(string $comment, string $where): ?string
    {
        if (!preg_match('/^(\'|"|\[|\d|true\b|false\b|null\b|[A-Z]\w*::[A-Z]\w*\b)/', $comment)) {
            return null;
        }
        $depth = 0;
        $source = '';
        foreach (array_slice(token_get_all("<?php $comment"), 1) as $token) {
            $text = is_array($token) ? $token[1] : $token;
            $significant = !is_array($token) || !in_array($token[0], [T_WHITESPACE, T_COMMENT], true);
            $midway = trim($source) === '' || preg_match('/^[A-Z]\w*(::)?$/', trim($source)) === 1;
            if ($depth === 0 && $significant && !$midway) {
                break;
            }
            if (is_string($token)) {
                $depth += self::bracket($token);
            }
            $source .= $text;
        }
        if ($depth !== 0) {
            self::fail("$where: the comment starts like a PHP value but holds no whole one: $comment");
        }
        return rtrim($source);
    }

    /**
     * 1 for an opening bracket, -1 for a closing one, 0 for any other token.
     */
    private static function bracket(string $token): int
    {
        if (in_array($token, ['(', '[', '{'], true)) {
            return 1;
        }
        return in_array($token, [')', ']', '}'], true) ? -1 : 0;
    }
}
