<?php

declare(strict_types=1);

namespace UrlNormalize\Tests;

use PHPUnit\Framework\TestCase;

/**
 * The stubs package (stubs/, url-normalize/url-normalize-stubs): its PHPStan include names
 * files the package has, and it loads nothing at run time. StubTest holds the stub itself
 * against the extension.
 */
final class StubsPackageTest extends TestCase
{
    private const PACKAGE = __DIR__ . '/../stubs';

    public function testThePhpstanIncludeNamesTheStub(): void
    {
        $composer = json_decode((string) file_get_contents(self::PACKAGE . '/composer.json'), true);
        $this->assertIsArray($composer);
        $this->assertSame('url-normalize/url-normalize-stubs', $composer['name']);
        $this->assertArrayNotHasKey('autoload', $composer, 'stubs must never be loaded by PHP');
        $includes = $composer['extra']['phpstan']['includes'] ?? [];
        $this->assertSame(['extension.neon'], $includes);
        $neon = (string) file_get_contents(self::PACKAGE . '/' . $includes[0]);
        $this->assertSame(1, preg_match_all('/^\s*scanFiles:\s*\n\s*-\s*(\S+)/m', $neon, $scan));
        $this->assertSame(1, preg_match_all('/^\s*stubFiles:\s*\n\s*-\s*(\S+)/m', $neon, $stub));
        foreach ([$scan[1][0], $stub[1][0]] as $file) {
            $this->assertSame('url_normalize.stub.php', $file);
            $this->assertFileExists(self::PACKAGE . '/' . $file);
        }
    }
}
