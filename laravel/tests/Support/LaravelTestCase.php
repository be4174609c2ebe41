<?php

declare(strict_types=1);

namespace UrlNormalize\Laravel\Tests\Support;

use Illuminate\Container\Container;
use Illuminate\Foundation\Application;
use Illuminate\Foundation\Bootstrap\BootProviders;
use Illuminate\Foundation\Bootstrap\LoadConfiguration;
use Illuminate\Foundation\Bootstrap\LoadEnvironmentVariables;
use Illuminate\Foundation\Bootstrap\RegisterFacades;
use Illuminate\Foundation\Bootstrap\RegisterProviders;
use Illuminate\Foundation\Bootstrap\SetRequestForConsole;
use Illuminate\Support\Facades\Facade;
use PHPUnit\Framework\TestCase;

/**
 * Boots a real Laravel application per test, as `php artisan` does (Testbench, which does this
 * for packages, is not in Debian), in a folder of its own that is deleted afterwards:
 *
 * - vendor/composer/installed.json lists this package, with its composer.json's extra.laravel,
 *   so that the service provider and the facade come from package discovery, as in an
 *   application;
 * - bootstrap/app.php makes the application, as in every Laravel 11+ application;
 * - config/*.php holds the config files the test gives (var_export()ed);
 * - the console kernel's bootstrappers run, but HandleExceptions, which would replace PHPUnit's
 *   error handler (the one that fails a test on any notice, warning or deprecation).
 */
abstract class LaravelTestCase extends TestCase
{
    /** The bootstrappers of Illuminate\Foundation\Console\Kernel, HandleExceptions left out. */
    private const BOOTSTRAPPERS = [
        LoadEnvironmentVariables::class,
        LoadConfiguration::class,
        RegisterFacades::class,
        SetRequestForConsole::class,
        RegisterProviders::class,
        BootProviders::class,
    ];

    protected ?Application $app = null;

    private ?string $basePath = null;

    /**
     * Forgets the application and deletes its folder.
     */
    protected function tearDown(): void
    {
        Facade::clearResolvedInstances();
        Facade::setFacadeApplication(null);
        $this->app?->flush();
        $this->app = null;
        Container::setInstance(null);
        if ($this->basePath !== null) {
            self::remove($this->basePath);
            $this->basePath = null;
        }
    }

    /**
     * A booted application whose config/ holds $configFiles, e.g. ['url-normalize' => [...]];
     * without `url-normalize`, the package's own config applies.
     *
     * @param array<string, array<string, mixed>> $configFiles config by file name
     */
    protected function bootApp(array $configFiles = []): Application
    {
        $base = $this->makeAppFolder($configFiles);
        // bootstrap/app.php; withExceptions() binds the exception handler.
        $app = require "$base/bootstrap/app.php";
        \assert($app instanceof Application);
        $this->app = $app;
        $app->bootstrapWith(self::BOOTSTRAPPERS);
        return $app;
    }

    /**
     * The application's folder, made for this test, with what bootApp() describes.
     *
     * @param array<string, array<string, mixed>> $configFiles config by file name
     */
    protected function makeAppFolder(array $configFiles = []): string
    {
        $base = $this->basePath();
        $dirs = ['bootstrap/cache', 'config', 'lang', 'storage/logs', 'storage/framework/views', 'vendor/composer'];
        foreach ($dirs as $dir) {
            mkdir("$base/$dir", 0777, true);
        }
        $composerJson = (string) file_get_contents(self::packageDir() . '/composer.json');
        $package = json_decode($composerJson, true, 512, JSON_THROW_ON_ERROR);
        $package['version'] = 'dev-main';
        $package['install-path'] = self::packageDir();
        file_put_contents(
            "$base/vendor/composer/installed.json",
            json_encode(['packages' => [$package], 'dev' => true], JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR)
        );
        // An application's bootstrap/app.php, which config:cache requires again.
        file_put_contents("$base/bootstrap/app.php", <<<'PHP'
            <?php

            return Illuminate\Foundation\Application::configure(dirname(__DIR__))->withExceptions()->create();

            PHP);
        $configFiles += ['app' => []];
        $configFiles['app'] += ['env' => 'testing'];
        foreach ($configFiles as $name => $config) {
            file_put_contents("$base/config/$name.php", "<?php\n\nreturn " . var_export($config, true) . ";\n");
        }
        return $base;
    }

    /**
     * The application's folder, made for this test.
     */
    protected function basePath(): string
    {
        if ($this->basePath === null) {
            $this->basePath = sys_get_temp_dir() . '/url-normalize-laravel-' . bin2hex(random_bytes(6));
            mkdir($this->basePath);
        }
        return $this->basePath;
    }

    /**
     * The package's folder (laravel/).
     */
    protected static function packageDir(): string
    {
        return \dirname(__DIR__, 2);
    }

    /**
     * Deletes a folder and what it holds.
     */
    private static function remove(string $path): void
    {
        if (is_dir($path) && !is_link($path)) {
            foreach (scandir($path) ?: [] as $entry) {
                if ($entry !== '.' && $entry !== '..') {
                    self::remove("$path/$entry");
                }
            }
            rmdir($path);
        } elseif (file_exists($path) || is_link($path)) {
            unlink($path);
        }
    }
}
