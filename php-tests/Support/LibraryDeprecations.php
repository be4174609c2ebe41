<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Support;

use PHPUnit\Util\ErrorHandler;

/**
 * The one difference between PHP versions that the tests tolerate: deprecation notices raised
 * in Debian's PHP libraries.
 *
 * Debian 12's PHPUnit 9.6, Monolog, Symfony and PHP-Parser (all under URL_NORMALIZE_PHP_LIBS) predate
 * PHP 8.4 and 8.5, which deprecate things they do (implicitly nullable parameters, for one).
 * Those notices say nothing about this extension, so they are dropped. Everything else, from
 * the extension, the tests or the test app, reaches PHPUnit's own error handler, built to turn
 * every notice, warning and deprecation into an exception: the test that caused it fails. (An
 * error handler set before the tests replaces PHPUnit's, so this one hands on to it.)
 */
final class LibraryDeprecations
{
    public static function register(): void
    {
        $phpunit = new ErrorHandler(true, true, true, true);
        set_error_handler(
            static function (int $number, string $message, string $file, int $line) use ($phpunit): bool {
                if (($number & (E_DEPRECATED | E_USER_DEPRECATED)) !== 0 && self::isLibrary($file)) {
                    return true;
                }
                return $phpunit($number, $message, $file, $line);
            }
        );
    }

    private static function isLibrary(string $file): bool
    {
        return str_starts_with($file, getenv('URL_NORMALIZE_PHP_LIBS') . '/');
    }
}
