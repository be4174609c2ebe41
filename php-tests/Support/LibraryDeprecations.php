<?php

declare(strict_types=1);

namespace UrlNormalize\Tests\Support;

use PHPUnit\Framework\Error\Deprecated;
use PHPUnit\Util\ErrorHandler;
use Symfony\Component\HttpKernel\Kernel;

/**
 * What the tests do with deprecation notices.
 *
 * On Symfony 7.4 and later (the bundle's suite on Debian's Symfony 7.4 and 8.1), every
 * deprecation fails the test that raised it: Symfony's own (trigger_deprecation(), which
 * raises silenced E_USER_DEPRECATED notices that PHPUnit 9.6 would not see), PHP's, the
 * bundle's. Only PHPUnit's own files, which predate PHP 8.4, are let through.
 *
 * On the older libraries (Debian 12's PHPUnit 9.6, Monolog, Symfony 5.4 and PHP-Parser, all
 * under URL_NORMALIZE_PHP_LIBS, or Debian 13's Symfony 6.4), deprecation notices raised in those
 * libraries are dropped: they predate PHP 8.4 and 8.5, which deprecate things they do
 * (implicitly nullable parameters, for one), and say nothing about this extension.
 *
 * Everything else, from the extension, the tests or the test app, reaches PHPUnit's own error
 * handler, built to turn every notice, warning and deprecation into an exception: the test that
 * caused it fails. (An error handler set before the tests replaces PHPUnit's, so this one hands
 * on to it.)
 */
final class LibraryDeprecations
{
    /**
     * The test runner's own libraries, whose notices are never the code under test's: PHPUnit
     * and what it depends on (PHP-Parser through sebastian/complexity and lines-of-code, which
     * FrameworkBundle 8.1 also probes for with interface_exists()).
     */
    private const TEST_RUNNER = ['PHPUnit/', 'SebastianBergmann/', 'PharIo/', 'TheSeer/', 'DeepCopy/',
        'Doctrine/Instantiator/', 'PhpParser/'];

    public static function register(): void
    {
        $phpunit = new ErrorHandler(true, true, true, true);
        set_error_handler(
            static function (int $number, string $message, string $file, int $line) use ($phpunit): bool {
                if (($number & (E_DEPRECATED | E_USER_DEPRECATED)) !== 0) {
                    if (!self::isReported($file)) {
                        return true;
                    }
                    if (self::strict()) {
                        // Silenced or not: trigger_deprecation() silences its notices.
                        throw new Deprecated($message, $number, $file, $line);
                    }
                }
                return $phpunit($number, $message, $file, $line);
            }
        );
    }

    /**
     * Whether every deprecation fails, as on Symfony 7.4 and later.
     */
    public static function strict(): bool
    {
        static $strict = null;
        return $strict ??= class_exists(Kernel::class) && Kernel::VERSION_ID >= 70400;
    }

    /**
     * Whether a deprecation raised in $file counts: always but in the test runner's files when
     * strict(), else only outside the libraries.
     */
    public static function isReported(string $file): bool
    {
        $libraries = getenv('URL_NORMALIZE_PHP_LIBS') . '/';
        if (!str_starts_with($file, $libraries)) {
            return true;
        }
        if (!self::strict()) {
            return false;
        }
        $relative = substr($file, strlen($libraries));
        foreach (self::TEST_RUNNER as $prefix) {
            if (str_starts_with($relative, $prefix)) {
                return false;
            }
        }
        return true;
    }
}
