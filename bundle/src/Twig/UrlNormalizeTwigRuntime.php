<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Twig;

use Twig\Extension\RuntimeExtensionInterface;
use UrlNormalize\Bundle\NormalizerLocator;
use UrlNormalize\Bundle\ScopeLocator;

/**
 * What the Twig filters and the test of UrlNormalizeTwigExtension run. A null value (a missing URL) gives
 * null, which Twig prints as nothing, rather than a TypeError from the template.
 *
 * Errors are the normalizer's: a lenient normalizer returns an invalid URL as given and logs a
 * warning; a strict one throws InvalidUrlException, which Twig reports with the template's
 * name and line. An unknown normalizer name throws \InvalidArgumentException listing the names.
 */
final class UrlNormalizeTwigRuntime implements RuntimeExtensionInterface
{
    /**
     * @param NormalizerLocator $normalizers the configured normalizers, constructed on first use
     * @param ScopeLocator $scopes the configured crawl scopes, constructed on first use
     */
    public function __construct(
        private readonly NormalizerLocator $normalizers,
        private readonly ScopeLocator $scopes,
    ) {
    }

    /**
     * `url_in_scope`: whether the URL is in the named crawl scope (the only one, unnamed). A
     * null URL, or a string that is no URL, is not.
     */
    public function inScope(?string $url, ?string $scope = null): bool
    {
        return $url !== null && $this->scopes->get($scope)->contains($url);
    }

    /**
     * `url_normalize`: the URL as a browser would request it.
     */
    public function normalize(?string $url, ?string $normalizer = null): ?string
    {
        return $url === null ? null : $this->normalizers->get($normalizer)->normalize($url);
    }

    /**
     * `url_display`: the URL as a person should read it (Unicode where no spoof is possible).
     */
    public function display(?string $url, ?string $normalizer = null): ?string
    {
        return $url === null ? null : $this->normalizers->get($normalizer)->toDisplay($url);
    }

    /**
     * `url_registrable_domain`: the host's registrable domain (eTLD+1), or null when it has none.
     */
    public function registrableDomain(?string $url, ?string $normalizer = null): ?string
    {
        return $url === null ? null : $this->normalizers->get($normalizer)->registrableDomain($url);
    }
}
