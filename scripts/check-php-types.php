<?php

declare(strict_types=1);

// QA check: every function, method, closure and arrow function in the given PHP files
// declares a type for each parameter and a return type (constructors and destructors have
// none by definition). PHP_CodeSniffer has no such sniff, so this walks the syntax tree with
// nikic/php-parser (Debian php-parser, a PHPUnit dependency).
//
//   php scripts/check-php-types.php FILE...      exit status 1 and one line per gap if any

use PhpParser\Node;
use PhpParser\NodeTraverser;
use PhpParser\NodeVisitorAbstract;
use PhpParser\ParserFactory;

require __DIR__ . '/../php-tests/app/autoload.php';
require getenv('URL_NORMALIZE_PHP_LIBS') . '/PhpParser/autoload.php';

$untyped = new class extends NodeVisitorAbstract {
    /** @var list<string> */
    public array $gaps = [];
    public string $file = '';

    public function enterNode(Node $node): ?int
    {
        if (!$node instanceof Node\FunctionLike) {
            return null;
        }
        $name = match (true) {
            $node instanceof Node\Stmt\ClassMethod, $node instanceof Node\Stmt\Function_ => $node->name->toString(),
            $node instanceof Node\Expr\ArrowFunction => 'fn',
            default => 'function',
        };
        $where = sprintf('%s:%d %s()', $this->file, $node->getStartLine(), $name);
        foreach ($node->getParams() as $param) {
            if ($param->type === null) {
                $variable = $param->var instanceof Node\Expr\Variable ? (string) $param->var->name : '?';
                $this->gaps[] = "$where: parameter \$$variable has no type";
            }
        }
        if ($node->getReturnType() === null && !in_array(strtolower($name), ['__construct', '__destruct'], true)) {
            $this->gaps[] = "$where: no return type";
        }
        return null;
    }
};

$parser = (new ParserFactory())->create(ParserFactory::PREFER_PHP7);
$traverser = new NodeTraverser();
$traverser->addVisitor($untyped);
foreach (array_slice($argv, 1) as $file) {
    $untyped->file = $file;
    $traverser->traverse($parser->parse((string) file_get_contents($file)) ?? []);
}

foreach ($untyped->gaps as $gap) {
    fwrite(STDERR, "$gap\n");
}
$verdict = $untyped->gaps === [] ? 'every parameter and return is typed' : count($untyped->gaps) . ' gaps';
printf("%d PHP files: %s\n", count($argv) - 1, $verdict);
exit($untyped->gaps === [] ? 0 : 1);
