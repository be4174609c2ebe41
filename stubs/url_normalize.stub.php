<?php

/**
 * Stubs of the url_normalize extension (`extension=url_normalize.so`).
 *
 * This file is the API's documentation; IDEs and static analysers read it. It is never
 * loaded by PHP itself. php-tests/StubTest.php holds it against the loaded extension.
 */

namespace UrlNormalize {
    /**
     * Thrown when a URL cannot be normalized or resolved (in strict mode for normalize()).
     *
     * The message names the input and the rule it broke:
     * Cannot normalize `https://exa mple.com/`: the host contains a character that is not
     * allowed in a host (host `exa mple.com`)
     *
     * Catch it as \InvalidArgumentException, or by its own name.
     */
    class InvalidUrlException extends \InvalidArgumentException
    {
    }

    /**
     * Normalizes URLs for HTTP requests and resolves links, as a browser does (WHATWG URL
     * Standard), natively. A drop-in for a userland UrlNormalizerService::normalize().
     *
     * Objects are immutable once constructed; one instance can serve a whole application.
     */
    final class UrlNormalizer
    {
        /**
         * Creates a normalizer with an optional PSR-3 logger and options.
         *
         * Options (unknown keys and wrongly typed values throw \InvalidArgumentException
         * naming the key):
         *
         * - `strict` (bool, default false): normalize() throws InvalidUrlException instead
         *   of returning an invalid input unchanged with a logged warning.
         *   Example: ['strict' => true]: normalize('https://exa mple.com/') → throws
         * - `default_scheme` (string, default 'https'): the scheme given to an input that
         *   has none; one of http, https, ws, wss, ftp.
         *   Example: ['default_scheme' => 'http']: normalize('example.com/x') → 'http://example.com/x'
         *
         * The logger receives debug('URL normalized for HTTP request', ['original' => ...,
         * 'normalized' => ...]) whenever normalize() changes a URL, and in lenient mode
         * warning('Failed to convert IDN to ASCII', ['host' => ..., 'url' => ..., 'reason' => ...])
         * or warning('Failed to parse URL for normalization', ['url' => ..., 'reason' => ...]).
         *
         * Example: new UrlNormalizer($logger, ['strict' => true])
         *
         * @param object|null $logger a Psr\Log\LoggerInterface, or any object with debug()
         *                            and warning() methods (or __call)
         * @param array{strict?: bool, default_scheme?: string} $options
         * @throws \InvalidArgumentException for an unknown option, a wrongly typed option
         *                                   value, or a logger without debug()/warning()
         */
        public function __construct(?object $logger = null, array $options = [])
        {
        }

        /**
         * Turns a URL into the form a browser would request, for an HTTP client or a crawl API.
         *
         * - A scheme-less input gets `https://` (example.com/x, //example.com/x,
         *   example.com:8080/x, localhost:3000); an input with a real scheme keeps it
         *   (http:, ftp:, mailto:, data:).
         * - The host goes to ASCII (UTS #46 non-transitional): コーヒー.jp → xn--tck2c4fb.jp,
         *   faß.de → xn--fa-hia.de; scheme and host are lowercased; a default port is dropped.
         * - Path, query and fragment: only what the URL Standard requires is percent-encoded
         *   (non-ASCII, space, controls, `"<>` and a few more). Existing `%XX` are kept as
         *   written (never encoded twice, never decoded), and `@ , ; : = ! $ ' ( ) * +`
         *   stay raw in paths.
         * - Bytes that are not UTF-8 are percent-encoded one by one in path, query and
         *   fragment; in the host they make the URL invalid.
         *
         * Examples:
         *   'https://example.com/café colombia'  → 'https://example.com/caf%C3%A9%20colombia'
         *   'https://コーヒー.jp/products/natural' → 'https://xn--tck2c4fb.jp/products/natural'
         *   'example.com/caf%C3%A9?q=%26'        → 'https://example.com/caf%C3%A9?q=%26'
         *   'https://example.com/@user'          → 'https://example.com/@user'
         *
         * An input that cannot be parsed is returned unchanged and a warning is logged; with
         * the option `strict` it throws instead.
         *
         * @param string $url the URL as stored (bytes; UTF-8 or not)
         * @return string the normalized URL, or in lenient mode the input when it is invalid
         * @throws InvalidUrlException in strict mode, when the URL cannot be parsed or its
         *                             host fails IDNA
         * @see https://url.spec.whatwg.org/#url-serializing
         */
        public function normalize(string $url): string
        {
        }

        /**
         * Resolves a link the way a browser does, then normalizes the result.
         *
         * `../`, `./`, `//host/p`, `?q`, `#f` and absolute links work as in a browser;
         * surrounding whitespace and inner tabs and newlines are removed; `\` is read as `/`
         * for http(s). The base must be absolute: the page's URL after redirects.
         *
         * Example: resolve('../docker-deployment', 'https://docs.crawl4ai.com/core/quickstart')
         *          → 'https://docs.crawl4ai.com/docker-deployment'
         * Example: resolve('../docker-deployment', 'https://docs.crawl4ai.com/core/quickstart', true)
         *          → 'https://docs.crawl4ai.com/core/docker-deployment'
         *
         * @param string $href the link as written in the page
         * @param string $base the absolute URL of the page, after redirects
         * @param bool $baseIsDirectory read the base's last path segment as a directory, as
         *                              if the base ended in `/` (its query is kept); use it
         *                              when the page was really served at `.../quickstart/`
         * @throws InvalidUrlException when $base is not an absolute URL or the resolved URL
         *                             is invalid (e.g. a bad host or port in $href)
         * @see https://url.spec.whatwg.org/#concept-basic-url-parser
         */
        public function resolve(string $href, string $base, bool $baseIsDirectory = false): string
        {
        }
    }
}
