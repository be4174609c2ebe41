<?php

declare(strict_types=1);

/*
 * url_normalize: the normalizers of the application.
 *
 * `default` is the one the container gives for UrlNormalize\UrlNormalizer and
 * UrlNormalize\UrlNormalizerInterface; each entry of `normalizers` is another one, by name:
 * UrlNormalizers::get('crawler'), app('url-normalize')->normalizer('crawler'). A named
 * normalizer starts from the extension's defaults, not from `default`.
 *
 * Every key of a normalizer is an option of the extension (see its stubs, UrlNormalizer's
 * constructor). An option left out or set to null keeps the extension's default. A normalizer is
 * constructed the first time it is used: a wrong option is reported then, naming its key here.
 */

return [
    /*
     * The PSR-3 logger of every normalizer: false, none; true, the application's logger (its
     * default channel); a string, that channel of config/logging.php. A normalizer logs a debug
     * record for each URL normalize() changes, and in lenient mode a warning for each URL it
     * cannot parse.
     */
    'logger' => env('URL_NORMALIZE_LOGGER', false),

    'default' => [
        // Throw UrlNormalize\InvalidUrlException for an invalid URL, instead of returning it
        // unchanged with a logged warning.
        'strict' => false,

        // The scheme given to an input without one: http, https, ws, wss or ftp (null: https).
        'default_scheme' => null,

        // The schemes accepted, e.g. ['http', 'https'] (null: any). A URL with another scheme is
        // invalid in every method.
        'allowed_schemes' => null,

        // The hosts accepted: 'example.com' is that host, '*.example.com' its subdomains
        // (null: any).
        'allowed_hosts' => null,

        // Refuse loopback, private, link-local and other addresses that are not globally
        // reachable, in any form (0x7f.1, 2130706433, [::ffff:127.0.0.1]), localhost, and URLs
        // without a host. Names are not resolved.
        'block_private_hosts' => false,

        // The longest input, in bytes, and the longest URL or key returned (null: 2 MiB).
        'max_length' => null,

        // The Public Suffix List's sections that registrableDomain(), publicSuffix() and
        // sameSite() use: 'all' (null, as browsers do) or 'icann'.
        'public_suffixes' => null,

        // Show a URL's password in log records and exception messages instead of `***`.
        'log_credentials' => false,

        // canonicalize(), fingerprint() and surt(): query parameters removed whatever the flags
        // (names or `*` globs, case-insensitive), e.g. ['page*'].
        'remove_query_parameters' => null,

        // The tracking parameters that REMOVE_TRACKING_PARAMETERS removes: a list that replaces
        // the built-in one, or names added to it.
        'tracking_parameters' => null,
        'extra_tracking_parameters' => null,

        // The directory indexes that REMOVE_DIRECTORY_INDEX removes (regular expressions matched
        // case-insensitively against the last path segment): a list that replaces the built-in
        // one (index.html, index.php, default.aspx, ...), or ones added to it.
        'directory_indexes' => null,
        'extra_directory_indexes' => null,
    ],

    /*
     * More normalizers, by name, each with the options above:
     *
     *     'crawler' => ['strict' => true, 'allowed_schemes' => ['http', 'https'],
     *         'block_private_hosts' => true, 'extra_tracking_parameters' => ['ref']],
     */
    'normalizers' => [
    ],

    /*
     * The Http facade's client. With `middleware` true, every request's URL is normalized by the
     * normalizer named in `normalizer` (null: default) before it is sent, redirects included,
     * and a URL that normalizer refuses (its allowed_schemes, allowed_hosts,
     * block_private_hosts, max_length, or no valid URL at all) is not sent:
     * UrlNormalize\Laravel\Http\RefusedUrlException is thrown instead, in either mode.
     */
    'http_client' => [
        'middleware' => env('URL_NORMALIZE_HTTP_MIDDLEWARE', false),
        'normalizer' => null,
    ],
];
