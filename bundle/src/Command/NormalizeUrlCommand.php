<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Command;

use Symfony\Component\Console\Attribute\AsCommand;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Formatter\OutputFormatter;
use Symfony\Component\Console\Input\InputArgument;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Input\StreamableInputInterface;
use Symfony\Component\Console\Output\OutputInterface;
use UrlNormalize\Bundle\NormalizerLocator;
use UrlNormalize\Bundle\Printable;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlNormalizer;

/**
 * `url:normalize [url...] [--normalizer=NAME] [--flags=NAME|INT] [--format=table|json]`: what
 * a configured normalizer makes of each URL (normalize, canonicalize, fingerprint, surt,
 * registrable domain, display), to try a URL or a configuration from the shell.
 *
 * Without arguments it reads one URL per line of standard input. The exit status is 1 when a
 * URL is invalid in strict mode under the normalizer's options (its reason is printed), 2 for
 * an unknown normalizer, flag or format.
 */
#[AsCommand(name: self::NAME, description: self::DESCRIPTION)]
final class NormalizeUrlCommand extends Command
{
    public const NAME = 'url:normalize';
    public const DESCRIPTION = 'Shows what a url_normalize normalizer makes of URLs';

    /** The rows of the table, in order: each method's label. */
    private const FIELDS = [
        'normalize' => 'normalize',
        'canonicalize' => 'canonicalize',
        'fingerprint' => 'fingerprint',
        'surt' => 'surt',
        'registrable_domain' => 'registrable domain',
        'display' => 'display',
    ];

    /**
     * @param NormalizerLocator $normalizers the configured normalizers; only the one used is constructed
     */
    public function __construct(private readonly NormalizerLocator $normalizers)
    {
        parent::__construct(self::NAME);
    }

    /**
     * The arguments and options.
     */
    protected function configure(): void
    {
        $this
            ->setDescription(self::DESCRIPTION)
            ->addArgument('url', InputArgument::IS_ARRAY, 'The URLs; none: one per line of standard input')
            ->addOption('normalizer', null, InputOption::VALUE_REQUIRED, 'The configured normalizer to use', 'default')
            ->addOption(
                'flags',
                null,
                InputOption::VALUE_REQUIRED,
                'canonicalize() and fingerprint() flags: constant names of UrlNormalizer joined by | or , (SAFE,'
                    . ' AGGRESSIVE|REMOVE_WWW), or their integer value; default USUALLY_SAFE'
            )
            ->addOption('format', null, InputOption::VALUE_REQUIRED, 'table or json', 'table')
            ->setHelp(<<<'HELP'
                For each URL, the <info>%command.name%</info> command prints what the normalizer makes of it:

                  <info>php %command.full_name% 'https://コーヒー.jp/café?utm_source=x'</info>
                  <info>php %command.full_name% --normalizer=strict_api --format=json < urls.txt</info>
                  <info>php %command.full_name% --flags='SAFE|REMOVE_WWW' example.com/index.html</info>

                The exit status is 1 if a URL is invalid in strict mode under the normalizer's options.
                HELP);
    }

    /**
     * Prints each URL's forms; 1 when one was invalid, 2 for a bad option.
     */
    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $format = (string) $input->getOption('format');
        try {
            if (!in_array($format, ['table', 'json'], true)) {
                throw new \InvalidArgumentException(sprintf('--format must be table or json, "%s" given', $format));
            }
            $normalizer = $this->normalizers->get((string) $input->getOption('normalizer'));
            $flags = self::flags($input->getOption('flags'));
        } catch (\InvalidArgumentException $e) {
            $message = OutputFormatter::escape(Printable::escape($e->getMessage()));
            $output->writeln(sprintf('<error>%s</error>', $message));
            return Command::INVALID;
        }

        /** @var list<string> $urls */
        $urls = $input->getArgument('url');
        if ($urls === []) {
            $stream = $input instanceof StreamableInputInterface ? $input->getStream() : null;
            if ($stream === null && stream_isatty(STDIN)) {
                $output->writeln('<error>Give URLs as arguments, or one per line on standard input</error>');
                return Command::INVALID;
            }
            $urls = self::lines($stream ?? STDIN);
        }

