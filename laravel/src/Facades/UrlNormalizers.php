<?php

declare(strict_types=1);

namespace UrlNormalize\Laravel\Facades;

use Illuminate\Support\Facades\Facade;
use UrlNormalize\Laravel\NormalizerManager;

/**
 * The configured normalizers by name (NormalizerManager).
 *
 *     UrlNormalizers::get('crawler')->normalize($url);
 *
 * @method static \UrlNormalize\UrlNormalizer get(?string $name = null)
 * @method static \UrlNormalize\UrlNormalizer normalizer(?string $name = null)
 * @method static bool has(string $name)
 * @method static list<string> names()
 *
 * @see NormalizerManager
 */
final class UrlNormalizers extends Facade
{
    /**
     * The container binding behind the facade.
     */
    protected static function getFacadeAccessor(): string
    {
        return NormalizerManager::class;
    }
}
