//! The built-in lists: URL::Normalize's directory indexes and the tracking parameters a
//! crawler drops.

/// URL::Normalize's default directory indexes (regular expressions, matched
/// case-insensitively against the whole last path segment).
pub const DEFAULT_DIRECTORY_INDEXES: &[&str] = &[
    r"default\.aspx?",
    r"default\.html\.aspx?",
    r"default\.s?html?",
    r"home\.s?html?",
    r"index\.cgi",
    r"index\.html\.aspx?",
    r"index\.html\.php",
    r"index\.jsp",
    r"index\.php\d?",
    r"index\.pl",
    r"index\.s?html?",
    r"welcome\.s?html?",
];

/// Query parameters that only track a visit (globs, case-insensitive): analytics campaign
/// tags and the click ids of ad and social networks.
pub const DEFAULT_TRACKING_PARAMETERS: &[&str] = &[
    "utm_*",
    "fbclid",
    "gclid",
    "gclsrc",
    "dclid",
    "gbraid",
    "wbraid",
    "msclkid",
    "mc_cid",
    "mc_eid",
    "_ga",
    "_gl",
    "yclid",
    "igshid",
    "twclid",
    "ttclid",
    "li_fat_id",
    "mkt_tok",
    "_hsenc",
    "_hsmi",
    "__hstc",
    "__hssc",
    "__hsfp",
    "hsctatracking",
    "vero_id",
    "vero_conv",
    "oly_anon_id",
    "oly_enc_id",
    "rb_clickid",
    "s_cid",
    "srsltid",
    "wickedid",
    "_openstat",
];
