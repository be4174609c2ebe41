<?php

declare(strict_types=1);

namespace UrlNormalize\Laravel;

/**
 * The url-normalize config holds something the package cannot use: an option the extension
 * refuses (getPrevious() is its UrlNormalize\InvalidOptionException), a normalizer that is no
 * array, a logger that is neither a boolean nor a channel name. The message names the config key.
 */
final class InvalidConfigurationException extends \InvalidArgumentException
{
}
