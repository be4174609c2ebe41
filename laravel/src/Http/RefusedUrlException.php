<?php

declare(strict_types=1);

namespace UrlNormalize\Laravel\Http;

use GuzzleHttp\Exception\GuzzleException;

/**
 * A request of the Http client that was not sent: its URL, or the Location of a redirect, is
 * one the normalizer of url-normalize.http_client refuses, or has no scheme.
 *
 * It is thrown by the request (Http::get() and the like) before anything is sent, and is a
 * GuzzleException, so `catch (GuzzleException $e)` catches it. It is no TransferException: Laravel's
 * Http client neither records it as a request sent (Http::assertNothingSent() holds) nor turns it
 * into a ConnectionException. getPrevious() is the normalizer's UrlNormalize\InvalidUrlException when
 * the normalizer refused the URL.
 */
final class RefusedUrlException extends \RuntimeException implements GuzzleException
{
}
