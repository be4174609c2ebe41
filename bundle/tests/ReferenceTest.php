<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Tests;

use Symfony\Bundle\FrameworkBundle\Console\Application;
use Symfony\Component\Console\Tester\CommandTester;
use UrlNormalize\Bundle\Tests\Support\KernelTestCase;

/**
 * The configuration reference in docs/symfony.md is what `config:dump-reference url_normalize`
 * prints in a kernel with the bundle: it was pasted from there, and must follow the tree.
 */
final class ReferenceTest extends KernelTestCase
{
    public function testTheDocumentedReferenceIsTheCommandsOutput(): void
    {
        $doc = (string) file_get_contents(dirname(__DIR__, 2) . '/docs/symfony.md');
        $this->assertSame(
            1,
            preg_match('/^### Configuration reference\n.*?^```yaml\n(.*?)^```$/ms', $doc, $match),
            'docs/symfony.md has a "Configuration reference" heading followed by a yaml block'
        );

        $tester = new CommandTester((new Application($this->bootKernel()))->find('config:dump-reference'));
        $this->assertSame(0, $tester->execute(['name' => 'url_normalize']));

        $this->assertSame(rtrim($match[1]), rtrim($tester->getDisplay()));
    }
}
