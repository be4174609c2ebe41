<?php

declare(strict_types=1);

// The router of the loopback server of HttpClientTest (`php -S 127.0.0.1:PORT loopback-router.php`):
// each request's method, path and Host header is appended to the file named by LOOPBACK_LOG;
// /redirect?to=URL answers 302 to URL, anything else 200 with "hello".

file_put_contents(
    (string) getenv('LOOPBACK_LOG'),
    sprintf("%s %s %s\n", $_SERVER['REQUEST_METHOD'], $_SERVER['REQUEST_URI'], $_SERVER['HTTP_HOST'] ?? '-'),
    FILE_APPEND | LOCK_EX
);
if (parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) === '/redirect') {
    header('Location: ' . ($_GET['to'] ?? '/'), true, 302);
    return true;
}
echo 'hello';
return true;
