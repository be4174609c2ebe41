<?php

/**
 * Stubs of the url_normalize extension (`extension=url_normalize.so`).
 *
 * This file is the API's documentation; IDEs and static analysers read it. It is never
 * loaded by PHP itself. php-tests/StubTest.php holds it against the loaded extension.
 */

namespace UrlNormalize {
    /**
     * Why a URL was refused: the kind of an InvalidUrlException (getKind()). Each case's value
     * is a stable name, and the exception's getCode() a stable number per case; new cases may
     * come in minor versions, existing ones never change.
     *
     * Example: $e->getKind() === ErrorKind::PrivateHost, $e->getKind()->value === 'private-host'
     */
    enum ErrorKind: string
    {
        /**
         * Nothing is left once leading and trailing spaces and control characters are removed. Code 1.
         *
         * Example: normalize('  ') → throws in strict mode
         */
        case EmptyInput = 'empty-input';

        /**
         * A relative reference (/path, ../x, ?q): there is no host to put it on. Code 2.
         *
         * Example: normalize('../x') → throws in strict mode
         */
        case RelativeReference = 'relative-reference';

        /**
         * A special URL with an empty host, or credentials or a port with no host after them. Code 3.
         *
         * Example: normalize('https://u@/x') → throws in strict mode (but https:///a.com is https://a.com/)
         */
        case EmptyHost = 'empty-host';

        /**
         * The host failed UTS #46 (IDNA): a bidi or joiner rule, or a disallowed code point. Code 4.
         *
         * Example: normalize("https://a\u{200D}b.com/") (a zero-width joiner) → throws in strict mode
         */
        case InvalidDomain = 'invalid-domain';

        /**
         * The host contains a character no host may hold, such as a space, `<` or `^`. Code 5.
         *
         * Example: normalize('https://exa mple.com/') → throws in strict mode
         */
        case ForbiddenHostCodePoint = 'forbidden-host-code-point';

        /**
         * The port is not a number from 0 to 65535. Code 6.
         *
         * Example: normalize('https://a.com:99999/') → throws in strict mode
         */
        case InvalidPort = 'invalid-port';

        /**
         * The host ends in a number but is not a valid IPv4 address. Code 7.
         *
         * Example: normalize('http://1.2.3.256/') → throws in strict mode
         */
        case InvalidIpv4 = 'invalid-ipv4';

        /**
         * The host is written in brackets but is not a valid IPv6 address. Code 8.
         *
         * Example: normalize('http://[::1::]/') → throws in strict mode
         */
        case InvalidIpv6 = 'invalid-ipv6';

        /**
         * The base has an opaque path (mailto:, data:): only a fragment resolves against it. Code 9.
         *
         * Example: resolve('x', 'mailto:a@b.c') → throws
         */
        case BaseWithOpaquePath = 'base-with-opaque-path';

        /**
         * The URL is longer than 4 GiB. Code 10.
         *
         * Example: a 5 GiB string → throws in strict mode
         */
        case TooLong = 'too-long';

        /**
         * The input is longer than the max_length option. Code 11.
         *
         * Example: ['max_length' => 20]: normalize('https://example.com/abcdef') → throws in strict mode
         */
        case InputTooLong = 'input-too-long';

        /**
         * The scheme is not one of allowed_schemes; getScheme() names it. Code 12.
         *
         * Example: ['allowed_schemes' => ['https']]: normalize('ftp://a.com/') → throws in strict mode
         */
        case DisallowedScheme = 'disallowed-scheme';

        /**
         * The host is not one of allowed_hosts (or there is none); getHost() names it. Code 13.
         *
         * Example: ['allowed_hosts' => ['a.com']]: normalize('https://b.com/') → throws in strict mode
         */
        case DisallowedHost = 'disallowed-host';

        /**
         * The host is not public, or there is none, under block_private_hosts; getHost() names it. Code 14.
         *
         * Example: ['block_private_hosts' => true]: normalize('http://127.1/') → throws in strict mode
         */
        case PrivateHost = 'private-host';

        /**
         * The parser refused the URL for a reason this version does not name (and the kind of an
         * exception made by userland new, whose code is the one given). Code 15.
         *
         * Example: new InvalidUrlException('x') → getKind() is ErrorKind::Invalid
         */
        case Invalid = 'invalid';

        /**
         * The URL or key a method would return is longer than the max_length option. Code 16.
         *
         * Example: ['max_length' => 30]: normalize('https://a.com/éééééé') → throws in strict mode (50 bytes)
         */
        case ResultTooLong = 'result-too-long';
    }

    /**
     * Thrown when a URL cannot be processed: by every method in strict mode, and by resolve()
     * and hostType() in both modes.
     *
     * The message names the input and the rule it broke:
     * Cannot normalize `https://exa mple.com/`: the host contains a character that is not
     * allowed in a host (host `exa mple.com`)
     *
     * Its data says the same to a program: getKind() (an ErrorKind), getCode() (the kind's
     * number), getInput(), getHost() and getScheme(). Catch it as \InvalidArgumentException,
     * or by its own name.
     */
    class InvalidUrlException extends \InvalidArgumentException
    {
        /**
         * Why the URL was refused.
         *
         * Example: normalize('http://127.1/') with block_private_hosts → ErrorKind::PrivateHost
         */
        public function getKind(): ErrorKind
        {
        }

        /**
         * The URL at fault (the base, when resolve()'s base is invalid), its password shown as
         * `***` unless the option log_credentials is set; every other byte as given.
         *
         * Example: normalize('https://joe:s3cret@exa mple.com/') → 'https://joe:***@exa mple.com/'
         */
        public function getInput(): string
        {
        }

        /**
         * The host at fault, as written in the input, for the kinds that concern the host
         * (EmptyHost, InvalidDomain, ForbiddenHostCodePoint, InvalidIpv4, InvalidIpv6,
         * DisallowedHost, PrivateHost); null for the others.
         *
         * Example: normalize('https://exa mple.com/') → 'exa mple.com'
         */
        public function getHost(): ?string
        {
        }

        /**
         * The scheme that allowed_schemes refused (DisallowedScheme); null for other kinds.
         *
         * Example: ['allowed_schemes' => ['https']]: normalize('ftp://a.com/') → 'ftp'
         */
        public function getScheme(): ?string
        {
        }
    }

    /**
     * Thrown by the constructor for an option it cannot take: an unknown key (with a
     * did-you-mean when one key is within two edits), a value of the wrong type or range.
     *
     * Example: new UrlNormalizer(null, ['stict' => true]) → Option `stict` is unknown; did you
     *          mean `strict`? known options: ...
     */
    class InvalidOptionException extends \InvalidArgumentException
    {
        /**
         * The key of the option at fault, as given; null when the array has a key that is no
         * string.
         *
         * Example: new UrlNormalizer(null, ['max_length' => 0]) → 'max_length'
         */
        public function getOptionKey(): ?string
        {
        }
    }

    /**
     * What UrlNormalizer does, as a type: take it in constructors, and give tests a double.
     * UrlNormalizer is final and implements it; its methods' documentation is the reference.
     *
     * Example: public function __construct(private UrlNormalizerInterface $urls) {}
     */
    interface UrlNormalizerInterface
    {
        /**
         * See UrlNormalizer::getOptions().
         *
         * Example: getOptions()['strict'] → false
         *
         * @return array<string, mixed>
         */
        public function getOptions(): array;

        /**
         * See UrlNormalizer::normalize().
         *
         * Example: normalize('https://example.com/café colombia') → 'https://example.com/caf%C3%A9%20colombia'
         *
         * @param string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url the URL as stored (bytes;
         *        UTF-8 or not), or an object that gives it: any Stringable (a PSR-7 UriInterface),
         *        a Uri\WhatWg\Url (its toAsciiString()) or a Uri\Rfc3986\Uri (its toRawString())
         * @return string the normalized URL, or in lenient mode the input when it is invalid
         * @throws InvalidUrlException in strict mode, when the URL cannot be parsed or its
         *                             host fails IDNA
         */
        public function normalize(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url
        ): string;

