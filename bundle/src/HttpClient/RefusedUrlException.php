<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\HttpClient;

use Symfony\Contracts\HttpClient\Exception\TransportExceptionInterface;

/**
 * A request NormalizingHttpClient did not send: its URL, a redirect's Location, or the address
 * its host resolves to is one the normalizer refuses, or the URL is relative and there is no
 * base URI to resolve it against.
 *
 * It is a TransportExceptionInterface, so `catch (TransportExceptionInterface $e)` around a
 * request catches it as it catches a connection that failed. getPrevious() is the
 * normalizer's InvalidUrlException when the normalizer refused a URL or an address, null for a
 * relative URL without a base URI.
 */
final class RefusedUrlException extends \RuntimeException implements TransportExceptionInterface
{
}
