//! The IDN display policy: may a host label be shown to a person in Unicode, or must it stay
//! in punycode because it could pass for another name?
//!
//! The rules follow Chromium's `IDNSpoofChecker::SafeToDisplayAsUnicode`
//! (components/url_formatter/spoof_checks/idn_spoof_checker.cc), each [`Rule`] named after
//! the check it implements. Where Chromium uses ICU's spoof checker, this module uses the
//! `unicode-security` crate (UTS #39: identifier status, restriction level, confusable
//! skeletons) and `unicode-script`; the few lists below are Chromium's own data, which no
//! crate carries. Unlike Chromium, there is no list of top domains to compare skeletons
//! with; instead a label whose confusable skeleton is plain ASCII (it reads as a Latin name)
//! is kept in punycode, unless the top-level domain is one where its script is at home.
//! <https://chromium.googlesource.com/chromium/src/+/main/docs/idn.md>
//! <https://www.unicode.org/reports/tr39/>

use regex::Regex;
use std::sync::OnceLock;
use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;
use unicode_script::{Script, UnicodeScript};
use unicode_security::mixed_script::AugmentedScriptSet;
use unicode_security::{skeleton, GeneralSecurityProfile};

/// Why a label stays in punycode: the check it failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rule {
    /// A character outside UTS #39's Identifier_Status=Allowed, or one Chromium removes from
    /// that set (dashes, quote-like letters, rare Latin, Greek and Cyrillic blocks).
    DisallowedCharacter,
    /// Scripts mixed beyond UTS #39 "highly restrictive": Latin may join one CJK writing
    /// system (Han with Bopomofo, Japanese, Korean), nothing else mixes.
    MixedScripts,
    /// The same nonspacing mark twice in one combining sequence (ICU's INVISIBLE check).
    InvisibleMark,
    /// Digits from more than one decimal system (ICU's MIXED_NUMBERS check).
    MixedNumbers,
    /// A dot above over a letter that already has a dot, such as `i` + U+0307 (ICU's
    /// HIDDEN_OVERLAY check).
    HiddenOverlay,
    /// þ and ð outside .is and .fo, ə outside .az (Chromium's per-TLD letters).
    TldSpecificCharacter,
    /// A middle dot `·` anywhere but between two `l` under .cat.
    UnsafeMiddleDot,
    /// Only digits and characters that look like digits (`1շ`, `੨0`).
    DigitLookalike,
    /// The whole label looks like a Latin (ASCII) name, and the top-level domain is not one
    /// where the label's script is at home (`ѕсоре.com`, but `ѕсоре.ru` is shown).
    WholeScriptConfusable,
    /// A Latin letter other than `a`–`z` in a label that also uses a script other than Latin,
    /// Greek or Cyrillic (`café카페`).
    NonAsciiLatinMixedWithNonLatin,
    /// One of Chromium's dangerous patterns: kana or CJK ideographs that look like Latin
    /// letters, slashes or dashes next to non-CJK text, combining marks after unrelated
    /// letters, voiced sound marks.
    DangerousPattern,
}

/// The top-level domain a label sits under: decides the per-TLD rules.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TopLevelDomain<'a> {
    /// ASCII, lowercase, without a trailing dot (`com`, `xn--p1ai`).
    pub(crate) ascii: &'a str,
    /// Its Unicode form (`рф`), or the ASCII form when it is not an IDN.
    pub(crate) unicode: &'a str,
}

/// Checks a label, given in Unicode (as ToUnicode produced it), for every [`Rule`] in
/// Chromium's order; the first rule it breaks is the reason it stays in punycode.
pub(crate) fn check_label(label: &str, tld: TopLevelDomain<'_>) -> Result<(), Rule> {
    if label.is_ascii() {
        return Ok(());
    }
    if !label.chars().all(is_allowed_character) {
        return Err(Rule::DisallowedCharacter);
    }
    let single_script = match restriction_level(label) {
        Some(level) => level == Level::SingleScript,
        None => return Err(Rule::MixedScripts),
    };
    if has_repeated_nonspacing_mark(label) {
        return Err(Rule::InvisibleMark);
    }
    if has_mixed_numbers(label) {
        return Err(Rule::MixedNumbers);
    }
    if has_hidden_overlay(label) {
        return Err(Rule::HiddenOverlay);
    }
    if has_tld_specific_character(label, tld.ascii) {
        return Err(Rule::TldSpecificCharacter);
    }
    if has_unsafe_middle_dot(label, tld.ascii) {
        return Err(Rule::UnsafeMiddleDot);
    }
    if is_digit_lookalike(label) {
        return Err(Rule::DigitLookalike);
    }
    if is_whole_script_confusable(label, tld) {
        return Err(Rule::WholeScriptConfusable);
    }
    // Chromium's shortcut: one script, and none of the characters the patterns are about.
    if single_script && !label.chars().any(is_kana_or_diacritic_exception) {
        return Ok(());
    }
    if mixes_non_ascii_latin_with_non_latin(label) {
        return Err(Rule::NonAsciiLatinMixedWithNonLatin);
    }
    if dangerous_pattern().is_match(label) {
        return Err(Rule::DangerousPattern);
    }
    Ok(())
}

