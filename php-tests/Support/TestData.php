<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Support;

/**
 * Where the tests, benchmarks and scripts find their data, as core/tests/common/mod.rs does for
 * cargo: the conformance suites in testdata/conformance (or $URL_NORMALIZE_CONFORMANCE), the
 * URL lists in testdata/urls (or $URL_NORMALIZE_DATA), and userbait.txt, whose licence keeps
 * it out of the repository, in the folder $URL_NORMALIZE_USERBAIT names, when it names one.
 */
final class TestData
{
    public static function conformance(string $file): string
    {
        return self::existing(self::folder('URL_NORMALIZE_CONFORMANCE', 'conformance'), $file);
    }

    public static function urlList(string $file): string
    {
        $folder = $file === 'userbait.txt'
            ? self::folder('URL_NORMALIZE_USERBAIT', 'urls')
            : self::folder('URL_NORMALIZE_DATA', 'urls');
        return self::existing($folder, $file);
    }

    /**
     * @return list<string> kasztp.txt and idn-sample.txt, and userbait.txt when
     *                      $URL_NORMALIZE_USERBAIT is set
     */
    public static function urlLists(): array
    {
        $files = ['kasztp.txt', 'idn-sample.txt'];
        if ((string) getenv('URL_NORMALIZE_USERBAIT') !== '') {
            $files[] = 'userbait.txt';
        }
        return $files;
    }

    /**
     * @return list<string> the lines of a URL list, without the line ends
     */
    public static function urls(string $file): array
    {
        $lines = file(self::urlList($file), FILE_IGNORE_NEW_LINES) ?: [];
        return array_map(static fn (string $line): string => rtrim($line, "\r"), $lines);
    }

    private static function folder(string $variable, string $default): string
    {
        $folder = (string) getenv($variable);
        return $folder !== '' ? $folder : dirname(__DIR__, 2) . "/testdata/$default";
    }

    private static function existing(string $folder, string $file): string
    {
        $path = "$folder/$file";
        if (!is_file($path)) {
            throw new \RuntimeException("Test data not found: $path");
        }
        return $path;
    }
}
