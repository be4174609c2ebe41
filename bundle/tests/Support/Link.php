<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Tests\Support;

use UrlNormalize\Bundle\Validator\NormalizableUrl;

/**
 * An object validated through attributes, as a Symfony user declares constraints.
 */
final class Link
{
    /**
     * The two URLs to validate.
     */
    public function __construct(
        #[NormalizableUrl]
        public mixed $url = null,
        #[NormalizableUrl(normalizer: 'strict_api', requireRegistrableDomain: true)]
        public mixed $apiUrl = null,
    ) {
    }
}