/// The UTS #39 restriction levels a label may have to be shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Level {
    /// One script, counting Han with Bopomofo, Japanese and Korean as one each.
    SingleScript,
    /// Latin with one of those three CJK writing systems.
    HighlyRestrictive,
}

/// UTS #39 restriction level detection for a label of allowed characters: `None` when it
/// is less restrictive than "highly restrictive". (`unicode-security`'s own detection also
/// tests its Identifier_Status, which [`is_allowed_character`] has already decided.)
/// <https://www.unicode.org/reports/tr39/#Restriction_Level_Detection>
fn restriction_level(label: &str) -> Option<Level> {
    let mut all = AugmentedScriptSet::default();
    let mut without_latin = AugmentedScriptSet::default();
    for c in label.chars() {
        let set = AugmentedScriptSet::for_char(c);
        all.intersect_with(set);
        if !set.base.contains_script(Script::Latin) {
            without_latin.intersect_with(set);
        }
    }
    if !all.is_empty() {
        Some(Level::SingleScript)
    } else if without_latin.hanb || without_latin.jpan || without_latin.kore {
        Some(Level::HighlyRestrictive)
    } else {
        None
    }
}

/// Chromium's `kana_letters_exceptions_` and `combining_diacritics_exceptions_`: a
/// single-script label with one of these still goes through the dangerous patterns.
fn is_kana_or_diacritic_exception(c: char) -> bool {
    matches!(
        c,
        '\u{3078}'..='\u{307A}'
            | '\u{30D8}'..='\u{30DA}'
            | '\u{30FB}'..='\u{30FE}'
            | '\u{0300}'..='\u{0339}'
    )
}

/// Bopomofo and its extension: the UTS #39 data of unicode-security marks them Limited_Use, but
/// "highly restrictive" names Han with Bopomofo as one writing system, and Chromium (on
/// ICU's recommended set) shows them: `注音ㄅㄆㄇㄈ.tw`.
const BOPOMOFO: [(char, char); 2] = [('\u{3105}', '\u{312F}'), ('\u{31A0}', '\u{31BF}')];

/// Characters Chromium removes from the allowed identifier set (`SetAllowedUnicodeSet`):
/// look-alikes of `/`, `-`, `'` and `"`, NV8 characters, Latin kra, characters some system
/// fonts render blank, and rarely used Latin, Greek and Cyrillic extension blocks.
const REMOVED_FROM_ALLOWED: &[(char, char)] = &[
    ('\u{0138}', '\u{0138}'), // ĸ latin kra
    ('\u{01CD}', '\u{01DC}'), // Latin Extended-B: Pinyin
    ('\u{02BB}', '\u{02BC}'), // ʻ ʼ quote-like modifier letters
    ('\u{02EC}', '\u{02EC}'), // modifier letter voicing
    ('\u{0338}', '\u{0338}'), // combining long solidus overlay: looks like a slash
    ('\u{058A}', '\u{058A}'), // Armenian hyphen (NV8)
    ('\u{0620}', '\u{0620}'), // Arabic kashmiri yeh: blank in some system fonts
    ('\u{0F8C}', '\u{0F8F}'), // Tibetan transliteration signs: blank in some system fonts
    ('\u{1C80}', '\u{1C8F}'), // Cyrillic Extended-C
    ('\u{1E00}', '\u{1E9B}'), // Latin Extended Additional
    ('\u{1F00}', '\u{1FFF}'), // Greek Extended
    ('\u{2010}', '\u{2010}'), // hyphen
    ('\u{2019}', '\u{2019}'), // right single quotation mark
    ('\u{2027}', '\u{2027}'), // hyphenation point
    ('\u{30A0}', '\u{30A0}'), // Katakana-Hiragana double hyphen
    ('\u{A640}', '\u{A69F}'), // Cyrillic Extended-B
    ('\u{A720}', '\u{A7FF}'), // Latin Extended-D
];