        $results = array_map(static fn (string $url): array => self::describe($normalizer, $url, $flags), $urls);
        if ($format === 'json') {
            // As written: no console markup is read in it.
            $output->writeln(self::json($results), OutputInterface::OUTPUT_RAW);
        } else {
            foreach ($results as $result) {
                self::table($output, $result);
            }
        }
        $invalid = array_filter($results, static fn (array $result): bool => !$result['valid']);
        return $invalid === [] ? Command::SUCCESS : Command::FAILURE;
    }

    /**
     * Every form of one URL, or the reason it is invalid in strict mode.
     *
     * @return array{input: string, valid: bool, reason: ?string, normalize: ?string,
     *     canonicalize: ?string, fingerprint: ?string, surt: ?string, registrable_domain: ?string,
     *     display: ?string}
     */
    private static function describe(UrlNormalizer $normalizer, string $url, ?int $flags): array
    {
        $result = ['input' => $url, 'valid' => false, 'reason' => null]
            + array_fill_keys(array_keys(self::FIELDS), null);
        $explained = $normalizer->explain($url);
        if (!$explained['valid']) {
            $result['reason'] = $explained['reason'];
            return $result;
        }
        try {
            $result = [
                'input' => $url,
                'valid' => true,
                'reason' => null,
                'normalize' => $normalizer->normalize($url),
                'canonicalize' => $normalizer->canonicalize($url, $flags),
                'fingerprint' => $normalizer->fingerprint($url, $flags),
                'surt' => $normalizer->surt($url),
                'registrable_domain' => $normalizer->registrableDomain($url),
                'display' => $normalizer->toDisplay($url),
            ];
        } catch (InvalidUrlException $e) {
            // A form that the normalizer's options refuse though normalize() takes the URL.
            $result['reason'] = $e->getMessage();
        }
        return $result;
    }

    /**
     * One URL's table: the input as its header, then each form, or the reason it is invalid.
     *
     * Drawn here, in the look of Symfony's Table helper, rather than by it: the helper measures
     * text with symfony/string, which needs the intl extension or Composer's polyfill, and the
     * command should run wherever the bundle does. Written raw, so that a URL holding `<tag>`
     * is not read as console markup, and with every cell's control characters and invalid bytes
     * escaped as the extension's messages escape them (ESC as `\u{1b}`, a stray byte as `\x9B`),
     * so that a URL cannot set the terminal's title, clear it or colour it.
     *
     * @param array{input: string, valid: bool, reason: ?string, normalize: ?string,
     *     canonicalize: ?string, fingerprint: ?string, surt: ?string, registrable_domain: ?string,
     *     display: ?string} $result
     */
    private static function table(OutputInterface $output, array $result): void
    {
        $rows = [];
        if ($result['valid']) {
            foreach (self::FIELDS as $key => $label) {
                $rows[] = [$label, $result[$key] ?? '(none)'];
            }
        } else {
            $rows[] = ['invalid', (string) $result['reason']];
        }
        $header = ['input', $result['input']];
        $rows = array_map(static fn (array $row): array => array_map([Printable::class, 'escape'], $row), $rows);
        $header = array_map([Printable::class, 'escape'], $header);
        $widths = [0, 0];
        foreach ([$header, ...$rows] as $row) {
            foreach ($row as $column => $cell) {
                $widths[$column] = max($widths[$column], mb_strwidth($cell, 'UTF-8'));
            }
        }
        $dashes = static fn (int $width): string => str_repeat('-', $width + 2);
        $border = '+' . implode('+', array_map($dashes, $widths)) . '+';
        $padded = static fn (string $cell, int $width): string
            => $cell . str_repeat(' ', $width - mb_strwidth($cell, 'UTF-8'));
        $line = static fn (array $row): string => '| ' . implode(' | ', array_map($padded, $row, $widths)) . ' |';
        $output->writeln(
            [$border, $line($header), $border, ...array_map($line, $rows), $border],
            OutputInterface::OUTPUT_RAW
        );
    }

    /**
     * The flags named by --flags: null (the method's default), constant names joined by | or
     * , (case-insensitive), or an integer.
     *
     * @throws \InvalidArgumentException for an unknown name or bits that are no flag
     */
    private static function flags(mixed $option): ?int
    {
        if ($option === null || $option === '') {
            return null;
        }
        // The flags and presets: every int constant but the key format's version.
        $constants = array_filter((new \ReflectionClass(UrlNormalizer::class))->getConstants(), 'is_int');
        unset($constants['KEY_VERSION']);
        $all = array_reduce($constants, static fn (int $carry, int $flag): int => $carry | $flag, 0);
        $option = (string) $option;
        if (preg_match('/^\d+$/', $option) === 1) {
            $flags = (int) $option;
            if (($flags & ~$all) !== 0) {
                throw new \InvalidArgumentException(sprintf(
                    '--flags=%s has bits that are no flag (the flags add up to at most %d)',
                    $option,
                    $all
                ));
            }
            return $flags;
        }
        $flags = 0;
        foreach (preg_split('/\s*[|,]\s*/', trim($option)) ?: [] as $name) {
            $constant = strtoupper($name);
            if (!isset($constants[$constant])) {
                throw new \InvalidArgumentException(sprintf(
                    '--flags: "%s" is not a flag; the flags are %s',
                    $name,
                    implode(', ', array_keys($constants))
                ));
            }
            $flags |= $constants[$constant];
        }
        return $flags;
    }

    /**
     * The non-empty lines of a stream, without their line endings.
     *
     * @param resource $stream
     * @return list<string>
     */
    private static function lines(mixed $stream): array
    {
        $lines = [];
        while (($line = fgets($stream)) !== false) {
            $line = rtrim($line, "\r\n");
            if (trim($line) !== '') {
                $lines[] = $line;
            }
        }
        return $lines;
    }

    /**
     * The results as pretty-printed JSON, printable as it is: json_encode() escapes the C0
     * controls; DEL and the C1 controls (U+0080 to U+009F, which some terminals obey) are escaped
     * here, and invalid UTF-8 is replaced by U+FFFD.
     *
     * @param list<array<string, mixed>> $results
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