        /**
         * See UrlNormalizer::normalizeMany().
         *
         * Example: normalizeMany(['a' => 'HTTPS://Example.com', 7 => 'https://x.com/café'])
         *
         * @template TKey of array-key
         * @param array<TKey, string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri> $urls URLs as stored, under
         *        any keys, each given as normalize() takes it
         * @return array<TKey, string> the same keys, each with its normalized URL
         * @throws \TypeError when an element is no URL, naming its key
         * @throws InvalidUrlException in strict mode, naming the key of the first invalid URL
         */
        public function normalizeMany(#[\SensitiveParameter] array $urls): array;

        /**
         * See UrlNormalizer::resolve().
         *
         * Example: resolve('../docker-deployment', 'https://docs.crawl4ai.com/core/quickstart')
         *
         * @param string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $href the link as written in the page
         * @param string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $base the page's absolute URL, after redirects
         * @param bool $baseIsDirectory read the base's last path segment as a directory, as
         *                              if the base ended in `/` (its query is kept); use it
         *                              when the page was really served at `.../quickstart/`.
         *                              It applies to every hierarchical path, with a host or
         *                              not (`foo:/p/q`, `file:///dir/page`), and not to an
         *                              opaque path (`mailto:x`), which has no directories
         * @throws InvalidUrlException when $base is not an absolute URL or the resolved URL
         *                             is invalid (e.g. a bad host or port in $href)
         */
        public function resolve(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $href,
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $base,
            bool $baseIsDirectory = false
        ): string;

        /**
         * See UrlNormalizer::resolveMany().
         *
         * Example: resolveMany(['nav' => '../about', 3 => '#top'], 'https://a.com/docs/page')
         *
         * @template TKey of array-key
         * @param array<TKey, string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri> $hrefs the links as written in
         *        the page
         * @param string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $base the page's absolute URL, after redirects
         * @param bool $baseIsDirectory as for resolve()
         * @return array<TKey, string> the same keys, each with its absolute URL
         * @throws \TypeError when an element is no URL, naming its key
         * @throws InvalidUrlException when $base is not an absolute URL or a link cannot be
         *                             resolved, naming the link's key
         */
        public function resolveMany(
            #[\SensitiveParameter] array $hrefs,
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $base,
            bool $baseIsDirectory = false
        ): array;

        /**
         * See UrlNormalizer::canonicalize().
         *
         * Example: canonicalize('http://www.example.com:80/index.html?') → 'http://www.example.com/'
         *
         * @param int-mask-of<self::*>|null $flags a combination of the constants; null is USUALLY_SAFE
         * @throws \InvalidArgumentException for bits that are no constant of this class
         * @throws InvalidUrlException in strict mode, for an invalid URL
         */
        public function canonicalize(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url,
            ?int $flags = null
        ): string;

        /**
         * See UrlNormalizer::canonicalizeMany().
         *
         * Example: canonicalizeMany(['x' => 'http://www.example.com:80/index.html?'])
         *
         * @template TKey of array-key
         * @param array<TKey, string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri> $urls URLs, under any keys
         * @param int-mask-of<self::*>|null $flags a combination of the constants; null is USUALLY_SAFE
         * @return array<TKey, string> the same keys, each with its canonical URL
         * @throws \TypeError when an element is no URL, naming its key
         * @throws \InvalidArgumentException for bits that are no constant of this class
         * @throws InvalidUrlException in strict mode, naming the key of the first invalid URL
         */
        public function canonicalizeMany(#[\SensitiveParameter] array $urls, ?int $flags = null): array;

        /**
         * See UrlNormalizer::fingerprint().
         *
         * Example: fingerprint('http://www.example.com/') → 'a2cc26a414d9cfa3'
         *
         * @param int-mask-of<self::*>|null $flags as for canonicalize()
         * @param 64|128 $bits the width of the key
         * @throws \InvalidArgumentException for flag bits that are no constant of this class
         * @throws \ValueError when $bits is neither 64 nor 128
         * @throws InvalidUrlException in strict mode, for an invalid URL (lenient mode hashes
         *                             the input as given)
         */
        public function fingerprint(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url,
            ?int $flags = null,
            int $bits = 64
        ): string;

        /**
         * See UrlNormalizer::equivalent().
         *
         * Example: equivalent('http://www.example.com:80/index.html?', 'http://www.example.com/') → true
         *
         * @param int-mask-of<self::*>|null $flags a combination of the constants; null is USUALLY_SAFE
         * @return bool false in lenient mode when either URL is invalid (a warning is logged
         *              for the first invalid one)
         * @throws \InvalidArgumentException for bits that are no constant of this class
         * @throws InvalidUrlException in strict mode, naming the first of the two URLs that is
         *                             invalid
         */
        public function equivalent(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $a,
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $b,
            ?int $flags = null
        ): bool;

        /**
         * See UrlNormalizer::surt().
         *
         * Example: surt('http://www.example.com/a?b') → 'com,example)/a?b'
         *
         * @throws InvalidUrlException in strict mode, for an invalid URL
         */
        public function surt(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url
        ): string;

        /**
         * See UrlNormalizer::removeQueryParameters().
         *
         * Example: removeQueryParameters('https://a.com/?a=1&a=2&b=3', ['a']) → 'https://a.com/?b=3'
         *
         * @param list<string> $names
         * @throws \InvalidArgumentException when a name is not a string
         * @throws InvalidUrlException in strict mode, for an invalid URL
         */
        public function removeQueryParameters(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url,
            array $names
        ): string;

        /**
         * See UrlNormalizer::registrableDomain().
         *
         * Example: registrableDomain('https://www.bbc.co.uk/news') → 'bbc.co.uk'
         *
         * @return string|null the registrable domain, or null when there is none (and, in
         *                     lenient mode, for an invalid URL, with a logged warning)
         * @throws InvalidUrlException in strict mode, for an invalid URL
         */
        public function registrableDomain(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url
        ): ?string;

        /**
         * See UrlNormalizer::publicSuffix().
         *
         * Example: publicSuffix('https://www.bbc.co.uk/') → 'co.uk'
         *
         * @throws InvalidUrlException in strict mode, for an invalid URL (lenient mode logs a
         *                             warning and returns null)
         */
        public function publicSuffix(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url
        ): ?string;

        /**
         * See UrlNormalizer::sameSite().
         *
         * Example: sameSite('https://www.example.co.uk/', 'http://shop.example.co.uk:8080/') → true
         *
         * @param bool $schemeful "same site" (scheme included) instead of "schemelessly same site"
         * @throws InvalidUrlException in strict mode, naming the first of the two URLs that is
         *                             invalid (lenient mode logs a warning and returns false)
         */
        public function sameSite(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $a,
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $b,
            bool $schemeful = false
        ): bool;

        /**
         * See UrlNormalizer::explain().
         *
         * Example: explain('HTTP://Bücher.de:80/') → ['result' => 'http://xn--bcher-kva.de/', ...]
         *
         * @return array{input: string, result: ?string, valid: bool, changes: list<string>,
         *     errors: list<string>, host_type: ?string, reason: ?string}
         */
        public function explain(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url
        ): array;

        /**
         * See UrlNormalizer::hostType().
         *
         * Example: hostType('https://bücher.de/') → 'domain'
         *
         * @return 'domain'|'ipv4'|'ipv6'|'opaque'|'empty'
         * @throws InvalidUrlException for an invalid URL, in both modes (as resolve() does)
         */
        public function hostType(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url
        ): string;

        /**
         * See UrlNormalizer::toDisplay().
         *
         * Example: toDisplay('https://xn--910ba870d2ola729pxvdzqk.com/caf%C3%A9') → 'https://나나커피로스터스.com/café'
         *
         * @throws InvalidUrlException in strict mode, for an invalid URL
         */
        public function toDisplay(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url
        ): string;
    }

    /**
     * Normalizes URLs for HTTP requests and resolves links, as a browser does (WHATWG URL
     * Standard), natively. A drop-in for a userland UrlNormalizerService::normalize().
     *
     * Example: (new UrlNormalizer())->normalize('HTTPS://Example.COM:443/a b') → 'https://example.com/a%20b'
     *
     * Objects are immutable once constructed; one instance can serve a whole application.
     */
    final class UrlNormalizer implements UrlNormalizerInterface
    {
        /**
         * URL::Normalize's make_canonical(): capitalize escapes and decode unreserved ones.
         *
         * Scheme and host are lowercased and a default port dropped by every normalization.
         *
         * Example: HTTP://www.example.com:80/%7eusername/a%c2%b1b → http://www.example.com/~username/a%C2%B1b
         */
        public const MAKE_CANONICAL = self::CAPITALIZE_PERCENT_ENCODING | self::DECODE_UNRESERVED_CHARACTERS;

        /**
         * Preset: changes nothing a server could tell apart.
         *
         * Equivalent escapes (RFC 3986 §6.2.2), dot segments, and fragments, which are never
         * sent to the server (route-like ones such as #/a are kept for single-page apps).
         *
         * Example: http://example.com/%7efoo/./bar#top → http://example.com/~foo/bar
         */
        public const SAFE = self::MAKE_CANONICAL | self::REMOVE_DOT_SEGMENTS | self::REMOVE_FRAGMENT;

        /**
         * Preset, the default of canonicalize(): SAFE plus what almost every server treats as
         * the same page.
         *
         * Adds: session ids, duplicate slashes, the directory index, tracking parameters,
         * repeated pairs, the order of different keys, an empty query. It can merge two pages
         * only on a server that gives these a meaning (e.g. reads `?b=1&a=2` in order).
         *
         * Example: http://www.example.com//index.html?b=2&utm_source=x&a=1 → http://www.example.com/?a=1&b=2
         */
        public const USUALLY_SAFE = self::SAFE | self::REMOVE_SESSION_IDS | self::REMOVE_DUPLICATE_SLASHES
            | self::REMOVE_DIRECTORY_INDEX | self::REMOVE_TRACKING_PARAMETERS | self::REMOVE_DUPLICATE_QUERY_PARAMETERS
            | self::SORT_QUERY_PARAMETERS | self::REMOVE_EMPTY_QUERY;

        /**
         * Preset: USUALLY_SAFE plus merges that can join different pages.
         *
         * Adds: http folded into https, a leading www., the trailing slash, parameters without a
         * value, and every fragment. For a de-duplication key where a few false merges are
         * cheaper than duplicates.
         *
         * Example: http://www.example.com/a/?b=&c=1#/route → https://example.com/a?c=1
         */
        public const AGGRESSIVE = self::USUALLY_SAFE | self::FORCE_HTTPS | self::REMOVE_WWW
            | self::REMOVE_TRAILING_SLASH | self::REMOVE_EMPTY_QUERY_PARAMETERS | self::REMOVE_FRAGMENTS;

        /**
         * Uppercases the hex digits of every %XX escape, in userinfo, path, query and fragment.
         *
         * Example: http://example.com/a%c3%a9 → http://example.com/a%C3%A9
         */
        public const CAPITALIZE_PERCENT_ENCODING = 1;

        /**
         * Decodes escapes of unreserved characters (A-Z a-z 0-9 - . _ ~); other escapes stay.
         *
         * Example: http://example.com/%7Euser/%61%2F → http://example.com/~user/a%2F
         */
        public const DECODE_UNRESERVED_CHARACTERS = 2;

        /**
         * Removes . and .. segments, %2e forms included.
         *
         * Always in effect: the URL Standard's parser, which every method runs first, already
         * does it; the constant exists for URL::Normalize's remove_dot_segments().
         *
         * Example: http://example.com/../a/b/../c/./d.html → http://example.com/a/c/d.html
         */
        public const REMOVE_DOT_SEGMENTS = 4;

        /**
         * Folds http: into https:, for a key that merges both. A port that becomes the
         * default one is dropped. Nothing changes when the option allowed_schemes lacks https,
         * so that the key is a URL the same normalizer accepts.
         *
         * Example: http://example.com:443/ → https://example.com/
         */
        public const FORCE_HTTPS = 8;

        /**
         * Removes every leading www. as long as at least two labels remain (www.com stays),
         * and as long as the host policy (allowed_hosts, block_private_hosts) takes the name.
         *
         * Example: http://www.www.example.com/ → http://example.com/
         */
        public const REMOVE_WWW = 16;

        /**
         * Removes session ids: the query parameters jsessionid, phpsessid, aspsessionid*,
         * asp.net_sessionid, sessionid, session_id, sessid, cfid, cftoken, zenid, oscsid, and
         * sid with a token-like value (16+ letters and digits); ;jsessionid= path parameters;
         * ASP.NET (S(...)) path segments.
         *
         * Example: http://example.com/cart;jsessionid=A1B2?PHPSESSID=x&id=5 → http://example.com/cart?id=5
         */
        public const REMOVE_SESSION_IDS = 32;

        /**
         * Collapses runs of slashes in the path (the query is not touched).
         *
         * May change the meaning for servers that distinguish empty segments.
         *
         * Example: http://example.com//foo///bar.html?key=// → http://example.com/foo/bar.html?key=//
         */
        public const REMOVE_DUPLICATE_SLASHES = 64;

        /**
         * Removes the last path segment when it is a directory index: URL::Normalize's twelve
         * patterns (index.html, index.php, default.aspx, ...), case-insensitive and matched
         * against the whole segment (index.php/route keeps index.php). The options
         * directory_indexes and extra_directory_indexes replace or extend the list.
         *
         * Example: http://example.com/a/Index.html?x=1 → http://example.com/a/?x=1
         */
        public const REMOVE_DIRECTORY_INDEX = 128;

        /**
         * Removes every trailing slash from the path; the root / stays. With
         * REMOVE_DIRECTORY_INDEX, indexes and slashes go until neither is left at the end
         * (/a/index.html/index.html → /a).
         *
         * Example: http://example.com/a/b// → http://example.com/a/b
         */
        public const REMOVE_TRAILING_SLASH = 256;

        /**
         * Removes tracking parameters: utm_*, fbclid, gclid, gclsrc, dclid, gbraid, wbraid,
         * msclkid, mc_cid, mc_eid, _ga, _gl, yclid, igshid, twclid, ttclid, li_fat_id, mkt_tok,
         * HubSpot's _hsenc, _hsmi, __hstc, __hssc, __hsfp, hsctatracking, and a few more (see
         * docs/api.md). The options tracking_parameters and extra_tracking_parameters replace or
         * extend the list. A query left empty is dropped.
         *
         * Example: http://example.com/?id=5&utm_source=news&fbclid=x → http://example.com/?id=5
         */
        public const REMOVE_TRACKING_PARAMETERS = 512;

        /**
         * Removes parameters without a value (`b=`, `c`) and empty pairs (`&&`); 0 is a value.
         *
         * Example: http://example.com/?a=1&b=&c&d=0 → http://example.com/?a=1&d=0
         */
        public const REMOVE_EMPTY_QUERY_PARAMETERS = 1024;

        /**
         * Removes repeated identical key=value pairs, keeping the first. Never adds a `?`.
         *
         * Example: http://example.com/?c=4&a=1&a=2&b=3&a=1 → http://example.com/?c=4&a=1&a=2&b=3
         */
        public const REMOVE_DUPLICATE_QUERY_PARAMETERS = 2048;

        /**
         * Sorts the query's pairs by key, case-insensitively; pairs with the same key keep
         * their order (`?sort=price&sort=name` stays). Each pair keeps its encoding: ?q=%26
         * stays ?q=%26.
         *
         * May change the meaning for servers that read parameters in order.
         *
         * Example: http://example.com/?b=2&c=3&a=0&A=1 → http://example.com/?a=0&A=1&b=2&c=3
         */
        public const SORT_QUERY_PARAMETERS = 4096;

        /**
         * Removes an empty query.
         *
         * Example: http://example.com/foo? → http://example.com/foo
         */
        public const REMOVE_EMPTY_QUERY = 8192;

        /**
         * Removes a fragment that looks like an in-page anchor, as URL::Normalize's
         * remove_fragment() does: route-like fragments (#/a, #!/a, #a/b) stay, and only a
         * trailing #anchor after them goes.
         *
         * Example: http://example.com/bar.html#section1 → http://example.com/bar.html
         * Example: http://example.com/#/something#foo → http://example.com/#/something
         */
        public const REMOVE_FRAGMENT = 16384;

        /**
         * Removes every fragment.
         *
         * Example: http://example.com/#/route → http://example.com/
         */
        public const REMOVE_FRAGMENTS = 32768;

        /**
         * The version of the key format: the canonical forms of canonicalize() and the
         * fingerprints of fingerprint(), in both widths. It changes whenever a release changes
         * the key of any URL; store it beside the keys, and re-key a crawl when it differs.
         * testdata/keys/ holds the list of URLs and keys the tests hold every build to.
         *
         * Example: ['key_version' => UrlNormalizer::KEY_VERSION, 'key' => $normalizer->fingerprint($url, null, 128)]
         */
        public const KEY_VERSION = 1;

        /**
         * The version of the Public Suffix List compiled in (that of the psl crate that carries
         * it, which changes with every update of the list). registrableDomain(),
         * publicSuffix() and sameSite() answer from it: store it beside their answers, and
         * compute them again when it differs. `php --ri url_normalize` shows it with the
         * list's rule count.
         *
         * Example: ['site' => $normalizer->registrableDomain($url), 'psl' => UrlNormalizer::PUBLIC_SUFFIX_LIST_VERSION]
         */
        public const PUBLIC_SUFFIX_LIST_VERSION = '2.1.247';

        /**
         * Creates a normalizer with an optional PSR-3 logger and options.
         *
         * Options (unknown keys and wrongly typed values throw InvalidOptionException
         * naming the key; values may be references, which are read as their values):
         *
         * - `strict` (bool, default false): normalize() throws InvalidUrlException instead
         *   of returning an invalid input unchanged with a logged warning.
         *   Example: ['strict' => true]: normalize('https://exa mple.com/') → throws
         * - `default_scheme` (string, default 'https'): the scheme given to an input that
         *   has none; one of http, https, ws, wss, ftp.
         *   Example: ['default_scheme' => 'http']: normalize('example.com/x') → 'http://example.com/x'
         * - `directory_indexes` (list of regular expressions): replaces REMOVE_DIRECTORY_INDEX's
         *   list; each is matched case-insensitively against the whole last path segment.
         *   Example: ['directory_indexes' => ['start\.html?']]: /a/start.htm → /a/
         * - `extra_directory_indexes` (list of regular expressions): extends that list.
         *   Example: ['extra_directory_indexes' => ['MyDirIndex\.html']]: /MyDirIndex.html → /
         * - `tracking_parameters` (list of names, `*` globs, case-insensitive): replaces
         *   REMOVE_TRACKING_PARAMETERS's list.
         *   Example: ['tracking_parameters' => ['ref']]: /?ref=x&utm_source=y → /?utm_source=y
         * - `extra_tracking_parameters` (list of names or globs): extends that list.
         *   Example: ['extra_tracking_parameters' => ['ref', 'spm*']]: /?ref=x&id=1 → /?id=1
         * - `remove_query_parameters` (list of names or globs): removed by every canonicalize(),
         *   fingerprint() and surt() call, whatever the flags (URL::Normalize's
         *   remove_query_parameters()).
         *   Example: ['remove_query_parameters' => ['page*']]: /?pageSize=5&q=x → /?q=x
         * - `allowed_schemes` (list of schemes, default: any): a URL with another scheme is
         *   invalid in every method (for resolve(), the resolved URL's scheme): returned as given
         *   with a warning, or InvalidUrlException in strict mode and from resolve(). Names are
         *   lower-cased; default_scheme must be one of them.
         *   Example: ['allowed_schemes' => ['http', 'https']]: resolve('javascript:void(0)', $page) → throws
         * - `allowed_hosts` (list of hosts, default: any): a URL whose host is not listed, or
         *   that has none, is invalid in every method that judges it, as for allowed_schemes.
         *   `example.com` is that host exactly, `*.example.com` its subdomains (not itself);
         *   entries are read as URLs read hosts (IDN in ASCII, `0x7f.1` is 127.0.0.1). The
         *   host judged is the host normalize() returns.
         *   Example: ['allowed_hosts' => ['example.com']]: normalize('https://evil.example#@example.com')
         *   → the input as given, and a warning naming the host `evil.example`
         * - `block_private_hosts` (bool, default false): a URL is invalid when its host is an
         *   address that IANA's special-purpose registries call not globally reachable
         *   (loopback, private, link-local, unique-local, documentation, ...), or multicast,
         *   in any form (0x7f.1, 2130706433, 127.1); an IPv6 form of an IPv4 address
         *   (IPv4-mapped, -compatible or -translated), or Teredo; NAT64 (64:ff9b::/96) or
         *   6to4 whose IPv4 address is such an address; localhost, a name under it, or a
         *   loopback name of /etc/hosts (ip6-localhost, ip6-loopback, localhost.localdomain,
         *   localhost6, localhost6.localdomain6); or when the URL has no host (file:///etc/passwd,
         *   mailto:, data:). Names are not resolved: checking the address a name resolves to
         *   is the HTTP client's job, when it connects.
         *   Example: ['block_private_hosts' => true, 'strict' => true]: normalize('http://0x7f.1/')
         *   → throws, naming the host `127.0.0.1`
         * - `max_length` (int, bytes, default 2097152 = 2 MiB, at least 1): a longer input (each
         *   of href and base for resolve()) is invalid, following the mode as above; so is an
         *   input whose URL or key would be longer (percent-encoding makes a URL up to three
         *   times its input). Every URL a normalizer returns is one it accepts again.
         *   Example: ['max_length' => 20]: normalize('https://example.com/abcdef') → the input as given,
         *   and a warning
         *   Example: ['max_length' => 30]: normalize('https://a.com/éééééé') → the input as given
         *   (its normal form, https://a.com/%C3%A9%C3%A9..., is 50 bytes)
         * - `public_suffixes` ('all' or 'icann', default 'all'): which sections of the Public
         *   Suffix List registrableDomain(), publicSuffix() and sameSite() use. 'all' includes
         *   the private section (github.io, blogspot.com, s3.amazonaws.com), as browsers do;
         *   'icann' uses the ICANN section only.
         *   Example: ['public_suffixes' => 'icann']: registrableDomain('https://a.github.io/') → 'github.io'
         * - `log_credentials` (bool, default false): by default a URL's password never appears
         *   in a log record or an exception message: it is replaced by `***`, the user name
         *   kept. True shows it, for debugging.
         *   Example: normalize('HTTPS://joe:s3cret@a.com/') logs ['original' => 'HTTPS://joe:***@a.com/',
         *   'normalized' => 'https://joe:***@a.com/'] (with log_credentials: the password itself)
         *
         * The object is immutable: calling __construct() again throws \Error and changes nothing.
         *
         * The logger receives debug('URL normalized for HTTP request', ['original' => ...,
         * 'normalized' => ...]) whenever normalize() changes a URL, and in lenient mode
         * warning('Failed to convert IDN to ASCII', ['host' => ..., 'url' => ..., 'reason' => ...])
         * or warning('Failed to parse URL for normalization', ['url' => ..., 'reason' => ...]).
         * In every record, every exception message and explain()'s input and result, a URL's
         * password is `***`; and every URL parameter of every method is marked
         * #[\SensitiveParameter], so stack traces show it as Object(SensitiveParameterValue).
         *
         * Example: new UrlNormalizer($logger, ['strict' => true])
         *
         * @param \Psr\Log\LoggerInterface|object|null $logger a Psr\Log\LoggerInterface, or any object with public
         *                            debug() and warning() methods (or __call)
         * @param array{strict?: bool, default_scheme?: 'http'|'https'|'ws'|'wss'|'ftp',
         *     directory_indexes?: list<string>,
         *     extra_directory_indexes?: list<string>, tracking_parameters?: list<string>,
         *     extra_tracking_parameters?: list<string>, remove_query_parameters?: list<string>,
         *     allowed_schemes?: non-empty-list<string>, allowed_hosts?: non-empty-list<string>,
         *     block_private_hosts?: bool, max_length?: positive-int, public_suffixes?: 'all'|'icann',
         *     log_credentials?: bool} $options
         * @throws InvalidOptionException for an unknown option or a wrongly typed option value
         *                                (a did-you-mean for a key within two edits of one)
         * @throws \InvalidArgumentException for a logger without debug()/warning()
         * @throws \Error when called on an object that is already constructed
         */
        public function __construct(?object $logger = null, array $options = [])
        {
        }

        /**
         * The options in force, by their keys, with every default filled in. Building a
         * normalizer from them gives one with the same answers; the `extra_*` keys are folded
         * into the lists they extend, hosts are shown as they are compared (IDN in ASCII), and
         * `allowed_schemes` and `allowed_hosts` are present only when set.
         *
         * Example: (new UrlNormalizer(null, ['allowed_hosts' => ['*.Bücher.DE']]))->getOptions()['allowed_hosts']
         *          → ['*.xn--bcher-kva.de']
         *
         * @return array{strict: bool, default_scheme: string, allowed_schemes?: list<string>,
         *     allowed_hosts?: list<string>, block_private_hosts: bool, max_length: int,
         *     directory_indexes: list<string>, tracking_parameters: list<string>,
         *     remove_query_parameters: list<string>, public_suffixes: 'all'|'icann',
         *     log_credentials: bool}
         */
        public function getOptions(): array
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
         * @param string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url the URL as stored (bytes;
         *        UTF-8 or not), or an object that gives it: any Stringable (a PSR-7 UriInterface),
         *        a Uri\WhatWg\Url (its toAsciiString()) or a Uri\Rfc3986\Uri (its toRawString())
         * @return string the normalized URL, or in lenient mode the input when it is invalid
         * @throws InvalidUrlException in strict mode, when the URL cannot be parsed or its
         *                             host fails IDNA
         * @see https://url.spec.whatwg.org/#url-serializing
         */
        public function normalize(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url
        ): string {
        }

        /**
         * normalize() for every element of an array, in one call: the keys (integer or
         * string) and their order are kept, and each value is what normalize() gives for it.
         * An element already in normal form is the caller's own string, not a copy.
         *
         * Example: normalizeMany(['a' => 'HTTPS://Example.com', 7 => 'https://x.com/café'])
         *          → ['a' => 'https://example.com/', 7 => 'https://x.com/caf%C3%A9']
         *
         * An element that cannot be parsed follows normalize(): returned as given with a
         * warning logged, or, with the option `strict`, InvalidUrlException naming its key
         * (`normalizeMany(): element "a": Cannot normalize ...`). Each changed URL is logged
         * as by normalize(). An element that is a reference (`[&$url]`) is read as its value;
         * the result never refers back to the caller's variable.
         *
         * @template TKey of array-key
         * @param array<TKey, string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri> $urls URLs as stored, under
         *        any keys, each given as normalize() takes it
         * @return array<TKey, string> the same keys, each with its normalized URL
         * @throws \TypeError when an element is no URL, naming its key
         * @throws InvalidUrlException in strict mode, naming the key of the first invalid URL
         */
        public function normalizeMany(#[\SensitiveParameter] array $urls): array
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
         * @param string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $href the link as written in the page
         * @param string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $base the page's absolute URL, after redirects
         * @param bool $baseIsDirectory read the base's last path segment as a directory, as
         *                              if the base ended in `/` (its query is kept); use it
         *                              when the page was really served at `.../quickstart/`.
         *                              It applies to every hierarchical path, with a host or
         *                              not (`foo:/p/q`, `file:///dir/page`), and not to an
         *                              opaque path (`mailto:x`), which has no directories
         * @throws InvalidUrlException when $base is not an absolute URL or the resolved URL
         *                             is invalid (e.g. a bad host or port in $href)
         * @see https://url.spec.whatwg.org/#concept-basic-url-parser
         */
        public function resolve(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $href,
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $base,
            bool $baseIsDirectory = false
        ): string {
        }

        /**
         * resolve() for every link of one page: the base is parsed once, which is the
         * common case of a crawler (all links of a page against its URL). Keys (integer or
         * string) and their order are kept.
         *
         * Example: resolveMany(['nav' => '../about', 3 => '#top'], 'https://a.com/docs/page')
         *          → ['nav' => 'https://a.com/about', 3 => 'https://a.com/docs/page#top']
         *
         * A link that cannot be resolved throws, as resolve() does in every mode, and the
         * message names its key (`resolveMany(): element 3: Cannot resolve ...`). An empty
         * array gives an empty array, whatever the base.
         *
         * @template TKey of array-key
         * @param array<TKey, string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri> $hrefs the links as written in
         *        the page
         * @param string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $base the page's absolute URL, after redirects
         * @param bool $baseIsDirectory as for resolve()
         * @return array<TKey, string> the same keys, each with its absolute URL
         * @throws \TypeError when an element is no URL, naming its key
         * @throws InvalidUrlException when $base is not an absolute URL or a link cannot be
         *                             resolved, naming the link's key
         */
        public function resolveMany(
            #[\SensitiveParameter] array $hrefs,
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $base,
            bool $baseIsDirectory = false
        ): array {
        }

        /**
         * A de-duplication key: the URL normalized as normalize() does, then the flags'
         * transforms applied in the order of the constants, repeated until nothing changes,
         * so canonicalize(canonicalize($u, $f), $f) === canonicalize($u, $f) for every flag
         * and option set (FORCE_HTTPS and REMOVE_WWW never take the URL outside
         * allowed_schemes or the host policy). Names in the remove_query_parameters option
         * are removed whatever the flags.
         *
         * Example: canonicalize('http://www.example.com:80/index.html?') → 'http://www.example.com/'
         * Example: canonicalize('https://a.com/?b=2&utm_source=x&a=1', UrlNormalizer::SAFE)
         *          → 'https://a.com/?b=2&utm_source=x&a=1'
         *
         * Errors follow normalize(): in lenient mode an invalid URL is returned as given and a
         * warning logged; in strict mode InvalidUrlException is thrown.
         *
         * @param int-mask-of<self::*>|null $flags a combination of the constants; null is USUALLY_SAFE
         * @throws \InvalidArgumentException for bits that are no constant of this class
         * @throws InvalidUrlException in strict mode, for an invalid URL
         */
        public function canonicalize(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url,
            ?int $flags = null
        ): string {
        }

        /**
         * canonicalize() for every element of an array, with the same flags: the keys
         * (integer or string) and their order are kept.
         *
         * Example: canonicalizeMany(['x' => 'http://www.example.com:80/index.html?'])
         *          → ['x' => 'http://www.example.com/']
         *
         * An invalid URL follows canonicalize(): returned as given with a warning logged, or,
         * in strict mode, InvalidUrlException naming its key.
         *
         * @template TKey of array-key
         * @param array<TKey, string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri> $urls URLs, under any keys
         * @param int-mask-of<self::*>|null $flags a combination of the constants; null is USUALLY_SAFE
         * @return array<TKey, string> the same keys, each with its canonical URL
         * @throws \TypeError when an element is no URL, naming its key
         * @throws \InvalidArgumentException for bits that are no constant of this class
         * @throws InvalidUrlException in strict mode, naming the key of the first invalid URL
         */
        public function canonicalizeMany(#[\SensitiveParameter] array $urls, ?int $flags = null): array
        {
        }

        /**
         * A compact key for a key/value store: a hash of canonicalize($url, $flags), the same
         * on every platform and release (see KEY_VERSION). With $bits = 64, XXH64 (seed 0) as
         * 16 lowercase hex digits, equal to hash('xxh64', $normalizer->canonicalize($url,
         * $flags)); with $bits = 128, XXH3-128 as 32 hex digits, equal to hash('xxh128', ...).
         * At 10^9 URLs, two 64-bit keys collide with a probability of a few percent;
         * 128-bit keys never do in practice.
         *
         * Example: fingerprint('http://www.example.com/') → 'a2cc26a414d9cfa3'
         * Example: fingerprint('http://www.example.com/', null, 128) → '546c079a27aa62fe810409a9c9e6995b'
         *
         * @param int-mask-of<self::*>|null $flags as for canonicalize()
         * @param 64|128 $bits the width of the key
         * @throws \InvalidArgumentException for flag bits that are no constant of this class
         * @throws \ValueError when $bits is neither 64 nor 128
         * @throws InvalidUrlException in strict mode, for an invalid URL (lenient mode hashes
         *                             the input as given)
         */
        public function fingerprint(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url,
            ?int $flags = null,
            int $bits = 64
        ): string {
        }

        /**
         * Whether two URLs have the same de-duplication key: canonicalize($a, $flags) ===
         * canonicalize($b, $flags).
         *
         * Example: equivalent('http://www.example.com:80/index.html?', 'http://www.example.com/') → true
         * Example: equivalent('http://example.com/', 'https://www.example.com/') → false
         * Example: equivalent('http://example.com/', 'https://www.example.com/', UrlNormalizer::AGGRESSIVE) → true
         *
         * @param int-mask-of<self::*>|null $flags a combination of the constants; null is USUALLY_SAFE
         * @return bool false in lenient mode when either URL is invalid (a warning is logged
         *              for the first invalid one)
         * @throws \InvalidArgumentException for bits that are no constant of this class
         * @throws InvalidUrlException in strict mode, naming the first of the two URLs that is
         *                             invalid
         */
        public function equivalent(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $a,
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $b,
            ?int $flags = null
        ): bool {
        }

        /**
         * The Sort-friendly URI Reordering Transform of web archives, in the Internet
         * Archive's form: host labels reversed and joined by commas, the port, `)`, then path
         * and query, lowercase. Built on the canonical form with the Archive's steps: escapes
         * made canonical, www. and session ids removed, duplicate and trailing slashes, an
         * empty query and the fragment dropped; query pairs sorted (values too). Scheme and
         * userinfo are left out. A URL without a host (mailto:) comes back canonical.
         *
         * Example: surt('http://www.example.com/a?b') → 'com,example)/a?b'
         * Example: surt('https://Archive.org:8080/Goo/?b&a=2&a=1') → 'org,archive:8080)/goo?a=1&a=2&b'
         *
         * @throws InvalidUrlException in strict mode, for an invalid URL
         */
        public function surt(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url
        ): string {
        }

        /**
         * Normalizes $url and removes the query parameters named in $names (exact names or
         * `*` globs, case-insensitive), every occurrence; nothing else changes. A query left
         * empty is dropped.
         *
         * Example: removeQueryParameters('https://a.com/?a=1&a=2&b=3', ['a']) → 'https://a.com/?b=3'
         * Example: removeQueryParameters('https://a.com/?utm_source=x&id=1', ['utm_*']) → 'https://a.com/?id=1'
         *
         * @param list<string> $names
         * @throws \InvalidArgumentException when a name is not a string
         * @throws InvalidUrlException in strict mode, for an invalid URL
         */
        public function removeQueryParameters(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url,
            array $names
        ): string {
        }

        /**
         * The registrable domain (eTLD+1) of the URL's host after normalization, in ASCII,
         * from the Public Suffix List compiled into the extension: the part of the host a
         * single owner registered, where a crawl of "one site" begins and ends.
         *
         * Null for an IP address, for a host that is itself a public suffix (co.uk, github.io,
         * localhost), and for a URL without a domain (mailto:, non-special schemes). Private
         * rules (github.io, blogspot.com) apply unless the option public_suffixes is 'icann'.
         * A trailing dot is kept (example.com.), as the URL Standard does.
         *
         * Example: registrableDomain('https://www.bbc.co.uk/news') → 'bbc.co.uk'
         * Example: registrableDomain('https://a.github.io/') → 'a.github.io'
         * Example: registrableDomain('https://食狮.公司.cn/') → 'xn--85x722f.xn--55qx5d.cn'
         * Example: registrableDomain('https://co.uk/') → null
         *
         * @return string|null the registrable domain, or null when there is none (and, in
         *                     lenient mode, for an invalid URL, with a logged warning)
         * @throws InvalidUrlException in strict mode, for an invalid URL
         * @see https://url.spec.whatwg.org/#host-registrable-domain
         */
        public function registrableDomain(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url
        ): ?string {
        }

        /**
         * The public suffix of the URL's host after normalization, in ASCII: the part under
         * which anyone may register names. A top-level domain that is not on the list is its
         * own suffix. Null where registrableDomain() has no host to look at, and for a host
         * with an empty label (a..com).
         *
         * Example: publicSuffix('https://www.bbc.co.uk/') → 'co.uk'
         * Example: publicSuffix('https://a.github.io/') → 'github.io' ('io' with public_suffixes 'icann')
         * Example: publicSuffix('http://localhost:3000/') → 'localhost'
         *
         * @throws InvalidUrlException in strict mode, for an invalid URL (lenient mode logs a
         *                             warning and returns null)
         * @see https://url.spec.whatwg.org/#host-public-suffix
         */
        public function publicSuffix(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url
        ): ?string {
        }

        /**
         * The HTML Standard's site tests on the two URLs' origins. By default "schemelessly
         * same site": their hosts have the same registrable domain or, where there is none (an
         * IP address, localhost), are the same host; ports never matter. With $schemeful,
         * "same site", which in the HTML Standard includes the scheme: schemelessly same site
         * and the same scheme (http and https are different sites). A blob: URL has the origin
         * of its inner http: or https: URL, as in the URL Standard. A URL whose origin is
         * opaque (mailto:, file:, data:, non-special schemes, other blob: URLs) is same site
         * with nothing.
         *
         * Example: sameSite('https://www.example.co.uk/', 'http://shop.example.co.uk:8080/') → true
         * Example: sameSite('https://www.example.co.uk/', 'http://shop.example.co.uk/', true) → false
         * Example: sameSite('https://a.github.io/', 'https://b.github.io/') → false
         * Example: sameSite('https://example.co.uk/', 'https://co.uk/') → false
         * Example: sameSite('blob:https://a.com/x', 'https://a.com/') → true
         *
         * @param bool $schemeful "same site" (scheme included) instead of "schemelessly same site"
         * @throws InvalidUrlException in strict mode, naming the first of the two URLs that is
         *                             invalid (lenient mode logs a warning and returns false)
         * @see https://html.spec.whatwg.org/multipage/browsers.html#schemelessly-same-site
         * @see https://html.spec.whatwg.org/multipage/browsers.html#same-site
         */
        public function sameSite(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $a,
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $b,
            bool $schemeful = false
        ): bool {
        }

        /**
         * Why did this URL change? What normalize() does with $url, and what the URL
         * Standard says about it. Never throws for a bad URL, in either mode.
         *
         * - `input`: $url as given.
         * - `result`: normalize()'s result, or null when the URL is invalid (or the options
         *   refuse it).
         * - `valid`: whether there is a result.
         * - `changes`: what normalize() changed, each once, in the order it happens, by stable
         *   names (see docs/api.md): non-utf8-percent-encoded, whitespace-stripped,
         *   tab-or-newline-removed, default-scheme-added, scheme-lowercased,
         *   slashes-normalized, backslash-to-slash, credentials-percent-encoded,
         *   empty-credentials-removed, host-percent-decoded, idn-to-ascii, host-lowercased,
         *   ipv4-normalized, ipv6-normalized, host-percent-encoded, file-localhost-removed,
         *   empty-port-removed, default-port-removed, port-normalized, file-slashes-collapsed,
         *   dot-segments-removed,
         *   root-path-added, path-percent-encoded, query-percent-encoded,
         *   fragment-percent-encoded. Empty when normalize() returns the input unchanged, and
         *   when the URL is invalid.
         * - `errors`: the URL Standard's validation errors, by the standard's names
         *   (invalid-URL-unit, special-scheme-missing-following-solidus, domain-to-ASCII,
         *   port-out-of-range, ...: the cases of PHP 8.5's Uri\WhatWg\UrlValidationErrorType),
         *   each once.
         * - `host_type`: hostType()'s answer, or null when the input is no URL.
         * - `reason`: the message normalize() throws in strict mode (password hidden), or null.
         *
         * Example: explain('HTTP://Bücher.de:80/a/../b c') → ['input' => 'HTTP://Bücher.de:80/a/../b c',
         *          'result' => 'http://xn--bcher-kva.de/b%20c', 'valid' => true,
         *          'changes' => ['scheme-lowercased', 'idn-to-ascii', 'default-port-removed',
         *          'dot-segments-removed', 'path-percent-encoded'], 'errors' => ['invalid-URL-unit'],
         *          'host_type' => 'domain', 'reason' => null]
         * Example: explain('https://example.com:99999/') → ['result' => null, 'valid' => false,
         *          'changes' => [], 'errors' => ['port-out-of-range'], 'host_type' => null,
         *          'reason' => 'Cannot normalize `https://example.com:99999/`: the port is not a number
         *          from 0 to 65535', ...]
         *
         * @return array{input: string, result: ?string, valid: bool, changes: list<string>,
         *     errors: list<string>, host_type: ?string, reason: ?string}
         * @see https://url.spec.whatwg.org/#validation-error
         */
        public function explain(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url
        ): array {
        }

        /**
         * The type of the URL's host after normalization, as the URL Standard's host parser
         * gives it: 'domain', 'ipv4', 'ipv6', 'opaque' (the host of a non-special URL, kept as
         * written) or 'empty' (no host, or an empty one). The options allowed_schemes,
         * allowed_hosts and block_private_hosts do not judge here.
         *
         * Example: hostType('https://bücher.de/') → 'domain'
         * Example: hostType('http://0x7f.1/') → 'ipv4' (the host is 127.0.0.1)
         * Example: hostType('http://[::ffff:127.0.0.1]/') → 'ipv6'
         * Example: hostType('ssh://git@github.com/x') → 'opaque'
         * Example: hostType('mailto:a@example.com') → 'empty'
         *
         * @return 'domain'|'ipv4'|'ipv6'|'opaque'|'empty'
         * @throws InvalidUrlException for an invalid URL, in both modes (as resolve() does)
         * @see https://url.spec.whatwg.org/#host-representation
         */
        public function hostType(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url
        ): string {
        }

        /**
         * The URL as a person should read it, for dashboards and logs: the normalized URL with
         * each host label in Unicode when no spoof is possible, and percent-encoded UTF-8
         * letters and digits decoded. It always points where the URL points:
         * normalize(toDisplay($u)) === normalize($u).
         *
         * - Host: a label is shown in Unicode only when an IDN display policy after Chromium's
         *   allows it (UTS #39 "highly restrictive" script mixing; no whole-script confusable
         *   with Latin outside the script's own TLDs; no invisible, stacked or disallowed
         *   characters; no look-alike dashes or punctuation; Chromium's per-TLD and CJK
         *   rules). Otherwise it stays in punycode.
         * - Path, query, fragment: only non-ASCII letters, marks and digits are decoded, from
         *   upper-case escapes; %2F %3F %23 %25 %26 %3D %2B and every other ASCII escape,
         *   controls, spaces, punctuation, bidi controls, invisible characters and bytes that
         *   are not UTF-8 stay encoded, and so do look-alikes of delimiters (a character whose
         *   UTS #39 skeleton holds / . : ? # @ & = \, such as ꓸ or ᐟ) and a combining mark
         *   right after a delimiter.
         * - An opaque path (mailto:, data:) is shown as normalize() writes it, except the inner
         *   URL of blob: and view-source:, whose host passes the display policy like any host.
         *
         * The rule: what is shown in Unicode has passed the display policy; anything else is
         * shown escaped.
         *
         * Example: toDisplay('https://xn--910ba870d2ola729pxvdzqk.com/caf%C3%A9')
         *          → 'https://나나커피로스터스.com/café'
         * Example: toDisplay('https://xn--80ak6aa92e.com/') → 'https://xn--80ak6aa92e.com/'
         *          (Cyrillic "аррӏе", a look-alike of apple.com, stays in punycode)
         * Example: toDisplay('https://example.com/a%2Fb?q=%E4%BE%8B%26') → 'https://example.com/a%2Fb?q=例%26'
         * Example: toDisplay('blob:https://аррӏе.com/550e8400')
         *          → 'blob:https://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/550e8400'
         * Example: toDisplay('https://аррӏе.com:99999/') (invalid port, lenient)
         *          → 'https://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com:99999/'
         *
         * Errors follow normalize(), except that lenient mode returns an invalid URL (or one
         * the options refuse) escaped, every byte outside printable ASCII as %XX, with a
         * warning logged; in strict mode InvalidUrlException is thrown.
         *
         * @throws InvalidUrlException in strict mode, for an invalid URL
         * @see https://chromium.googlesource.com/chromium/src/+/main/docs/idn.md
         */
        public function toDisplay(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url
        ): string {
        }
    }
    /**
     * A parsed robots.txt (RFC 9309, the Robots Exclusion Protocol): may a crawler fetch a URL
     * of the origin the file came from?
     *
     * - Groups: one or more user-agent lines and the rules after them; groups that name the
     *   crawler's product token (case-insensitively) are combined, and a crawler no group names
     *   obeys the groups of `*`. Rules before the first user-agent line are ignored; sitemap,
     *   crawl-delay and unknown lines never end a group.
     * - Rules: the longest match wins (its length in octets), Allow wins a tie; `*` matches any
     *   run of characters and a final `$` the end of the URL; an empty rule matches nothing;
     *   `/robots.txt` itself is always allowed. Matching is case-sensitive.
     * - URLs: read as normalize() reads them; their path and query are compared with the rules
     *   as RFC 9309 §2.2.2 says: non-ASCII octets percent-encoded (`/ツ` is `/%E3%83%84`),
     *   escapes of unreserved characters decoded (`%7Ejoe` is `~joe`), hex digits in either
     *   case; `%2F` is not `/` in a path; in the query `/ : @ ? '` match their escapes;
     *   `%2A` and `%24` in a rule match a literal `*` and `$`.
     * - Parsing: any bytes; a UTF-8 byte order mark, CR, LF and CRLF line endings, `#`
     *   comments and unknown lines are handled; the first 500 KiB are read (the rest, and the
     *   line the limit cuts, are ignored). A line missing its colon (`Disallow /x`) and the
     *   misspellings useragent, user agent, disalow, dissallow, dissalow, diasllow, disallaw
     *   and site-map are read as meant.
     * - Time: matching costs the URL's length plus each rule's, whatever the rules' `*`;
     *   parsing is linear in the file's size.
     *
     * Objects are immutable and cannot be serialized: keep one per origin (scheme, host and
     * port) in memory for up to 24 hours (RFC 9309 §2.4), and share the body between processes
     * (parsing it again is fast).
     *
     * Example:
     *   $robots = RobotsTxt::parse($body, 'https://example.com/robots.txt');
     *   $robots->isAllowed('https://example.com/private/x', 'ExampleBot') → false
     *
     * Fetching it, with up to five redirects (RFC 9309 §2.3.1.2):
     *   $url = 'https://example.com/robots.txt';
     *   for ($hops = 0; ; $hops++) {
     *       $response = $http->request('GET', $url, ['max_redirects' => 0]);
     *       $status = $response->getStatusCode();
     *       if ($status >= 300 && $status < 400 && $hops < 5) {
     *           $url = $normalizer->resolve($response->getHeaders(false)['location'][0], $url);
     *           continue;
     *       }
     *       break;
     *   }
     *   $robots = match (true) {
     *       $status >= 200 && $status < 300
     *           => RobotsTxt::parse($response->getContent(), 'https://example.com/robots.txt'),
     *       $status >= 300 && $status < 400 => RobotsTxt::forStatus(404),  // more than 5 redirects: unavailable
     *       default => RobotsTxt::forStatus($status),                       // 4xx: allow all; 5xx: disallow all
     *   };
     *   (A request that gets no answer at all, DNS or connection error or timeout: forStatus(0).)
     *
     * @see https://www.rfc-editor.org/rfc/rfc9309.html
     */
    final class RobotsTxt
    {
        /**
         * Not for PHP code: `new RobotsTxt()` throws. A RobotsTxt comes from parse() or
         * forStatus().
         *
         * Example: RobotsTxt::parse($body, 'https://example.com/robots.txt'), not new RobotsTxt()
         */
        public function __construct()
        {
        }

        /**
         * Parses a robots.txt body. $robotsUrl is the URL it was requested at, before any
         * redirect: the rules apply to that URL's origin, and relative sitemap URLs are
         * resolved against it. Every string is a body; lines that cannot be read are skipped.
         *
         * Example: RobotsTxt::parse("User-agent: *\nDisallow: /private/\n", 'https://example.com/robots.txt')
         *   ->isAllowed('https://example.com/private/x', 'ExampleBot') → false (`/public` → true)
         *
         * @param string $body the response body, as fetched (bytes)
         * @param string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $robotsUrl the robots.txt URL, read as
         *     normalize() reads a URL: a string, or an object that gives it (a Stringable, a
         *     Uri\WhatWg\Url, a Uri\Rfc3986\Uri)
         * @throws InvalidUrlException when $robotsUrl is not a URL
         */
        public static function parse(
            string $body,
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $robotsUrl
        ): \UrlNormalize\RobotsTxt {
        }

        /**
         * What a crawler may fetch when the robots.txt request got no file. A 4xx status
         * means the file is unavailable: everything is allowed (RFC 9309 §2.3.1.3). A 5xx
         * status, or 0 for a request that got no answer (DNS or connection error, timeout),
         * means it is unreachable: nothing is (§2.3.1.4), until a later fetch succeeds.
         *
         * Example: RobotsTxt::forStatus(404)->isAllowed('https://example.com/x', 'ExampleBot') → true
         * Example: RobotsTxt::forStatus(503)->isAllowed('https://example.com/x', 'ExampleBot') → false
         *
         * @param int $status the HTTP status, 400 to 599, or 0
         * @throws \InvalidArgumentException for a 2xx (parse the body), a 3xx (follow it, up to
         *     5 times) and any other number
         */
        public static function forStatus(int $status): \UrlNormalize\RobotsTxt
        {
        }

        /**
         * Whether the crawler named $userAgent may fetch $url.
         *
         * Example: with "User-agent: *\nDisallow: /private/\nAllow: /private/press/":
         *          isAllowed('https://example.com/private/press/2026', 'ExampleBot') → true
         *          isAllowed('https://example.com/private/x', 'ExampleBot') → false
         * Example: with "User-agent: *\nDisallow: /caf%C3%A9":
         *          isAllowed('https://example.com/café/menu', 'ExampleBot') → false
         *
         * @param string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url the URL, read as normalize() reads it
         *     (a string, or an object that gives it)
         * @param string $userAgent the crawler's product token, letters, `_` and `-`
         *     (`ExampleBot`), optionally followed by `/` and a version (`ExampleBot/1.2`); not
         *     a whole User-Agent header
         * @throws InvalidUrlException when $url is not a URL
         * @throws \InvalidArgumentException when $userAgent is not a product token
         */
        public function isAllowed(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url,
            string $userAgent
        ): bool {
        }

        /**
         * The rule that decides whether $userAgent may fetch $url, for logs; null when no rule
         * matches (the URL is allowed).
         *
         * - `allowed`: the rule's answer;
         * - `rule`: the rule as a line, `Disallow: /private/`;
         * - `line`: its line in the file, from 1; null for the rule forStatus() stands for;
         * - `group`: the user-agent lines of its group, as written.
         *
         * Example: matchedRule('https://example.com/private/x', 'ExampleBot')
         *          → ['allowed' => false, 'rule' => 'Disallow: /private/', 'line' => 2, 'group' => ['*']]
         *
         * @param string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url the URL, as isAllowed() takes it
         * @return array{allowed: bool, rule: string, line: ?int, group: list<string>}|null
         * @throws InvalidUrlException when $url is not a URL
         * @throws \InvalidArgumentException when $userAgent is not a product token
         */
        public function matchedRule(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url,
            string $userAgent
        ): ?array {
        }

        /**
         * The crawl-delay, in seconds, of the groups that apply to $userAgent (the largest
         * when several do), or null. Not part of RFC 9309, but many sites write it.
         *
         * Example: with "User-agent: *\nCrawl-delay: 2.5\n": crawlDelay('ExampleBot') → 2.5
         *
         * @throws \InvalidArgumentException when $userAgent is not a product token
         */
        public function crawlDelay(string $userAgent): ?float
        {
        }

        /**
         * The sitemap URLs the file lists, anywhere in it: resolved against the robots.txt URL,
         * normalized, each once, in order. A value that is no http or https URL is left out.
         *
         * Example: with "Sitemap: /sitemap.xml\nSitemap: https://コーヒー.jp/s.xml" at
         *          https://example.com/robots.txt → ['https://example.com/sitemap.xml',
         *          'https://xn--tck2c4fb.jp/s.xml']
         *
         * @return list<string>
         */
        public function sitemaps(): array
        {
        }
    }

    /**
     * The WHATWG URLPattern: a pattern for each URL component (protocol, username, password,
     * hostname, port, pathname, search, hash), compiled once, matched with test() and exec().
     *
     * Pattern syntax: `*` (any run), `:name` (a segment, captured), `:name(regex)`, `(regex)`,
     * `{…}` groups, and the modifiers `?`, `+`, `*`. Regular expressions are the Rust `regex`
     * crate's, which match in time linear in the input, so no pattern can make matching slow;
     * it has no look-around and no backreferences.
     *
     * URLs given to test() and exec() are read as normalize() reads them, strings or objects
     * that give them (a Stringable, a Uri\WhatWg\Url, a Uri\Rfc3986\Uri):
     * `https://コーヒー.jp/*` matches `https://xn--tck2c4fb.jp/menu`, and `example.com/a` is
     * `https://example.com/a`. A string that is not a URL matches nothing.
     *
     * Objects are immutable; the components are readable as properties (writing one throws).
     *
     * Example:
     *   $pattern = new UrlPattern('https://*.example.com/blog/:year(\\d+)/:slug');
     *   $pattern->test('https://www.example.com/blog/2026/hello') → true
     *   $pattern->exec('https://www.example.com/blog/2026/hello')['pathname']['groups']
     *       → ['year' => '2026', 'slug' => 'hello']
     *
     * @see https://urlpattern.spec.whatwg.org/
     */
    final class UrlPattern
    {
        /**
         * The scheme's pattern. Example: new UrlPattern('https://example.com/*')->protocol → 'https'
         * @var string
         * @readonly writing it throws
         */
        public $protocol;

        /**
         * The username's pattern. Example: new UrlPattern('https://example.com/*')->username → '*'
         * @var string
         * @readonly writing it throws
         */
        public $username;

        /**
         * The password's pattern. Example: new UrlPattern('https://example.com/*')->password → '*'
         * @var string
         * @readonly writing it throws
         */
        public $password;

        /**
         * The host's pattern, in ASCII. Example: new UrlPattern('https://コーヒー.jp/*')->hostname → 'xn--tck2c4fb.jp'
         * @var string
         * @readonly writing it throws
         */
        public $hostname;

        /**
         * The port's pattern; empty for the scheme's default port.
         * Example: new UrlPattern('https://example.com:443/*')->port → ''
         * @var string
         * @readonly writing it throws
         */
        public $port;

        /**
         * The path's pattern. Example: new UrlPattern('https://example.com/books/:id')->pathname → '/books/:id'
         * @var string
         * @readonly writing it throws
         */
        public $pathname;

        /**
         * The query's pattern, without `?`. Example: new UrlPattern('https://example.com/?q=*')->search → 'q=*'
         * @var string
         * @readonly writing it throws
         */
        public $search;

        /**
         * The fragment's pattern, without `#`. Example: new UrlPattern('https://example.com/#top')->hash → 'top'
         * @var string
         * @readonly writing it throws
         */
        public $hash;

        /**
         * Whether a component has a regular expression group.
         * Example: new UrlPattern('https://example.com/:id(\\d+)')->hasRegExpGroups → true
         * @var bool
         * @readonly writing it throws
         */
        public $hasRegExpGroups;

        /**
         * Compiles a pattern: a constructor string, relative to $baseUrl when it has no scheme,
         * or an array of components (the others match anything, or come from its `baseURL`).
         *
         * Example: new UrlPattern('https://example.com/books/:id')->test('https://example.com/books/42') → true
         * Example: new UrlPattern('/books/:id', 'https://example.com')
         *   ->exec('https://example.com/books/42')['pathname']['groups'] → ['id' => '42']
         * Example: new UrlPattern(['hostname' => '{*.}?example.com', 'pathname' => '/books/*'])
         *   ->test('https://shop.example.com/books/x') → true
         * Example: new UrlPattern('https://example.com/Books/*', null, ['ignoreCase' => true])
         *   ->test('https://example.com/books/x') → true (false without ignoreCase)
         *
         * @param string|array{protocol?: string, username?: string, password?: string,
         *     hostname?: string, port?: string, pathname?: string, search?: string,
         *     hash?: string, baseURL?: string} $pattern
         * @param string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri|null $baseUrl for a relative pattern
         *     string; not with an array
         * @param array{ignoreCase?: bool} $options ignoreCase: the pathname, search and hash
         *     match whatever the case of letters
         * @throws \InvalidArgumentException when the pattern is not valid, with the standard's
         *     reason (`Invalid URL pattern `/:`: tokenizer error: invalid name; must be at least
         *     length 1 (at char 1)`)
         * @throws \TypeError when $pattern is neither a string nor an array
         */
        public function __construct(
            mixed $pattern,
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri|null $baseUrl = null,
            array $options = []
        ) {
        }

        /**
         * Whether $input matches: a URL (resolved against $baseUrl when given), or an array of
         * components. A string that is not a URL matches nothing.
         *
         * Example: new UrlPattern('https://*.example.com/*')->test('https://shop.example.com/a') → true
         * Example: new UrlPattern('https://コーヒー.jp/*')->test('https://xn--tck2c4fb.jp/menu') → true
         * Example: new UrlPattern('/books/*', 'https://example.com')->test('/books/1', 'https://example.com/') → true
         *
         * @param array<string, string>|string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $input a URL (a string, or
         *     an object that gives it), or components
         * @param string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri|null $baseUrl
         * @throws \InvalidArgumentException for components given with a separate $baseUrl
         * @throws \TypeError when $input is neither a URL nor an array
         */
        public function test(
            #[\SensitiveParameter] array|string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $input,
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri|null $baseUrl = null
        ): bool {
        }

        /**
         * The match of $input, as URLPattern's exec() gives it: `inputs` (what was given; an
         * object's URL as its string),
         * then for each component its `input` (the value matched) and `groups` (name → value,
         * null for a group that took no part; unnamed groups are 0, 1, ...). Null when it
         * does not match.
         *
         * Example: new UrlPattern('https://example.com/books/:id')->exec('https://example.com/books/12')
         *          → ['inputs' => ['https://example.com/books/12'],
         *             'protocol' => ['input' => 'https', 'groups' => []], ...,
         *             'pathname' => ['input' => '/books/12', 'groups' => ['id' => '12']], ...]
         *
         * @param array<string, string>|string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $input as test() takes it
         * @param string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri|null $baseUrl
         * @return array{inputs: list<string|array<string, string>>,
         *     protocol: array{input: string, groups: array<string|int, ?string>},
         *     username: array{input: string, groups: array<string|int, ?string>},
         *     password: array{input: string, groups: array<string|int, ?string>},
         *     hostname: array{input: string, groups: array<string|int, ?string>},
         *     port: array{input: string, groups: array<string|int, ?string>},
         *     pathname: array{input: string, groups: array<string|int, ?string>},
         *     search: array{input: string, groups: array<string|int, ?string>},
         *     hash: array{input: string, groups: array<string|int, ?string>}}|null
         * @throws \InvalidArgumentException for components given with a separate $baseUrl
         * @throws \TypeError when $input is neither a URL nor an array
         */
        public function exec(
            #[\SensitiveParameter] array|string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $input,
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri|null $baseUrl = null
        ): ?array {
        }
    }

    /**
     * Which URLs a crawl follows: include and exclude lists; a URL is in scope when an
     * include entry holds it and no exclude entry does (exclude wins).
     *
     * Entries, each a string that starts with its kind, or an array with that kind as key:
     * - `pattern:https://*.example.com/blog/*`: a UrlPattern constructor string; as an array,
     *   ['pattern' => string|array, 'ignoreCase' => bool, 'baseUrl' => string]; or a
     *   UrlPattern object.
     * - `site:example.co.uk`: every host of that registrable domain (Public Suffix List), any
     *   scheme and port; `site:https://example.co.uk` for that scheme only. `site:www.example.co.uk`
     *   names the same site. For an IP address or a public suffix, the host itself.
     * - `host:www.example.com`: that host, any scheme and port.
     * - `prefix:https://example.com/docs/`: URLs whose normalize() form starts with that URL's.
     * Hosts are compared in ASCII (`host:コーヒー.jp` is `host:xn--tck2c4fb.jp`).
     *
     * Host and site entries cost one lookup each, however many there are; patterns and
     * prefixes are tried in order. A URL is normalized once.
     *
     * Example:
     *   $scope = new CrawlScope(['site:example.co.uk'], ['pattern:https://*.example.co.uk/private/*']);
     *   $scope->contains('https://shop.example.co.uk/a') → true
     *   $scope->why('https://www.example.co.uk/private/x')
     *       → 'excluded by pattern:https://*.example.co.uk/private/* (exclude 1)'
     */
    final class CrawlScope
    {
        /**
         * A scope of include and exclude entries (see the class). An empty include list
         * includes nothing.
         *
         * Example: new CrawlScope(['site:example.com',
         *              ['pattern' => '/docs/*', 'baseUrl' => 'https://docs.example.org']])
         *   ->contains('https://www.example.com/a') → true, ('https://docs.example.org/docs/x') → true,
         *   ('https://docs.example.org/blog') → false
         *
         * @param list<string|array<string, mixed>|UrlPattern> $include
         * @param list<string|array<string, mixed>|UrlPattern> $exclude
         * @throws \InvalidArgumentException for an entry that cannot be read, naming it
         */
        public function __construct(array $include, array $exclude = [])
        {
        }

        /**
         * The scope a sitemap may speak for: 'strict' is the sitemaps.org rule (the sitemap's
         * scheme, host and port, and paths under its folder); 'host' every URL of its host;
         * 'site' every host of its registrable domain.
         *
         * Example: CrawlScope::forSitemap('https://example.com/catalog/sitemap.xml')
         *          ->contains('https://example.com/catalog/item-1') → true, ('https://example.com/about') → false
         * Example: CrawlScope::forSitemap('https://example.com/sitemap.xml', 'site')
         *          ->contains('https://www.example.com/') → true
         *
         * @param string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $sitemapUrl the sitemap's URL, read as
         *     normalize() reads a URL (a string, or an object that gives it)
         * @param 'strict'|'host'|'site' $mode
         * @throws InvalidUrlException when $sitemapUrl is not a URL
         * @throws \InvalidArgumentException for another mode, or a URL without a host
         * @see https://www.sitemaps.org/protocol.html#location
         */
        public static function forSitemap(
            #[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $sitemapUrl,
            string $mode = 'strict'
        ): \UrlNormalize\CrawlScope {
        }

        /**
         * Whether $url is in scope. A string that is not a URL is not.
         *
         * Example: new CrawlScope(['host:example.com'])->contains('https://example.com/a') → true
         *
         * @param string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url a string, or an object that gives it
         *     as normalize() takes one (a Stringable, a Uri\WhatWg\Url, a Uri\Rfc3986\Uri)
         */
        public function contains(#[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url): bool
        {
        }

        /**
         * Why $url is in scope or not, for logs: which entry decided, with its position.
         *
         * Example: why('https://example.com/a') → 'included by site:example.com (include 1)'
         * Example: why('https://example.org/') → 'not included: no include entry matches'
         * Example: why('https://exa mple.com/') → 'not a URL: Cannot normalize `https://exa mple.com/`: ...'
         */
        public function why(#[\SensitiveParameter] string|\Stringable|\Uri\WhatWg\Url|\Uri\Rfc3986\Uri $url): string
        {
        }
    }
}