/// UTS #39 Identifier_Status=Allowed (Recommended and Inclusion), less Chromium's removals.
fn is_allowed_character(c: char) -> bool {
    let bopomofo = BOPOMOFO
        .iter()
        .any(|(first, last)| (*first..=*last).contains(&c));
    (c.identifier_allowed() || bopomofo)
        && !REMOVED_FROM_ALLOWED
            .iter()
            .any(|(first, last)| (*first..=*last).contains(&c))
}

/// ICU's INVISIBLE check: in the NFD form, the same nonspacing mark twice within one run of
/// marks, which renders as one mark (`á́`, `รี่่`).
fn has_repeated_nonspacing_mark(label: &str) -> bool {
    let mut marks: Vec<char> = Vec::new();
    for c in label.nfd() {
        if !is_combining_mark(c) {
            marks.clear();
        } else if marks.contains(&c) {
            return true;
        } else {
            marks.push(c);
        }
    }
    false
}

/// ICU's MIXED_NUMBERS check: the digits do not all come from one decimal system. Every
/// decimal system is a run of ten code points from its zero, so a digit's system is found
/// by walking back over numeric characters.
fn has_mixed_numbers(label: &str) -> bool {
    let mut zero = None;
    for c in label.chars().filter(|c| c.is_numeric()) {
        let this_zero = decimal_zero(c);
        if zero.is_some_and(|z| z != this_zero) {
            return true;
        }
        zero = Some(this_zero);
    }
    false
}

fn decimal_zero(digit: char) -> u32 {
    let code = digit as u32;
    let mut start = code;
    while start > 0 && code - start < 9 {
        match char::from_u32(start - 1) {
            Some(previous) if previous.is_numeric() => start -= 1,
            _ => break,
        }
    }
    start
}

/// ICU's HIDDEN_OVERLAY check: U+0307 (dot above) after a letter whose dot it would hide:
/// `i`, `j`, `l`, dotless `ı` and `ȷ`, or a letter that is confusable with one of them.
fn has_hidden_overlay(label: &str) -> bool {
    let mut after_dotted_letter = false;
    for c in label.nfd() {
        if after_dotted_letter && c == '\u{0307}' {
            return true;
        }
        let class = unicode_normalization::char::canonical_combining_class(c);
        if class == 0 || class == 230 {
            after_dotted_letter = is_dotted_letter(c);
        }
    }
    false
}

fn is_dotted_letter(c: char) -> bool {
    const DOTTED: &[char] = &['i', 'j', 'l', '\u{0131}', '\u{0237}'];
    let mut buffer = [0u8; 4];
    DOTTED.contains(&c)
        || skeleton(c.encode_utf8(&mut buffer))
            .last()
            .is_some_and(|last| DOTTED.contains(&last))
}

/// Chromium's per-TLD letters: þ and ð (which pass for b, p and o) belong to Icelandic and
/// Faroese, ə (which passes for e) to Azerbaijani.
const TLD_SPECIFIC_LETTERS: &[(&[char], &[&str])] =
    &[(&['þ', 'ð'], &["is", "fo"]), (&['ə'], &["az"])];

/// Whether `c` is a per-TLD letter, and `tld` not one of its TLDs.
fn is_foreign_tld_letter(c: char, tld: &str) -> bool {
    TLD_SPECIFIC_LETTERS
        .iter()
        .any(|(letters, tlds)| letters.contains(&c) && !tlds.contains(&tld))
}

/// Whether `c` is a per-TLD letter at home under `tld`: there it is a letter, not a look-alike.
fn is_native_tld_letter(c: char, tld: &str) -> bool {
    TLD_SPECIFIC_LETTERS
        .iter()
        .any(|(letters, tlds)| letters.contains(&c) && tlds.contains(&tld))
}

fn has_tld_specific_character(label: &str, tld: &str) -> bool {
    label.chars().count() > 1 && label.chars().any(|c| is_foreign_tld_letter(c, tld))
}

/// Chromium's `HasUnsafeMiddleDot`: `·` is Catalan's punt volat, `l·l`, and only under .cat.
fn has_unsafe_middle_dot(label: &str, tld: &str) -> bool {
    let chars: Vec<char> = label.chars().collect();
    chars.iter().enumerate().any(|(index, c)| {
        *c == '·'
            && !(index > 0
                && chars.get(index - 1) == Some(&'l')
                && chars.get(index + 1) == Some(&'l')
                && tld == "cat")
    })
}

