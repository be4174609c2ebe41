<?php

declare(strict_types=1);

namespace UrlNormalize\Laravel\Console;

use Illuminate\Console\Command;
use Symfony\Component\Console\Formatter\OutputFormatter;
use Symfony\Component\Console\Output\OutputInterface;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\Laravel\Internal\Printable;
use UrlNormalize\Laravel\NormalizerManager;
use UrlNormalize\UrlNormalizer;

/**
 * `php artisan url:normalize URL... [--canonicalize] [--json] [--normalizer=NAME]`: what a
 * configured normalizer makes of each URL, to try a URL or a configuration from the shell.
 *
 * One line per URL on standard output: normalize()'s result, or canonicalize()'s (the
 * de-duplication key, with the USUALLY_SAFE flags) with --canonicalize; a URL that is invalid in
 * strict mode under the normalizer's options gets `invalid: REASON` on the error output instead.
 * With --json, one array of {input, valid, result, reason} objects. Control characters and
 * invalid bytes are escaped as the extension's messages escape them (ESC as `\u{1b}`, a stray byte
 * as `\x9B`), so that a URL cannot set the terminal's title, clear it or colour it.
 *
 * The exit status is 1 when a URL is invalid, 2 for an unknown normalizer.
 */
final class NormalizeUrlCommand extends Command
{
    /** @var string */
    protected $signature = 'url:normalize
        {url* : The URLs}
        {--canonicalize : Print the canonical form (the de-duplication key) instead of the normalized URL}
        {--json : Print a JSON array of {input, valid, result, reason}}
        {--normalizer=default : The configured normalizer to use}';

    /** @var string */
    protected $description = 'Shows what a url_normalize normalizer makes of URLs';

    /**
     * Prints each URL's form; 1 when one was invalid, 2 for an unknown normalizer.
     */
    public function handle(NormalizerManager $normalizers): int
    {
        try {
            $normalizer = $normalizers->get((string) $this->option('normalizer'));
        } catch (\InvalidArgumentException $e) {
            $this->getOutput()->getErrorStyle()->writeln(sprintf(
                '<error>%s</error>',
                OutputFormatter::escape(Printable::escape($e->getMessage()))
            ));
            return self::INVALID;
        }
        /** @var list<string> $urls */
        $urls = (array) $this->argument('url');
        $canonicalize = (bool) $this->option('canonicalize');
        $results = array_map(
            static fn (string $url): array => self::describe($normalizer, $url, $canonicalize),
            $urls
        );

        if ($this->option('json')) {
            $this->getOutput()->writeln(self::json($results), OutputInterface::OUTPUT_RAW);
        } else {
            foreach ($results as $result) {
                if ($result['valid']) {
                    $line = Printable::escape((string) $result['result']);
                    $this->getOutput()->writeln($line, OutputInterface::OUTPUT_RAW);
                } else {
                    $this->getOutput()->getErrorStyle()->writeln(sprintf(
                        '<error>invalid: %s</error>',
                        OutputFormatter::escape(Printable::escape((string) $result['reason']))
                    ));
                }
            }
        }
        $invalid = array_filter($results, static fn (array $result): bool => !$result['valid']);
        return $invalid === [] ? self::SUCCESS : self::FAILURE;
    }

    /**
     * One URL's form, or the reason it is invalid in strict mode under the normalizer's options.
     *
     * @return array{input: string, valid: bool, result: ?string, reason: ?string}
     */
    private static function describe(UrlNormalizer $normalizer, string $url, bool $canonicalize): array
    {
        $explained = $normalizer->explain($url);
        if (!$explained['valid']) {
            return ['input' => $url, 'valid' => false, 'result' => null, 'reason' => $explained['reason']];
        }
        try {
            $result = $canonicalize ? $normalizer->canonicalize($url) : $normalizer->normalize($url);
        } catch (InvalidUrlException $e) {
            // A form that the normalizer's options refuse though normalize() takes the URL
            // (max_length against a longer key, say).
            return ['input' => $url, 'valid' => false, 'result' => null, 'reason' => $e->getMessage()];
        }
        return ['input' => $url, 'valid' => true, 'result' => $result, 'reason' => null];
    }

    /**
     * The results as pretty-printed JSON, printable as it is: json_encode() escapes the C0
     * controls; DEL and the C1 controls (U+0080 to U+009F, which some terminals obey) are escaped
     * here, and invalid UTF-8 is replaced by U+FFFD.
     *
     * @param list<array{input: string, valid: bool, result: ?string, reason: ?string}> $results
     */
    private static function json(array $results): string
    {
        $json = json_encode(
            $results,
            JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE
                | JSON_THROW_ON_ERROR
        );
        return (string) preg_replace_callback(
            '/\xC2[\x80-\x9F]|\x7F/',
            // DEL is its own byte; U+0080 to U+009F are \xC2 followed by the code point's byte.
            static fn (array $match): string => sprintf('\u%04x', ord($match[0][strlen($match[0]) - 1])),
            $json
        );
    }
}
