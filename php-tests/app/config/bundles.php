<?php

declare(strict_types=1);

// The crawler app's bundles: FrameworkBundle (the kernel, the console, HttpClient) and the
// url_normalize bundle, configured in config/packages/url_normalize.yaml.

return [
    Symfony\Bundle\FrameworkBundle\FrameworkBundle::class => ['all' => true],
    UrlNormalize\Bundle\UrlNormalizeBundle::class => ['all' => true],
];