/// The confusable skeleton of one character (UTS #39), with Chromium's supplements for
/// letters whose Unicode prototype is not the Latin letter they pass for in common fonts.
fn prototype(c: char) -> String {
    if let Some((_, latin)) = EXTRA_CONFUSABLES
        .iter()
        .find(|(chars, _)| chars.contains(c))
    {
        return (*latin).to_owned();
    }
    let mut buffer = [0u8; 4];
    skeleton(c.encode_utf8(&mut buffer)).collect()
}

/// Chromium's `extra_confusable_mapper_` (idn_spoof_checker.cc): characters that look like a
/// Latin letter or digit in common fonts although UTS #39's confusables.txt maps them
/// elsewhere.
const EXTRA_CONFUSABLES: &[(&str, &str)] = &[
    ("æӕ", "ae"),
    ("ϼҏ", "p"), // þ too in Chromium; here the per-TLD rule decides þ
    ("ħнћңҥӈӊԋԧԩ", "h"),
    ("ĸκкқҝҟҡӄԟ", "k"),
    ("ŋпԥกח", "n"),
    ("œ", "ce"),
    ("ŧтҭԏ七丅丆丁", "t"),
    ("ƅьҍв", "b"),
    ("ωшщฟຟ", "w"),
    ("мӎ", "m"),
    ("єҽҿၔ", "e"),
    ("ґ", "r"),
    ("ю", "io"),
    ("ғӻ", "f"),
    ("ҫင", "c"),
    ("ұ丫", "y"),
    ("χҳӽӿ乂", "x"),
    ("ԃძ", "d"),
    ("ԍဌ", "g"),
    ("ടรຣຮ", "s"),
    ("၂", "j"),
    ("०০੦૦ଠ୦೦", "o"),
    ("৭੧૧", "q"),
    ("บບ", "u"),
    ("θ", "0"),
    ("२২੨૨๓", "2"),
    ("зҙӡउওਤ੩૩౩ဒვპ", "3"),
    ("੫丩ㄐ", "4"),
    ("ճ", "6"),
    ("৪੪୫", "8"),
    ("૭୨౨", "9"),
];

/// Chromium's `digit_lookalikes_`: letters and digits of other systems that pass for an
/// ASCII digit.
const DIGIT_LOOKALIKES: &str = "θ२২੨૨೩೭շзҙӡउওਤ੩૩౩ဒვპ੫丩ㄐճ৪੪୫૭୨౨კੜ";

/// The letters of Chromium's `kWholeScriptConfusables` that pass for Latin letters in their
/// script, where UTS #39's confusables map them elsewhere.
const LATIN_LOOKALIKE_LETTERS: &str = concat!(
    "ሀሃሠሰቀቢቶተቱኀነከኮዐዕፐ", // Ethiopic
    "דוחיןסט",          // Hebrew
    "ခဂငထပဝ၀၂၃၆၈၉",     // Myanmar
    "ทนบพรหเแ๐ดลปฟม",   // Thai
    "ພຣບຟຮ໐",           // Lao
    "ऽ०ॱ",              // Devanagari
    "ડટ૦૧",             // Gujarati
    "ಽ೦೧",              // Kannada
    "ടഠധ൦",             // Malayalam
    "ଠ୦୮",              // Oriya
    "டப௦",              // Tamil
    "౦౧",               // Telugu
    "ටඩ",               // Sinhala
);

/// Whether `c` reads as an ASCII character that `accepted` takes: it is one, it is one of
/// Chromium's look-alike letters or digits, or its prototype is made of such characters.
fn reads_as(c: char, accepted: impl Fn(char) -> bool + Copy) -> bool {
    accepted(c) || {
        let latin = prototype(c);
        !latin.is_empty() && latin.chars().all(accepted)
    }
}

/// Chromium's `IsDigitLookalike`: a label of ASCII digits and characters that pass for
/// digits only. Digits of another system are judged with their script instead
/// ([`Rule::WholeScriptConfusable`]), which may be at home under the TLD (`႐႑႕႖႗.mm`).
fn is_digit_lookalike(label: &str) -> bool {
    label.chars().all(|c| {
        c.is_ascii_digit()
            || DIGIT_LOOKALIKES.contains(c)
            || (!c.is_numeric() && reads_as(c, |d| d.is_ascii_digit()))
    })
}

