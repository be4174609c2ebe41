<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Tests;

use PHPUnit\Framework\TestCase;

/**
 * The container compiles in a PHP without the url_normalize extension, as in the Composer stage
 * of a multi-stage Docker build (`composer install --ignore-platform-req=ext-url_normalize`,
 * then `bin/console cache:warmup`, whose work Support/boot-kernel.php does), and the options
 * are then checked where the extension is loaded, when a normalizer is first used.
 *
 * Group subprocess: it starts PHP_BINARY without the extension (Support/boot-kernel.php).
 *
 * @group subprocess
 */
final class WithoutExtensionTest extends TestCase
{
    private string $cacheRoot;

    protected function setUp(): void
    {
        $this->cacheRoot = sys_get_temp_dir() . '/url-normalize-no-extension-' . bin2hex(random_bytes(8));
    }

    protected function tearDown(): void
    {
        if (is_dir($this->cacheRoot)) {
            $entries = new \RecursiveIteratorIterator(
                new \RecursiveDirectoryIterator($this->cacheRoot, \FilesystemIterator::SKIP_DOTS),
                \RecursiveIteratorIterator::CHILD_FIRST
            );
            foreach ($entries as $entry) {
                \assert($entry instanceof \SplFileInfo);
                $entry->isDir() && !$entry->isLink() ? rmdir($entry->getPathname()) : unlink($entry->getPathname());
            }
            rmdir($this->cacheRoot);
        }
    }

    public function testTheContainerCompilesWithoutTheExtensionAndTheNormalizerWorksWithIt(): void
    {
        $config = ['default' => ['allowed_schemes' => ['http', 'https']]];

        $this->assertSame(
            "extension loaded: no\ncache warmed up\n"
                . "services: url_normalize.normalizer.default url_normalize.normalizer_locator\n",
            $this->boot(false, $config, 'warmup')
        );
        // The same cache, in a PHP with the extension: the normalizer has its options.
        $this->assertSame(
            "extension loaded: yes\nnormalize: https://xn--tck2c4fb.jp/caf%C3%A9\n",
            $this->boot(true, $config, 'use', 'コーヒー.jp/café')
        );
    }

    public function testOptionsTheExtensionRefusesAreRefusedAtFirstUse(): void
    {
        // default_scheme outside allowed_schemes: a compile-time error where the extension is
        // loaded (ConfigurationTest); without it, the container compiles.
        $config = ['default' => ['default_scheme' => 'http', 'allowed_schemes' => ['https']]];

        $this->assertStringStartsWith(
            "extension loaded: no\ncache warmed up\n",
            $this->boot(false, $config, 'warmup')
        );
        $used = $this->boot(true, $config, 'use', 'example.com/');
        $this->assertStringStartsWith(
            "extension loaded: yes\nUrlNormalize\\InvalidOptionException: Option `default_scheme`",
            $used
        );
    }

    public function testScopeEntriesAreCheckedWhereTheExtensionIsLoaded(): void
    {
        $docs = ['include' => ['site:example.com'], 'exclude' => ['prefix:https://example.com/private/']];
        $config = ['scopes' => ['docs' => $docs]];
        $this->assertStringStartsWith(
            "extension loaded: no\ncache warmed up\n",
            $this->boot(false, $config, 'warmup')
        );
        // The same cache, in a PHP with the extension: the scope has its entries.
        $this->assertSame(
            "extension loaded: yes\ncontains: yes\n",
            $this->boot(true, $config, 'scope', 'docs', 'https://www.example.com/a')
        );
        $this->assertSame(
            "extension loaded: yes\ncontains: no\n",
            $this->boot(true, $config, 'scope', 'docs', 'https://example.com/private/x')
        );

        // An entry the extension refuses: without it, the container compiles, and the scope
        // throws when first used; with it, the container does not compile.
        $this->tearDown();
        $bad = ['scopes' => ['docs' => ['include' => ['place:example.com']]]];
        $this->assertStringStartsWith("extension loaded: no\ncache warmed up\n", $this->boot(false, $bad, 'warmup'));
        $this->assertStringStartsWith(
            "extension loaded: yes\nInvalidArgumentException: ",
            $this->boot(true, $bad, 'scope', 'docs', 'https://example.com/')
        );
        $this->tearDown();
        $this->assertStringStartsWith(
            "extension loaded: yes\nSymfony\\Component\\Config\\Definition\\Exception\\InvalidConfigurationException: "
                . 'Invalid configuration for path "url_normalize.scopes.docs"',
            $this->boot(true, $bad, 'warmup')
        );
    }

    /**
     * The output of Support/boot-kernel.php in PHP_BINARY, with or without the extension.
     *
     * @param array<string, mixed> $config the url_normalize config
     */
    private function boot(bool $extension, array $config, string $mode, string ...$arguments): string
    {
        $command = [PHP_BINARY];
        if ($extension) {
            $command[] = '-d';
            $command[] = 'extension=' . (getenv('URL_NORMALIZE_EXTENSION')
                ?: dirname(__DIR__, 2) . '/target/release/liburl_normalize.so');
        }
        $command = [
            ...$command,
            '-d',
            'display_errors=stderr',
            __DIR__ . '/Support/boot-kernel.php',
            $this->cacheRoot,
            json_encode($config, JSON_THROW_ON_ERROR),
            $mode,
            ...$arguments,
        ];
        $process = proc_open($command, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
        $this->assertIsResource($process);
        $stdout = (string) stream_get_contents($pipes[1]);
        $stderr = (string) stream_get_contents($pipes[2]);
        $this->assertSame(0, proc_close($process), $stdout . $stderr);
        $this->assertSame('', $stderr);
        return $stdout;
    }
}
