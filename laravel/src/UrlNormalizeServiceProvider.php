<?php

declare(strict_types=1);

namespace UrlNormalize\Laravel;

use Illuminate\Contracts\Container\Container;
use Illuminate\Contracts\Validation\Factory as ValidationFactory;
use Illuminate\Http\Client\Factory as HttpFactory;
use Illuminate\Support\ServiceProvider;
use Illuminate\Validation\Validator;
use Psr\Log\LoggerInterface;
use UrlNormalize\Laravel\Console\NormalizeUrlCommand;
use UrlNormalize\Laravel\Http\Internal\NormalizeRequestUrl;
use UrlNormalize\Laravel\Rules\NormalizableUrl;
use UrlNormalize\UrlNormalizer;
use UrlNormalize\UrlNormalizerInterface;

/**
 * The package's services, registered by package discovery (composer.json extra.laravel):
 *
 * - NormalizerManager, also `url-normalize` (the UrlNormalizers facade): the configured
 *   normalizers by name;
 * - UrlNormalizer and UrlNormalizerInterface: the `default` one, a singleton;
 * - the `normalizable_url` validation rule (and the NormalizableUrl rule object);
 * - the `url:normalize` command;
 * - with url-normalize.http_client.middleware, a middleware of the Http facade's client that
 *   normalizes each request's URL and refuses what the normalizer refuses.
 *
 * Registering and booting construct no normalizer, so `php artisan package:discover` runs where
 * the extension is not loaded (the Composer stage of a Docker build); a wrong option is reported
 * when its normalizer is first used.
 */
final class UrlNormalizeServiceProvider extends ServiceProvider
{
    /** The config file, its key, and the tags of `php artisan vendor:publish`. */
    public const CONFIG = 'url-normalize';
    public const CONFIG_TAG = 'url-normalize-config';
    public const LANG_TAG = 'url-normalize-lang';

    /** The string validation rule. */
    public const RULE = 'normalizable_url';

    /**
     * The container bindings and the config's defaults.
     */
    public function register(): void
    {
        $this->mergeConfigFrom(self::configFile(), self::CONFIG);

        $this->app->singleton(NormalizerManager::class, static function (Container $app): NormalizerManager {
            /** @var array<string, mixed> $config */
            $config = (array) $app->make('config')->get(self::CONFIG, []);
            $logger = $config['logger'] ?? false;
            return new NormalizerManager($config, static fn (): ?object => self::logger($app, $logger));
        });
        $this->app->alias(NormalizerManager::class, self::CONFIG);
        $this->app->singleton(
            UrlNormalizer::class,
            static fn (Container $app): UrlNormalizer => $app->make(NormalizerManager::class)->get()
        );
        $this->app->alias(UrlNormalizer::class, UrlNormalizerInterface::class);
    }

    /**
     * What can be published, the translations, the rule, the command and the Http middleware.
     */
    public function boot(): void
    {
        $this->publishes([self::configFile() => $this->app->configPath(self::CONFIG . '.php')], self::CONFIG_TAG);
        $this->loadTranslationsFrom(self::langDirectory(), self::CONFIG);
        $this->publishes(
            [self::langDirectory() => $this->app->langPath('vendor/' . self::CONFIG)],
            self::LANG_TAG
        );

        $this->callAfterResolving('validator', static function (ValidationFactory $validator): void {
            self::registerRule($validator);
        });

        if ($this->app->runningInConsole()) {
            $this->commands([NormalizeUrlCommand::class]);
        }

        $http = (array) $this->app->make('config')->get(self::CONFIG . '.http_client', []);
        if (filter_var($http['middleware'] ?? false, FILTER_VALIDATE_BOOL) && class_exists(HttpFactory::class)) {
            $app = $this->app;
            $name = isset($http['normalizer']) ? (string) $http['normalizer'] : null;
            $middleware = new NormalizeRequestUrl(
                static fn (): UrlNormalizer => $app->make(NormalizerManager::class)->get($name)
            );
            $this->callAfterResolving(
                HttpFactory::class,
                static function (HttpFactory $factory) use ($middleware): void {
                    $factory->globalMiddleware($middleware);
                }
            );
        }
    }

    /**
     * The string rule `normalizable_url[:scheme,...]` (`*`: any scheme), and its message: the
     * application's own validation.normalizable_url when it has one, else this package's.
     */
    private static function registerRule(ValidationFactory $validator): void
    {
        $validator->extend(
            self::RULE,
            static function (string $attribute, mixed $value, array $parameters): bool {
                return (new NormalizableUrl(null, self::schemes($parameters)))->reason($value) === null;
            }
        );
        $validator->replacer(
            self::RULE,
            static function (
                string $message,
                string $attribute,
                string $rule,
                array $parameters,
                Validator $validator
            ): string {
                // Laravel falls back on the key itself when no message is found.
                if ($message !== 'validation.' . self::RULE) {
                    return $message;
                }
                return (string) $validator->getTranslator()->get(NormalizableUrl::MESSAGE, [
                    'attribute' => $validator->getDisplayableAttribute($attribute),
                    'reason' => '',
                ]);
            }
        );
    }

    /**
     * The schemes the string rule's parameters name: none, http and https; `*`, any.
     *
     * @param array<int, string> $parameters
     * @return list<string>|null
     */
    private static function schemes(array $parameters): ?array
    {
        if ($parameters === []) {
            return ['http', 'https'];
        }
        if (in_array('*', $parameters, true)) {
            return null;
        }
        return array_values(array_map('trim', $parameters));
    }

    /**
     * The logger the config asks for: none (false or null), the application's (true), or a
     * channel of config/logging.php (its name).
     *
     * @throws InvalidConfigurationException for any other value
     */
    private static function logger(Container $app, mixed $logger): ?object
    {
        if (is_string($logger) && in_array(strtolower($logger), ['', 'false', 'true'], true)) {
            $logger = strtolower($logger) === 'true';
        }
        return match (true) {
            $logger === false, $logger === null => null,
            $logger === true => $app->make(LoggerInterface::class),
            is_string($logger) => $app->make('log')->channel($logger),
            default => throw new InvalidConfigurationException(sprintf(
                'The config url-normalize.logger must be false, true or the name of a log channel, %s given',
                get_debug_type($logger)
            )),
        };
    }

    /**
     * The package's config file.
     */
    private static function configFile(): string
    {
        return \dirname(__DIR__) . '/config/' . self::CONFIG . '.php';
    }

    /**
     * The package's translations.
     */
    private static function langDirectory(): string
    {
        return \dirname(__DIR__) . '/lang';
    }
}
