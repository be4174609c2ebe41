<?php

declare(strict_types=1);

// `php artisan` for WithoutExtensionTest, in a PHP process of its own: the application in
// BASE_PATH (made by LaravelTestCase::makeAppFolder()) runs the command of the arguments through
// its console kernel, every bootstrapper included, as an application's artisan does.
//
//   php artisan.php BASE_PATH COMMAND [ARGUMENT...]
//
// The first line printed says whether the url_normalize extension is loaded; the exit status is
// the command's.

use Illuminate\Contracts\Console\Kernel;
use Illuminate\Foundation\Application;
use Symfony\Component\Console\Input\ArgvInput;
use Symfony\Component\Console\Output\ConsoleOutput;

require dirname(__DIR__, 3) . '/php-tests/app/autoload.php';

$base = $argv[1];
echo 'extension loaded: ', extension_loaded('url_normalize') ? 'yes' : 'no', "\n";
$app = require "$base/bootstrap/app.php";
\assert($app instanceof Application);
$kernel = $app->make(Kernel::class);
$status = $kernel->handle(new ArgvInput(['artisan', ...array_slice($argv, 2)]), new ConsoleOutput());
$kernel->terminate(new ArgvInput(['artisan', ...array_slice($argv, 2)]), $status);
exit($status);