/// UTS #39 whole-script confusable with Latin: every letter of the label has a prototype
/// made of ASCII letters and digits, so the label as a whole reads as an ASCII name. That is
/// allowed only under a top-level domain of the label's script: a ccTLD of a country that
/// writes it, or an IDN TLD in that script (Chromium's `IsWholeScriptConfusableAllowedForTLD`).
fn is_whole_script_confusable(label: &str, tld: TopLevelDomain<'_>) -> bool {
    let reads_as_latin = label.chars().all(|c| {
        let lookalike = DIGIT_LOOKALIKES.contains(c)
            || LATIN_LOOKALIKE_LETTERS.contains(c)
            || reads_as(c, |a| {
                a.is_ascii_lowercase() || a.is_ascii_digit() || a == '-'
            });
        lookalike && !is_native_tld_letter(c, tld.ascii)
    });
    if !reads_as_latin {
        return false;
    }
    let script = label
        .chars()
        .map(|c| c.script())
        .find(|script| !matches!(script, Script::Common | Script::Inherited));
    match script {
        None | Some(Script::Latin) => true,
        Some(script) => !script_is_at_home(script, tld),
    }
}

/// ccTLDs of the countries that write a script whose letters pass for Latin ones
/// (Chromium's `kWholeScriptConfusables` allowed TLDs).
const SCRIPT_COUNTRY_TLDS: &[(Script, &[&str])] = &[
    (Script::Armenian, &["am"]),
    (Script::Bengali, &["bd", "in"]),
    (Script::Devanagari, &["in"]),
    (Script::Gujarati, &["in"]),
    (Script::Gurmukhi, &["in"]),
    (Script::Kannada, &["in"]),
    (Script::Malayalam, &["in"]),
    (Script::Oriya, &["in"]),
    (Script::Tamil, &["in", "lk", "sg"]),
    (Script::Telugu, &["in"]),
    (
        Script::Cyrillic,
        &[
            "bg", "by", "kz", "mk", "mn", "pyc", "rs", "ru", "su", "ua", "uz",
        ],
    ),
    (Script::Ethiopic, &["er", "et"]),
    (Script::Georgian, &["ge"]),
    (Script::Greek, &["cy", "gr"]),
    (Script::Hebrew, &["il"]),
    (Script::Lao, &["la"]),
    (Script::Myanmar, &["mm"]),
    (Script::Sinhala, &["lk"]),
    (Script::Thai, &["th"]),
];

fn script_is_at_home(script: Script, tld: TopLevelDomain<'_>) -> bool {
    let in_script = tld.unicode.chars().any(|c| c.script() == script);
    let country = SCRIPT_COUNTRY_TLDS
        .iter()
        .any(|(s, tlds)| *s == script && tlds.contains(&tld.ascii));
    in_script || country
}

/// Chromium: non-ASCII Latin letters may not mix with a script other than Latin, Greek or
/// Cyrillic (`café카페`), since the mixing rules already allow Latin with CJK.
fn mixes_non_ascii_latin_with_non_latin(label: &str) -> bool {
    let non_ascii_latin = label
        .chars()
        .any(|c| !c.is_ascii() && c.script() == Script::Latin);
    let lgc_or_ascii = |c: char| {
        matches!(c.script(), Script::Latin | Script::Greek | Script::Cyrillic)
            || c.is_ascii_digit()
            || matches!(c, '.' | '_' | '-' | '\u{0300}'..='\u{0339}')
    };
    non_ascii_latin && !label.chars().all(lgc_or_ascii)
}

