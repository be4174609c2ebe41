<?php

declare(strict_types=1);

namespace UrlNormalize\Laravel\Tests;

use Illuminate\Foundation\Application;
use Illuminate\Foundation\Bootstrap\BootProviders;
use Illuminate\Foundation\Bootstrap\LoadConfiguration;
use Illuminate\Foundation\Bootstrap\RegisterProviders;
use Illuminate\Support\Facades\Artisan;
use Illuminate\Support\ServiceProvider;
use UrlNormalize\Laravel\Tests\Support\LaravelTestCase;
use UrlNormalize\Laravel\UrlNormalizeServiceProvider;
use UrlNormalize\UrlNormalizer;

/**
 * `php artisan vendor:publish` of the config and the translations, and the published config in
 * use.
 */
final class PublishTest extends LaravelTestCase
{
    public function testTheTagsNameTheFiles(): void
    {
        $app = $this->bootApp();

        self::assertSame(
            [self::packageDir() . '/config/url-normalize.php' => $app->configPath('url-normalize.php')],
            ServiceProvider::pathsToPublish(UrlNormalizeServiceProvider::class, 'url-normalize-config')
        );
        self::assertSame(
            [self::packageDir() . '/lang' => $app->langPath('vendor/url-normalize')],
            ServiceProvider::pathsToPublish(UrlNormalizeServiceProvider::class, 'url-normalize-lang')
        );
        self::assertContains('url-normalize-config', ServiceProvider::publishableGroups());
    }

    public function testVendorPublishCopiesTheConfig(): void
    {
        $app = $this->bootApp();
        $published = $app->configPath('url-normalize.php');
        self::assertFileDoesNotExist($published);

        self::assertSame(0, Artisan::call('vendor:publish', ['--tag' => 'url-normalize-config']));

        self::assertFileEquals(self::packageDir() . '/config/url-normalize.php', $published);
        // Publishing again keeps the application's copy.
        file_put_contents($published, "<?php\n\nreturn ['default' => ['strict' => true]];\n");
        self::assertSame(0, Artisan::call('vendor:publish', ['--tag' => 'url-normalize-config']));
        self::assertStringContainsString("'strict' => true", (string) file_get_contents($published));
    }

    public function testThePublishedConfigFileIsRead(): void
    {
        $app = $this->bootApp();
        Artisan::call('vendor:publish', ['--tag' => 'url-normalize-config']);
        $published = $app->configPath('url-normalize.php');
        file_put_contents($published, str_replace(
            "'block_private_hosts' => false,",
            "'block_private_hosts' => true,",
            (string) file_get_contents($published)
        ));

        // A second application on the same folder, as the next request would be.
        $second = require $app->bootstrapPath('app.php');
        self::assertInstanceOf(Application::class, $second);
        $second->bootstrapWith([LoadConfiguration::class, RegisterProviders::class, BootProviders::class]);
        self::assertTrue($second->make(UrlNormalizer::class)->getOptions()['block_private_hosts']);
        self::assertFalse($app->make(UrlNormalizer::class)->getOptions()['block_private_hosts']);
        $second->flush();
    }

    public function testVendorPublishCopiesTheTranslations(): void
    {
        $app = $this->bootApp();

        self::assertSame(0, Artisan::call('vendor:publish', ['--tag' => 'url-normalize-lang']));

        $published = $app->langPath('vendor/url-normalize/en/validation.php');
        self::assertFileEquals(self::packageDir() . '/lang/en/validation.php', $published);
        // The application's copy is the one read.
        file_put_contents($published, "<?php\n\nreturn ['normalizable_url' => 'Not a link: :attribute.'];\n");
        $app->make('translator')->setLoaded([]);
        $validator = $app->make('validator')->make(['link' => 'ftp://x.example/'], ['link' => 'normalizable_url']);
        self::assertSame(['link' => ['Not a link: link.']], $validator->errors()->toArray());
    }
}
