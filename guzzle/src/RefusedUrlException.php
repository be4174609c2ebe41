<?php

declare(strict_types=1);

namespace UrlNormalize\Guzzle;

use GuzzleHttp\Exception\RequestException;
use Psr\Http\Message\RequestInterface;
use UrlNormalize\ErrorKind;
use UrlNormalize\InvalidUrlException;

/**
 * A request that NormalizeUrlMiddleware refused to send: its URL (first request or redirect
 * hop) is one the normalizer refuses, or, under block_private_hosts, its host name resolves to
 * an address that is not public. Nothing of the request was sent.
 *
 * It is a Guzzle RequestException (so a GuzzleException and PSR-18's
 * RequestExceptionInterface): the request was invalid, no connection failed, so it is no
 * ConnectException. getRequest() is the request as the middleware received it; getPrevious()
 * is the url_normalize extension's InvalidUrlException, whose getKind() says why.
 */
final class RefusedUrlException extends RequestException
{
    /**
     * @param string|null $address the address the host resolved to, when that address was refused
     */
    public function __construct(
        string $message,
        RequestInterface $request,
        InvalidUrlException $previous,
        private readonly ?string $address = null
    ) {
        parent::__construct($message, $request, null, $previous);
    }

    /**
     * Why the URL was refused: the kind of the extension's exception (getPrevious()).
     *
     * Example: a redirect to http://127.0.0.1/ under block_private_hosts → ErrorKind::PrivateHost
     */
    public function getKind(): ErrorKind
    {
        return $this->getUrlException()->getKind();
    }

    /**
     * The extension's exception, as getPrevious() gives it, typed.
     */
    public function getUrlException(): InvalidUrlException
    {
        $previous = $this->getPrevious();
        \assert($previous instanceof InvalidUrlException);
        return $previous;
    }

    /**
     * The address the request's host name resolved to, when the refusal is about that address
     * (block_private_hosts); null when the URL itself was refused.
     *
     * Example: a host name that resolves to 10.0.0.5 → '10.0.0.5'
     */
    public function getAddress(): ?string
    {
        return $this->address;
    }
}