/// Chromium's `dangerous_pattern` regular expression, alternative by alternative.
fn dangerous_pattern() -> &'static Regex {
    static PATTERN: OnceLock<Regex> = OnceLock::new();
    PATTERN.get_or_init(|| {
        const JAPANESE: &str = r"\p{scx=Kana}\p{scx=Hira}\p{scx=Hani}";
        const CJK: &str = r"\p{scx=Kana}\p{scx=Hira}\p{scx=Hani}\p{scx=Bopo}";
        // Ideographs and Bopomofo that pass for Latin letters, digits or punctuation.
        const LATIN_LIKE_CJK: &str = r"\x{4e00}\x{3127}\x{4e28}\x{4e5b}\x{4e03}\x{4e05}\x{5341}\x{3007}\x{3112}\x{311a}\x{311f}\x{3128}\x{3129}\x{3108}\x{31ba}\x{31b3}\x{5de5}\x{31b2}\x{8ba0}\x{4e01}";
        let alternatives = [
            // Katakana no, so, zo, n and ideographs that pass for slashes, between
            // non-Japanese characters.
            format!(r"[^{JAPANESE}][\x{{30ce}}\x{{30f3}}\x{{30bd}}\x{{30be}}\x{{4e36}}\x{{4e40}}\x{{4e41}}\x{{4e3f}}][^{JAPANESE}]"),
            // Hiragana he, be, pe among Katakana, and Katakana he, be, pe among Hiragana.
            r"^\p{scx=Kana}+[\x{3078}-\x{307a}]\p{scx=Kana}+$".to_owned(),
            r"^\p{scx=Hira}+[\x{30d8}-\x{30da}]\p{scx=Hira}+$".to_owned(),
            // Katakana iteration marks not after Katakana.
            r"[^\p{scx=Kana}][\x{30fd}\x{30fe}]|^[\x{30fd}\x{30fe}]".to_owned(),
            // The prolonged sound mark out of kana context; the middle dot next to Latin.
            r"^\x{30fc}|[^\p{scx=Kana}\p{scx=Hira}]\x{30fc}".to_owned(),
            r"[a-z]\x{30fb}|\x{30fb}[a-z]".to_owned(),
            // Latin-like ideographs next to non-CJK characters, on either side.
            format!(r"[^{CJK}][{LATIN_LIKE_CJK}]|[{LATIN_LIKE_CJK}][^{CJK}]"),
            // Combining diacritics after a letter that is not Latin, Greek or Cyrillic.
            r"[^\p{scx=Latn}\p{scx=Grek}\p{scx=Cyrl}][\x{0300}-\x{0339}]".to_owned(),
            // Dotless i followed by a combining mark; i, j, l with a dot above.
            r"\x{0131}[\x{0300}-\x{0339}]|[ijl]\x{0307}".to_owned(),
            // Combining kana voiced sound marks.
            r"\x{3099}|\x{309a}".to_owned(),
        ];
        // The alternatives are constant: a failure here is a bug caught by every test.
        Regex::new(&alternatives.join("|")).expect("the dangerous pattern compiles")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(label: &str, tld: &str) -> Result<(), Rule> {
        check_label(
            label,
            TopLevelDomain {
                ascii: tld,
                unicode: tld,
            },
        )
    }

    #[test]
    fn each_rule_keeps_its_spoof_in_punycode() {
        for (label, tld, rule) in [
            ("ab♥", "com", Rule::DisallowedCharacter),
            ("abc‐def", "com", Rule::DisallowedCharacter),
            ("paypαl", "com", Rule::MixedScripts),
            ("a\u{301}\u{301}", "com", Rule::InvisibleMark),
            ("ب\u{661}\u{6F1}", "eg", Rule::MixedNumbers),
            ("pi\u{307}xel", "com", Rule::HiddenOverlay),
            ("aþcdef", "com", Rule::TldSpecificCharacter),
            ("l·l", "com", Rule::UnsafeMiddleDot),
            ("1շ", "com", Rule::DigitLookalike),
            ("ѕсоре", "com", Rule::WholeScriptConfusable),
            ("ικα", "com", Rule::WholeScriptConfusable),
            ("café카페", "kr", Rule::NonAsciiLatinMixedWithNonLatin),
            ("ip一address", "com", Rule::DangerousPattern),
            ("abcーdef", "jp", Rule::DangerousPattern),
        ] {
            assert_eq!(check(label, tld), Err(rule), "{label}.{tld}");
        }
    }

    #[test]
    fn ordinary_names_are_shown() {
        for (label, tld) in [
            ("bücher", "de"),
            ("나나커피로스터스", "com"),
            ("コーヒー", "jp"),
            ("eコマース", "jp"),
            ("注音ㄅㄆㄇㄈ", "tw"),
            ("ѕсоре", "ru"),
            ("ικα", "gr"),
            ("aþcdef", "is"),
            ("l·l", "cat"),
            ("हिन्दी-123", "in"),
            ("一123", "com"),
            ("example", "com"),
        ] {
            assert_eq!(check(label, tld), Ok(()), "{label}.{tld}");
        }
    }

    #[test]
    fn a_script_is_at_home_under_an_idn_tld_in_that_script() {
        let tld = TopLevelDomain {
            ascii: "xn--p1ai",
            unicode: "рф",
        };
        assert_eq!(check_label("ѕсоре", tld), Ok(()));
    }
}
