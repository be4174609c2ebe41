<?php

declare(strict_types=1);

// The messages of the normalizable_url rule (UrlNormalize\Laravel\Rules\NormalizableUrl).
// :attribute is the field's name; :reason, the extension's own reason (in English, which these
// messages leave out: it is for logs and for messages of your own).

return [
    'normalizable_url' => 'The :attribute field must be a valid URL.',
    'registrable_domain' => 'The :attribute field must be a URL with a registered domain name.',
];
