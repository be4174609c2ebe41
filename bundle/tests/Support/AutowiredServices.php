<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle\Tests\Support;

use Symfony\Component\DependencyInjection\Attribute\Target;
use UrlNormalize\Bundle\NormalizerLocator;
use UrlNormalize\UrlNormalizer;
use UrlNormalize\UrlNormalizerInterface;

/**
 * An application service as a Symfony user writes one: every argument autowired, by type or by
 * type and name.
 */
final class AutowiredServices
{
    /**
     * Each argument as the container autowires it: the names choose the normalizer.
     */
    public function __construct(
        public readonly UrlNormalizer $urlNormalizer,
        #[Target('strictApiNormalizer')]
        public readonly UrlNormalizer $strictApiNormalizer,
        #[Target('defaultNormalizer')]
        public readonly UrlNormalizer $defaultNormalizer,
        public readonly NormalizerLocator $normalizers,
        public readonly UrlNormalizerInterface $byInterface,
        #[Target('strictApiNormalizer')]
        public readonly UrlNormalizerInterface $strictApiByInterface,
    ) {
    }
}
