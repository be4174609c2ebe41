<?php

declare(strict_types=1);

namespace UrlNormalize\Bundle;

/**
 * Text made safe to print on a terminal or in a message, in the form the extension's own
 * messages use: NUL as `\0`, tab, line feed and carriage return as `\t`, `\n` and `\r`, every
 * other control character (C0, DEL and C1, U+0080 to U+009F) as `\u{1b}`, and each byte that
 * is not part of valid UTF-8 as `\x9B`. Everything else is kept as it is.
 *
 * @internal
 */
final class Printable
{
    /**
     * One or more characters of valid UTF-8 (no overlong form, no surrogate, at most U+10FFFF)
     * at the offset, possessive: nothing to backtrack into.
     */
    private const UTF8_RUN = '/\G(?:[\x00-\x7F]|[\xC2-\xDF][\x80-\xBF]|\xE0[\xA0-\xBF][\x80-\xBF]'
        . '|[\xE1-\xEC\xEE\xEF][\x80-\xBF]{2}|\xED[\x80-\x9F][\x80-\xBF]|\xF0[\x90-\xBF][\x80-\xBF]{2}'
        . '|[\xF1-\xF3][\x80-\xBF]{3}|\xF4[\x80-\x8F][\x80-\xBF]{2})++/';

    /** A control character in UTF-8: C0, DEL, or C1 (U+0080 to U+009F, encoded \xC2\x80 to \xC2\x9F). */
    private const CONTROL = '/[\x00-\x1F\x7F]|\xC2[\x80-\x9F]/';

    private const NAMED = ["\0" => '\0', "\t" => '\t', "\n" => '\n', "\r" => '\r'];

    /**
     * The bytes read as one subject: a match in it stays well under PCRE's match limit without
     * its JIT (as on musl builds), so a URL of megabytes is read in linear time. A character cut
     * at the end of a chunk is read whole by the next one.
     */
    private const CHUNK = 65536;

    /**
     * $text with its control characters and invalid bytes escaped.
     */
    public static function escape(string $text): string
    {
        $escaped = '';
        $offset = 0;
        $length = strlen($text);
        while ($offset < $length) {
            $chunk = substr($text, $offset, self::CHUNK);
            $end = strlen($chunk);
            $last = $offset + $end === $length;
            $at = 0;
            while ($at < $end) {
                if (preg_match(self::UTF8_RUN, $chunk, $match, 0, $at) === 1) {
                    $escaped .= self::escapeControls($match[0]);
                    $at += strlen($match[0]);
                } elseif (!$last && $end - $at < 4) {
                    break; // maybe a character the chunk cuts: the next chunk starts with it
                } else {
                    $escaped .= sprintf('\x%02X', ord($chunk[$at]));
                    $at++;
                }
            }
            $offset += $at;
        }
        return $escaped;
    }

    /**
     * Valid UTF-8 with each control character escaped.
     */
    private static function escapeControls(string $utf8): string
    {
        return (string) preg_replace_callback(
            self::CONTROL,
            // U+0080 to U+009F are \xC2 followed by the code point's own byte.
            static fn (array $match): string => self::NAMED[$match[0]]
                ?? sprintf('\u{%x}', ord($match[0][strlen($match[0]) - 1])),
            $utf8
        );
    }
}
