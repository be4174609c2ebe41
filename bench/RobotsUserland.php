<?php

declare(strict_types=1);

namespace UrlNormalize\Bench;

/**
 * The userland way to answer robots.txt in PHP, as crawlers written in PHP do it: the file
 * split into lines, the rules of the crawler's groups (or `*`) compiled into one PCRE each
 * (`*` to `.*`, a final `$` kept), and at match time every rule tried against the URL's path
 * and query, the longest matching rule winning, Allow winning a tie. No percent-encoding is
 * compared (the path is taken as given): a baseline for speed, not for correctness.
 */
final class RobotsUserland
{
    /** @var list<array{bool, int, string}> allow, length, regex */
    private array $rules = [];

    public function __construct(string $body, string $agent)
    {
        $agent = strtolower($agent);
        /** @var array<string, list<array{bool, int, string}>> $byAgent */
        $byAgent = [];
        $agents = [];
        $inRules = false;
        foreach (preg_split('/\r\n|\r|\n/', $body) ?: [] as $line) {
            $line = trim((string) preg_replace('/#.*/', '', $line));
            if (!preg_match('/^([A-Za-z-]+)\s*:\s*(.*)$/', $line, $m)) {
                continue;
            }
            $key = strtolower($m[1]);
            $value = $m[2];
            if ($key === 'user-agent') {
                if ($inRules) {
                    $agents = [];
                    $inRules = false;
                }
                $agents[] = $value === '*' ? '*' : strtolower((string) preg_replace('/[^A-Za-z_-].*$/', '', $value));
            } elseif (($key === 'allow' || $key === 'disallow') && $agents !== [] && $value !== '') {
                $inRules = true;
                $anchored = str_ends_with($value, '$');
                $pattern = $anchored ? substr($value, 0, -1) : $value;
                $regex = '~^' . str_replace('\*', '.*', preg_quote($pattern, '~')) . ($anchored ? '$' : '') . '~';
                foreach ($agents as $name) {
                    $byAgent[$name][] = [$key === 'allow', strlen($value), $regex];
                }
            }
        }
        $this->rules = $byAgent[$agent] ?? $byAgent['*'] ?? [];
    }

    public function isAllowed(string $url): bool
    {
        $parts = parse_url($url);
        $path = ($parts['path'] ?? '/') . (isset($parts['query']) ? '?' . $parts['query'] : '');
        $best = -1;
        $allowed = true;
        foreach ($this->rules as [$allow, $length, $regex]) {
            if ($length >= $best && preg_match($regex, $path) === 1) {
                if ($length > $best || $allow) {
                    $allowed = $allow;
                }
                $best = $length;
            }
        }
        return $allowed;
    }
}
